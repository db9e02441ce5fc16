import {
  adminSettingsRoutes,
  adminTermsRoutes,
  type PlatformSettings,
  type SecuritySettingsUpdate,
  signatureRoutes,
  type TermsVersion,
} from '@der/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../api/apiClient.ts';
import { PLATFORM_SETTINGS_QUERY_KEY } from '../../../app/usePlatformSettings.ts';
import { readFileBase64 } from '../../runtime/signatures/readFileBase64.ts';
import type { MutationCallbacks } from '../shared/mutationCallbacks.ts';
import { readFileAsDataUrl } from '../shared/readFileAsDataUrl.ts';

const SECURITY_KEY = ['admin', 'securitySettings'] as const;
const TERMS_KEY = ['admin', 'terms'] as const;
const DEPARTMENT_CERTIFICATE_KEY = ['admin', 'departmentCertificate'];

/** Saves the platform settings; every page then reads the saved ones (no restart). */
export function useSavePlatformSettings(callbacks: {
  onSuccess: () => void;
  onError: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlatformSettings) => apiCall(adminSettingsRoutes.savePlatformSettings, { body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(PLATFORM_SETTINGS_QUERY_KEY, saved);
      await queryClient.invalidateQueries({ queryKey: PLATFORM_SETTINGS_QUERY_KEY });
      callbacks.onSuccess();
    },
    onError: callbacks.onError,
  });
}

/** The security settings (the reCAPTCHA secret is only said to exist). */
export function useSecuritySettings() {
  return useQuery({
    queryKey: SECURITY_KEY,
    queryFn: ({ signal }) => apiCall(adminSettingsRoutes.getSecuritySettings, { signal }),
    retry: false,
  });
}

/** Saves the security settings; the saved ones replace the loaded ones. */
export function useSaveSecuritySettings(callbacks: {
  onSuccess: () => void;
  onError: (error: Error) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SecuritySettingsUpdate) => apiCall(adminSettingsRoutes.saveSecuritySettings, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(SECURITY_KEY, saved);
      callbacks.onSuccess();
    },
    onError: callbacks.onError,
  });
}

/** The published versions of the terms of use, with their acceptances. */
export function useTermsVersions() {
  return useQuery({
    queryKey: TERMS_KEY,
    queryFn: ({ signal }) => apiCall(adminTermsRoutes.list, { signal }),
    retry: false,
  });
}

/** Publishes a PDF as the new version of the terms; the versions reload after it. */
export function usePublishTerms(callbacks: MutationCallbacks<TermsVersion, File>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) =>
      apiCall(adminTermsRoutes.publish, {
        body: { fileName: file.name, contentBase64: await readFileAsDataUrl(file) },
      }),
    ...callbacks,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: TERMS_KEY });
      return callbacks.onSuccess?.(...args);
    },
  });
}

/** The department's A1 certificate (subject and validity), which signs the documents the workflow issues. */
export function useDepartmentCertificate() {
  return useQuery({
    queryKey: DEPARTMENT_CERTIFICATE_KEY,
    queryFn: () => apiCall(signatureRoutes.loadDepartmentCertificate, {}),
  });
}

/** Replaces the department's certificate by an uploaded A1 and its password; the answer is the one shown. */
export function useSaveDepartmentCertificate(callbacks: {
  onSuccess: () => void;
  onError: (error: Error) => void;
  onSettled: () => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, password }: { file: File; password: string }) =>
      apiCall(signatureRoutes.saveDepartmentCertificate, {
        body: { certificate: await readFileBase64(file), password },
      }),
    onSuccess: (data) => {
      queryClient.setQueryData(DEPARTMENT_CERTIFICATE_KEY, data);
      callbacks.onSuccess();
    },
    onError: callbacks.onError,
    onSettled: callbacks.onSettled,
  });
}

/** Removes the department's certificate; the answer (none) is the one shown. */
export function useRemoveDepartmentCertificate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(signatureRoutes.removeDepartmentCertificate, { body: {} }),
    onSuccess: (data) => queryClient.setQueryData(DEPARTMENT_CERTIFICATE_KEY, data),
  });
}
