import { Box, LinearProgress, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../shared/AdminPage.tsx';
import { PlanLimitsForm } from './PlanLimitsForm.tsx';
import { usePlan } from './planQueries.ts';

const MIB = 1024 * 1024;

function UsageBar({
  label,
  used,
  limit,
  text,
}: {
  label: string;
  used: number;
  limit: number;
  text: string;
}) {
  const id = useId();
  const percent = limit > 0 ? Math.min(100, (used / limit) * 100) : 0;
  return (
    <Box sx={{ mb: 3 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
        <Typography id={id}>{label}</Typography>
        <Typography color="text.secondary">{text}</Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-labelledby={id}
        aria-valuetext={text}
        color={percent >= 90 ? 'error' : 'primary'}
        sx={{ height: 10, borderRadius: 5 }}
      />
    </Box>
  );
}

/** The contracted plan (/administration/Plano Contratado): usage bars, then the form that edits the limits. */
export function PlanPage() {
  const { t, i18n } = useTranslation();
  const query = usePlan();
  const plan = query.data;
  const format = (value: number, digits = 0) =>
    value.toLocaleString(i18n.language, { maximumFractionDigits: digits });
  return (
    <AdminPage
      title={t('admin.plan.title')}
      busy={query.isFetching}
      error={query.error}
      onRetry={() => void query.refetch()}
    >
      {plan && (
        <>
          <Typography variant="h6" component="h2" sx={{ mb: 3 }} data-testid="plan-name">
            {plan.name}
          </Typography>
          <UsageBar
            label={t('admin.plan.users')}
            used={plan.usage.activeUsers}
            limit={plan.maxUsers}
            text={t('admin.plan.usage', {
              used: format(plan.usage.activeUsers),
              limit: format(plan.maxUsers),
            })}
          />
          <UsageBar
            label={t('admin.plan.applications')}
            used={plan.usage.applications}
            limit={plan.maxApplications}
            text={t('admin.plan.usage', {
              used: format(plan.usage.applications),
              limit: format(plan.maxApplications),
            })}
          />
          <UsageBar
            label={t('admin.plan.storage')}
            used={plan.usage.storageUsedBytes / MIB}
            limit={plan.maxStorageMiB}
            text={t('admin.plan.storageUsage', {
              used: format(plan.usage.storageUsedBytes / MIB, 1),
              limit: format(plan.maxStorageMiB),
            })}
          />
          <Typography variant="body2" color="text.secondary">
            {plan.usage.storageNote}
          </Typography>
          <Typography variant="h6" component="h2" sx={{ mt: 4 }}>
            {t('admin.plan.editTitle')}
          </Typography>
          {/* A saved plan starts the form again from what the server kept. */}
          <PlanLimitsForm key={plan.updatedAt} plan={plan} />
        </>
      )}
    </AdminPage>
  );
}
