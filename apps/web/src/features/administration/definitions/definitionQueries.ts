import {
  adminDefinitionsRoutes,
  DEFINITION_FILE_MAX_BYTES,
  type DefinitionImportResult,
  type DefinitionSummary,
} from '@der/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../api/apiClient.ts';
import { downloadBlob } from '../../../shared/ui/DataTable/downloadBlob.ts';
import type { MutationCallbacks } from '../shared/mutationCallbacks.ts';

const QUERY_KEY = ['admin', 'definitions'] as const;

/** The installed application definitions. */
export function useDefinitions() {
  return useQuery({
    queryKey: QUERY_KEY,
    queryFn: ({ signal }) => apiCall(adminDefinitionsRoutes.list, { signal }),
    retry: false,
  });
}

/**
 * Installs or updates a definition from a file; a file over the limit is refused before it is sent (with
 * `tooLarge` as its message). The list reloads after an import.
 */
export function useImportDefinition(
  tooLarge: string,
  callbacks: MutationCallbacks<DefinitionImportResult, File>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      if (file.size > DEFINITION_FILE_MAX_BYTES) throw new Error(tooLarge);
      return apiCall(adminDefinitionsRoutes.import, {
        body: { fileName: file.name, content: await file.text() },
      });
    },
    ...callbacks,
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
      return callbacks.onSuccess?.(...args);
    },
  });
}

/** Downloads the current document of a definition (<key>-v<version>.json). */
export function useExportDefinition(callbacks: { onError: (error: Error) => void }) {
  return useMutation({
    mutationFn: async (definition: DefinitionSummary) => {
      const document = await apiCall(adminDefinitionsRoutes.export, { query: { key: definition.key } });
      const blob = new Blob([`${JSON.stringify(document, null, 2)}\n`], { type: 'application/json' });
      downloadBlob(blob, `${definition.key}-v${definition.version}.json`);
    },
    ...callbacks,
  });
}
