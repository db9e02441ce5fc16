import { excelRoutes, IMPORT_MAX_BYTES, type ImportExcelResult, itemWriteRoutes } from '@der/contracts';
import AddIcon from '@mui/icons-material/Add';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import { Alert, Box, Button, CircularProgress, IconButton } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/ApiError.ts';
import { apiCall } from '../../../api/apiClient.ts';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { formatFileSize } from '../../../shared/format/formatNumber.ts';
import { DataTable } from '../../../shared/ui/DataTable/DataTable.tsx';
import type { DataTableQuery, DataTableRow } from '../../../shared/ui/DataTable/dataTableTypes.ts';
import { downloadBlob, safeFileName } from '../../../shared/ui/DataTable/downloadBlob.ts';
import { readStoredSession } from '../../session/sessionStorage.ts';
import { BulkOperationButton } from '../bulk/BulkOperationButton.tsx';
import { routeIdOf, runtimePaths } from '../runtimePaths.ts';
import { applyListView } from './applyListView.ts';
import { ImportResultDialog } from './ImportResultDialog.tsx';
import { type ListScope, listQueryBody } from './listRequest.ts';
import { toDataTableRow } from './toDataTableRow.ts';
import { newImportKey, uploadSpreadsheet } from './uploadSpreadsheet.ts';
import { useListControl } from './useListControl.ts';
import { useListRows } from './useListRows.ts';

function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}

/**
 * A component's items on the shared data table (spec §2.9 list routes): columns from getListControlData, pages
 * from executeFilter, in-grid edits through updateItemField (a 409 shows who changed the item and reloads the
 * row), bulk updates, Excel export and import, and links to the item form.
 */
