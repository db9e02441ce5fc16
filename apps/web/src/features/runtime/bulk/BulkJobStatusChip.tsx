import type { BulkJobStatus } from '@der/contracts';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';

const COLOURS = {
  pending: 'default',
  running: 'info',
  finished: 'success',
  interrupted: 'warning',
} as const satisfies Record<BulkJobStatus, 'default' | 'info' | 'success' | 'warning'>;

/** A job's state as spec §4 names it: Pendente, Em execução, Concluída, Interrompida. */
export function BulkJobStatusChip({ status }: { status: BulkJobStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={COLOURS[status]} label={t(`bulk.status.${status}`)} />;
}
