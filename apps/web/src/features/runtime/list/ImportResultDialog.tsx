import type { ImportExcelResult } from '@der/contracts';
import { XLSX_CONTENT_TYPE } from '@der/contracts';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '../../../shared/ui/DataTable/downloadBlob.ts';

function base64ToBlob(base64: string, type: string): Blob {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return new Blob([bytes], { type });
}

/** How many of the answer's errors the dialog lists; the report spreadsheet holds all of them. */
const LISTED_ERRORS = 50;

/**
 * The outcome of an import, which is all or nothing (issue 6): either every row became an item, or nothing was
 * written and the errors are listed row by row, with the full error report to download.
 */
export function ImportResultDialog({
  result,
  onClose,
}: {
  result: ImportExcelResult | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  if (!result) return null;
  const errorCount = result.errors.length;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('runtime.import.title')}</DialogTitle>
      <DialogContent>
        {result.success ? (
          <Alert severity="success">{t('runtime.import.success', { count: result.imported })}</Alert>
        ) : (
          <>
            <Alert severity="error" sx={{ mb: 1 }}>
              {t('runtime.import.failed', { count: errorCount })}
            </Alert>
            {result.errorsTruncated && <Alert severity="info">{t('runtime.import.truncated')}</Alert>}
            <List dense>
              {result.errors.slice(0, LISTED_ERRORS).map((error) => (
                <ListItem key={`${error.row}:${error.column ?? ''}:${error.message}`} disableGutters>
                  <ListItemText
                    primary={error.message}
                    secondary={
                      error.column
                        ? t('runtime.import.rowColumn', { row: error.row, column: error.column })
                        : t('runtime.import.row', { row: error.row })
                    }
                  />
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions>
        {result.errorReport && (
          <Button
            onClick={() => {
              const report = result.errorReport;
              if (report)
                downloadBlob(base64ToBlob(report.contentBase64, XLSX_CONTENT_TYPE), report.fileName);
            }}
          >
            {t('runtime.import.downloadReport')}
          </Button>
        )}
        <Button variant="contained" onClick={onClose}>
          {t('runtime.import.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
