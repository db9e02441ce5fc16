import { type DefinitionIssue, DefinitionIssueSchema } from '@der/contracts';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  List,
  ListItem,
  ListItemText,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError.ts';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { FileUploadButton } from '../../../shared/ui/FileUploadButton.tsx';
import { AdminPage } from '../shared/AdminPage.tsx';
import { useNotify } from '../shared/useNotify.ts';
import { useDefinitions, useExportDefinition, useImportDefinition } from './definitionQueries.ts';
import { PrintLayoutEditorDialog } from './PrintLayoutEditorDialog.tsx';
import { ReferenceTableEditorDialog } from './ReferenceTableEditorDialog.tsx';

/** The `{ path, message }` problems of a refused file (400 DEFINITION_INVALID), or none. */
function issuesOf(error: unknown): DefinitionIssue[] {
  if (!(error instanceof ApiError) || error.code !== 'DEFINITION_INVALID') return [];
  const details = (error.body as { details?: unknown } | undefined)?.details;
  const parsed = DefinitionIssueSchema.array().safeParse(details);
  return parsed.success ? parsed.data : [];
}

interface Refusal {
  fileName: string;
  message: string;
  issues: DefinitionIssue[];
}

/** The refusal of an upload: the message, and for an invalid file every problem with its path. */
function RefusalAlert({ refusal, onClose }: { refusal: Refusal; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert severity="error" sx={{ mb: 2 }} onClose={onClose} data-testid="definition-refusal">
      <AlertTitle>{t('admin.definitions.refused', { fileName: refusal.fileName })}</AlertTitle>
      {refusal.message}
      {refusal.issues.length > 0 && (
        <List dense aria-label={t('admin.definitions.problems')} sx={{ maxHeight: 320, overflow: 'auto' }}>
          {refusal.issues.map((issue) => (
            // The server lists each problem once: path and message together identify it.
            <ListItem key={`${issue.path}\u0000${issue.message}`} disableGutters>
              <ListItemText
                primary={issue.message}
                secondary={issue.path || t('admin.definitions.wholeDocument')}
                slotProps={{ secondary: { component: 'code' } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Alert>
  );
}

/**
 * "Definições de aplicações" (/administration/definitions): the installed application definitions, upload of
 * a definition file (refusals list every problem with its path), export of the current document, and the
 * editors of its print layouts and reference tables.
 */
export function DefinitionsPage() {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const query = useDefinitions();
  const upload = useImportDefinition(t('admin.definitions.tooLarge'), {
    onMutate: () => setRefusal(null),
    onSuccess: (result) =>
      notify.success(
        t(result.created ? 'admin.definitions.installed' : 'admin.definitions.updated', {
          key: result.key,
          version: result.version,
        }),
      ),
    onError: (error, file) =>
      setRefusal({ fileName: file.name, message: getErrorMessage(error), issues: issuesOf(error) }),
  });
  const exportFile = useExportDefinition({ onError: notify.error });
  const [editing, setEditing] = useState<string | null>(null);
  const [editingTables, setEditingTables] = useState<string | null>(null);
  const rows = query.data ?? [];
  const title = t('admin.definitions.title');
  return (
    <AdminPage
      title={title}
      busy={query.isFetching || upload.isPending || exportFile.isPending}
      error={query.error}
      onRetry={() => void query.refetch()}
      actions={
        <FileUploadButton
          variant="contained"
          accept="application/json,.json"
          disabled={upload.isPending}
          onFile={(file) => upload.mutate(file)}
        >
          {t('admin.definitions.upload')}
        </FileUploadButton>
      }
    >
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('admin.definitions.help')}
      </Alert>
      {refusal && <RefusalAlert refusal={refusal} onClose={() => setRefusal(null)} />}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{t('admin.definitions.name')}</TableCell>
              <TableCell>{t('admin.definitions.key')}</TableCell>
              <TableCell align="right">{t('admin.definitions.version')}</TableCell>
              <TableCell align="right">{t('admin.definitions.components')}</TableCell>
              <TableCell>{t('admin.definitions.importedAt')}</TableCell>
              <TableCell>{t('admin.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={6} align="center">
                  {query.isLoading ? '' : t('admin.table.empty')}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => (
                <TableRow key={row.key}>
                  <TableCell>{row.name}</TableCell>
                  <TableCell>
                    <code>{row.key}</code>
                  </TableCell>
                  <TableCell align="right">{row.version}</TableCell>
                  <TableCell align="right">{row.components}</TableCell>
                  <TableCell>{new Date(row.importedAt).toLocaleString(i18n.language)}</TableCell>
                  <TableCell>
                    <Button
                      size="small"
                      aria-label={t('admin.definitions.exportOf', { name: row.name })}
                      onClick={() => exportFile.mutate(row)}
                    >
                      {t('admin.definitions.export')}
                    </Button>
                    <Button
                      size="small"
                      aria-label={t('admin.definitions.printLayoutsOf', { name: row.name })}
                      onClick={() => setEditing(row.key)}
                    >
                      {t('admin.definitions.printLayouts')}
                    </Button>
                    <Button
                      size="small"
                      aria-label={t('admin.definitions.referenceTablesOf', { name: row.name })}
                      onClick={() => setEditingTables(row.key)}
                    >
                      {t('admin.definitions.referenceTables')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </Box>
      {editing && <PrintLayoutEditorDialog definitionKey={editing} onClose={() => setEditing(null)} />}
      {editingTables && (
        <ReferenceTableEditorDialog definitionKey={editingTables} onClose={() => setEditingTables(null)} />
      )}
    </AdminPage>
  );
}
