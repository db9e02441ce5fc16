import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AttributeChangesTable } from '../../../shared/ui/FormRenderer/AttributeChangesTable.tsx';
import { useConflictChanges } from './useConflictChanges.ts';

export interface ConflictInfo {
  /** The server's translated message naming who changed the item and when. */
  message: string;
  /** The item's version now, when the server said it. */
  currentVersion: number | null;
}

/**
 * A save refused because someone else saved the item first (409): who, when and what they changed, and a
 * reload that brings their values in (the user's own edits are not silently kept over them).
 */
export function ConflictDialog({
  conflict,
  itemId,
  componentId,
  loadedVersion,
  onReload,
  onClose,
}: {
  conflict: ConflictInfo;
  itemId: number;
  componentId: number;
  loadedVersion: number;
  onReload: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const current = conflict.currentVersion;
  const changes = useConflictChanges(itemId, componentId, loadedVersion, current);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('form.page.conflictTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{conflict.message}</DialogContentText>
        {changes.data && changes.data.length > 0 && (
          <AttributeChangesTable label={t('form.page.conflictChanges')} changes={changes.data} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('form.cancel')}</Button>
        <Button variant="contained" onClick={onReload}>
          {t('form.page.reload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
