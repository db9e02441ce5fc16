import {
  adminDefinitionsRoutes,
  DEFINITION_FILE_MAX_BYTES,
  type DefinitionImportResult,
  type DefinitionSummary,
  type PrintLayout,
  printLayoutRoutes,
} from '@der/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../api/apiClient.ts';
import { downloadBlob } from '../../../shared/ui/DataTable/downloadBlob.ts';
import type { MutationCallbacks } from '../shared/mutationCallbacks.ts';
import { type LayoutEntry, withEditedLayout } from './printLayoutEditing.ts';

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

/** The current document of one definition, which the print-layout and reference-table editors start from. */
export function useDefinitionDocument(definitionKey: string) {
  return useQuery({
    queryKey: ['admin', 'definition-document', definitionKey],
    queryFn: () => apiCall(adminDefinitionsRoutes.export, { query: { key: definitionKey } }),
    retry: false,
  });
}

/** A PDF of one item drawn with a print layout being edited, in the user's language. */
export function usePrintLayoutPreview(itemId: string) {
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: async (layout: PrintLayout) =>
      (await apiCall(printLayoutRoutes.previewPrintLayout, {
        body: { itemId: Number(itemId), layout, language: i18n.language === 'en' ? 'en' : 'pt-BR' },
      })) as Blob,
  });
}

/** Saves an edited print layout as a new version of the definition (through the definitions import). */
export function useSavePrintLayout(
  definitionKey: string,
  document: unknown,
  entry: LayoutEntry | undefined,
  callbacks: MutationCallbacks<DefinitionImportResult, PrintLayout>,
) {
  return useMutation({
    mutationFn: (layout: PrintLayout) =>
      apiCall(adminDefinitionsRoutes.import, {
        body: {
          fileName: `${definitionKey}.json`,
          content: JSON.stringify(withEditedLayout(document, entry!, layout)),
        },
      }),
    ...callbacks,
  });
}

/** Saves a reference table's rows as a new version of the definition; the definitions list reloads after. */
export function useSaveReferenceTable(
  definitionKey: string,
  tableKey: string | undefined,
  rows: Array<Record<string, unknown>>,
  callbacks: MutationCallbacks<unknown>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiCall(adminDefinitionsRoutes.saveReferenceTable, {
        body: { key: definitionKey, tableKey: tableKey!, rows },
      }),
    ...callbacks,
    onSuccess: async (...args) => {
      await callbacks.onSuccess?.(...args);
      void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
    },
  });
}
