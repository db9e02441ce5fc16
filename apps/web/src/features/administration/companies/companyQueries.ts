import { adminCompanyRoutes, type CompanyRow, type SaveCompanyBody } from '@der/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../api/apiClient.ts';
import type { AdminListSource } from '../shared/useAdminList.ts';

/** The companies of the administration and the removal of a selection. */
export const ADMIN_COMPANIES: AdminListSource<CompanyRow> = {
  queryKey: ['admin', 'companies'],
  load: (signal) => apiCall(adminCompanyRoutes.getCompanies, { signal }),
  remove: (ids) => apiCall(adminCompanyRoutes.deleteCompanies, { body: { ids } }),
};

/** The company to edit with its users (none for id 0); never served from the cache. */
export function useCompany(companyId: number) {
  return useQuery({
    queryKey: ['admin', 'company', companyId],
    queryFn: ({ signal }) =>
      apiCall(adminCompanyRoutes.getCompany, { query: { CompanyId: companyId }, signal }),
    enabled: companyId > 0,
    gcTime: 0,
    retry: false,
  });
}

/** Saves a company; the caller says what a success and a refusal do. */
export function useSaveCompany(options: {
  onSuccess: (message: string) => void;
  onError: (error: unknown) => void;
}) {
  return useMutation({
    mutationFn: (body: SaveCompanyBody) => apiCall(adminCompanyRoutes.saveCompany, { body }),
    onSuccess: (result) => options.onSuccess(result.message),
    onError: options.onError,
  });
}
