import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/ApiError.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        // Retrying a 4xx answer cannot change it; network failures and 5xx get one more try.
        retry: (failureCount, error) =>
          failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}
