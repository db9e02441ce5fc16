import type { UseMutationOptions } from '@tanstack/react-query';

/** What a page does when a mutation of a query hook starts, succeeds or fails (the hook says what it sends). */
export type MutationCallbacks<Data, Variables = void> = Pick<
  UseMutationOptions<Data, Error, Variables>,
  'onMutate' | 'onSuccess' | 'onError'
>;
