import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkOperationDialog, type BulkTargets } from './BulkOperationDialog.tsx';

/** The list toolbar's 'Ação em massa': opens the bulk operation dialog over the list's selection or filter. */
export function BulkOperationButton({
  appId,
  componentId,
  targets,
}: {
  appId: string;
  componentId: number;
  targets: BulkTargets;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" size="small" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('bulk.button')}
      </Button>
      {open && (
        <BulkOperationDialog
          appId={appId}
          componentId={componentId}
          targets={targets}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
