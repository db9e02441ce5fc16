import DownloadIcon from '@mui/icons-material/Download';
import EditNoteIcon from '@mui/icons-material/EditNote';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import PrintIcon from '@mui/icons-material/Print';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, InputAdornment, TextField, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FileUploadButton } from '../FileUploadButton.tsx';
import { ColumnToggleMenu } from './ColumnToggleMenu.tsx';
import type { DataTableColumn } from './dataTableTypes.ts';

/** Spec §9: the grid's search box is 400 px wide. */
export const SEARCH_BOX_WIDTH = 400;

const XLSX_ACCEPT = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The table's actions: search, clear filters, column toggles, CSV, print, export, import and bulk update. */
export function DataTableToolbar({
  columns,
  hidden,
  onToggleColumn,
  search,
  onSearchChange,
  hasFilters,
  onClearFilters,
  selectedCount,
  onClearSelection,
  onDownloadCsv,
  onPrint,
  onExport,
  onExportAll,
  onImport,
  onBulkUpdate,
  busy,
  actions,
}: {
  columns: readonly DataTableColumn[];
  hidden: readonly string[];
  onToggleColumn: (name: string) => void;
  search: string;
  onSearchChange: (text: string) => void;
  hasFilters: boolean;
  onClearFilters: () => void;
  selectedCount: number;
  onClearSelection: () => void;
  onDownloadCsv: () => void;
  onPrint: () => void;
  onExport?: () => void;
  onExportAll?: () => void;
  onImport?: (file: File) => void;
  onBulkUpdate?: () => void;
  /** An export or import is running: both stay disabled until it ends. */
  busy: boolean;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box data-no-print sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
      <TextField
        size="small"
        type="search"
        placeholder={t('dataTable.search')}
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
        style={{ width: SEARCH_BOX_WIDTH, maxWidth: '100%' }}
        slotProps={{
          htmlInput: { 'aria-label': t('dataTable.searchLabel') },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {actions}
      <Box sx={{ flex: 1 }} />
      {selectedCount > 0 && (
        <>
          <Typography variant="body2" role="status" data-testid="selection-count">
            {t('dataTable.selected', { count: selectedCount })}
          </Typography>
          <Button size="small" onClick={onClearSelection}>
            {t('dataTable.clearSelection')}
          </Button>
        </>
      )}
      {onBulkUpdate && (
        <Button size="small" startIcon={<EditNoteIcon />} onClick={onBulkUpdate}>
          {t('dataTable.bulkUpdate')}
        </Button>
      )}
      {hasFilters && (
        <Button size="small" startIcon={<FilterAltOffIcon />} onClick={onClearFilters}>
          {t('dataTable.clearFilters')}
        </Button>
      )}
      <ColumnToggleMenu columns={columns} hidden={hidden} onToggle={onToggleColumn} />
      <Button size="small" startIcon={<DownloadIcon />} onClick={onDownloadCsv}>
        {t('dataTable.downloadCsv')}
      </Button>
      <Button size="small" startIcon={<PrintIcon />} onClick={onPrint}>
        {t('dataTable.print')}
      </Button>
      {onExport && (
        <Button
          size="small"
          startIcon={<FileDownloadIcon />}
          onClick={onExport}
          disabled={busy}
          aria-label={t('dataTable.exportLabel')}
        >
          {t('dataTable.export')}
        </Button>
      )}
      {onExportAll && (
        <Button
          size="small"
          startIcon={<FileDownloadIcon />}
          onClick={onExportAll}
          disabled={busy}
          aria-label={t('dataTable.exportAllLabel')}
        >
          {t('dataTable.exportAll')}
        </Button>
      )}
      {onImport && (
        <FileUploadButton
          size="small"
          accept={XLSX_ACCEPT}
          onFile={onImport}
          disabled={busy}
          aria-label={t('dataTable.importLabel')}
        >
          <FileUploadIcon fontSize="small" sx={{ mr: 1 }} aria-hidden />
          {t('dataTable.import')}
        </FileUploadButton>
      )}
    </Box>
  );
}
