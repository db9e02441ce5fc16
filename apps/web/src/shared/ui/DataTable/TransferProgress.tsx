import { Box, LinearProgress } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** An export (no size known while it streams) or an import (upload fraction) in progress. */
export type Transfer = { kind: 'export' } | { kind: 'import'; fraction: number };

export function TransferProgress({ transfer }: { transfer: Transfer }) {
  const { t } = useTranslation();
  const percent = transfer.kind === 'import' ? Math.round(transfer.fraction * 100) : undefined;
  const text = transfer.kind === 'import' ? t('dataTable.importing', { percent }) : t('dataTable.exporting');
  return (
    <Box data-no-print sx={{ mb: 1 }} role="status">
      <LinearProgress
        variant={transfer.kind === 'import' ? 'determinate' : 'indeterminate'}
        value={percent}
        aria-label={text}
      />
      <Box component="span" sx={{ typography: 'caption' }}>
        {text}
      </Box>
    </Box>
  );
}