export function ComponentList({
  appId,
  scope,
  form,
  title,
}: {
  appId: string;
  scope: ListScope;
  /**
   * The form the edit and new buttons open (the route's {form}). Routes without one (listProject, project)
   * pass '0': the component's default form (getListControlData) is opened then, and without one the list has
   * no edit or new buttons.
   */
  form: string;
  /** The table's accessible name and the base of downloaded file names. */
  title: string;
}) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [query, setQuery] = useState<DataTableQuery | null>(null);
  const [importResult, setImportResult] = useState<ImportExcelResult | null>(null);
  // The selected rows, for 'Ação em massa' (a bulk job over them, features/runtime/bulk).
  const [selectedIds, setSelectedIds] = useState<number[]>([]);

  const control = useListControl(scope.componentId, scope.projectId);
  const columns = useMemo(
    () => (control.data ? applyListView(control.data, scope.viewId) : []),
    [control.data, scope.viewId],
  );
  // The list as shown: its columns in the order of the route's view.
  const shownControl = useMemo(
    () => (control.data ? { ...control.data, columns } : undefined),
    [control.data, columns],
  );
  const list = useListRows(scope, shownControl, query);
  const rows = useMemo(
    () => (list.data?.rows ?? []).map((row) => toDataTableRow(row, columns, list.data?.users ?? {})),
    [list.data, columns],
  );

  const notifyError = (error: unknown) => enqueueSnackbar(getErrorMessage(error), { variant: 'error' });

  const handleCellEdit = async (row: DataTableRow, column: { name: string }, value: unknown) => {
    try {
      await apiCall(itemWriteRoutes.updateItemField, {
        body: {
          itemId: row.id,
          componentId: scope.componentId,
          field: column.name,
          value,
          version: row.version,
        },
      });
      enqueueSnackbar(t('runtime.list.updated', { name: row.label }), { variant: 'success' });
    } catch (error) {
      notifyError(error);
      if (!isConflict(error)) return;
      enqueueSnackbar(t('runtime.list.conflictReloaded'), { variant: 'info' });
    } finally {
      // The saved value and its new version, or on a conflict the values someone else saved.
      await list.reloadRow(row.id).catch(notifyError);
    }
  };

  const handleBulkUpdate = async (selected: DataTableRow[], column: { name: string }, value: unknown) => {
    try {
      await apiCall(itemWriteRoutes.bulkUpdateItems, {
        body: {
          component: scope.componentId,
          items: selected.map((row) => ({
            id: row.id,
            version: row.version,
            changes: { [column.name]: value },
          })),
        },
      });
      enqueueSnackbar(t('runtime.list.bulkUpdated', { count: selected.length }), { variant: 'success' });
    } catch (error) {
      notifyError(error);
      throw error;
    } finally {
      await list.refetch();
    }
  };

  const handleExport = async (tableQuery: DataTableQuery) => {
    if (!control.data) return;
    try {
      const blob = await apiCall(excelRoutes.exportExcel, {
        body: listQueryBody(scope, { ...control.data, columns }, tableQuery),
      });
      downloadBlob(blob as Blob, safeFileName(title, 'xlsx'));
    } catch (error) {
      notifyError(error);
    }
  };

  // Every field, so the sheet imports again; offered to who may import (external accounts may not).
  const handleExportAll = async () => {
    try {
      const blob = await apiCall(excelRoutes.exportFullListToExcel, {
        body: { componentID: scope.componentId, projectId: scope.projectId },
      });
      downloadBlob(blob as Blob, safeFileName(title, 'xlsx'));
    } catch (error) {
      notifyError(error);
    }
  };

  const handleImport = async (file: File, onProgress: (fraction: number) => void) => {
    if (file.size > IMPORT_MAX_BYTES) {
      enqueueSnackbar(
        t('runtime.import.tooLarge', {
          size: formatFileSize(IMPORT_MAX_BYTES, i18n.language === 'en' ? 'en' : 'pt-BR'),
        }),
        { variant: 'error' },
      );
      return;
    }
    // One key per chosen file: sending this file again (a retried request) cannot import it twice.
    const idempotencyKey = newImportKey();
    try {
      const result = await uploadSpreadsheet(
        { componentID: scope.componentId, projectId: scope.projectId },
        file,
        idempotencyKey,
        onProgress,
      );
      setImportResult(result);
      if (result.success) await list.refetch();
    } catch (error) {
      notifyError(error);
    }
  };

  if (control.isPending) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
        <CircularProgress aria-label={t('dataTable.loading')} />
      </Box>
    );
  }
  if (control.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void control.refetch()}>
            {t('runtime.list.retry')}
          </Button>
        }
      >
        {getErrorMessage(control.error)}
      </Alert>
    );
  }

  const { component, defaultSort, canBulkUpdate, canImport } = control.data;
  const formToOpen = routeIdOf(form) > 0 ? form : String(control.data?.defaultFormId ?? 0);
  const hasForm = routeIdOf(formToOpen) > 0;
  // Hidden columns are remembered per person and per list as the route shows it (component, project, query, view).
  const userId = readStoredSession()?.loggedUser.id ?? 'anonymous';
  const columnsStorageKey = `${userId}.runtime.${scope.componentId}.${scope.projectId ?? 0}.${scope.queryId}.${scope.viewId}`;
  const shownQuery = query && listQueryBody(scope, { ...control.data, columns }, query);
  return (
    <>
      {list.isError && (
        <Alert
          severity="error"
          sx={{ mb: 1 }}
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t('runtime.list.retry')}
            </Button>
          }
        >
          {getErrorMessage(list.error)}
        </Alert>
      )}
      <DataTable
        title={title}
        columns={columns}
        rows={rows}
        total={list.data?.total ?? 0}
        capped={list.data?.capped ?? false}
        hasNextPage={Boolean(list.data?.nextCursor)}
        loading={list.isFetching}
        initialSort={defaultSort}
        initialRowsPerPage={50}
        onQueryChange={setQuery}
        columnsStorageKey={columnsStorageKey}
        getEditHref={
          hasForm ? (row) => runtimePaths.editItem(appId, component.id, row.id, formToOpen) : undefined
        }
        renderRowActions={
          component.isProject
            ? (row) => (
                <IconButton
                  component={Link}
                  to={runtimePaths.project(appId, row.id, String(row.values.Title ?? row.label))}
                  size="small"
                  aria-label={t('runtime.list.openProject', { name: row.label })}
                >
                  <FolderOpenIcon fontSize="small" />
                </IconButton>
              )
            : undefined
        }
        onCellEdit={handleCellEdit}
        // The server's rule (getListControlData): external accounts get neither, nor the selection column.
        onBulkUpdate={canBulkUpdate ? handleBulkUpdate : undefined}
        onExport={handleExport}
        onExportAll={canImport ? handleExportAll : undefined}
        onImport={canImport ? handleImport : undefined}
        onSelectionChange={(selection) => setSelectedIds(selection.map((row) => row.id))}
        actions={
          <>
            {canBulkUpdate && (
              <BulkOperationButton
                appId={appId}
                componentId={component.id}
                targets={{
                  selectedIds,
                  filter: shownQuery
                    ? {
                        projectId: shownQuery.projectId,
                        queryId: shownQuery.queryId,
                        filters: shownQuery.filters,
                        logicSeparator: shownQuery.logicSeparator,
                      }
                    : null,
                  filterCount: `${list.data?.total ?? 0}${list.data?.capped ? '+' : ''}`,
                }}
              />
            )}
            {hasForm && (
              <Button
                component={Link}
                to={runtimePaths.insertItem(appId, component.id, scope.projectId, formToOpen)}
                variant="contained"
                size="small"
                startIcon={<AddIcon />}
              >
                {t('runtime.list.new')}
              </Button>
            )}
          </>
        }
      />
      <ImportResultDialog result={importResult} onClose={() => setImportResult(null)} />
    </>
  );
}
