import { PLAN_LIMIT_BOUNDS, type Plan, type PlanLimitName, SavePlanBodySchema } from '@der/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, TextField } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { applyServerFieldErrors } from '../../accounts/applyServerFieldErrors.ts';
import { translateFieldError } from '../../auth/translateFieldError.ts';
import { useNotify } from '../shared/useNotify.ts';
import { useSavePlan } from './planQueries.ts';

type Form = z.input<typeof SavePlanBodySchema>;
type Output = z.output<typeof SavePlanBodySchema>;

const FIELDS = ['name', 'maxUsers', 'maxApplications', 'maxStorageMiB'] as const;
const LIMITS: readonly PlanLimitName[] = ['maxUsers', 'maxApplications', 'maxStorageMiB'];

const MIB = 1024 * 1024;

/** The usage each limit may not go below (the server refuses it too), with its message key. */
function usageOf(plan: Plan, name: PlanLimitName) {
  switch (name) {
    case 'maxUsers':
      return { usage: plan.usage.activeUsers, key: 'planMaxUsersBelowUsage' };
    case 'maxApplications':
      return { usage: plan.usage.applications, key: 'planMaxApplicationsBelowUsage' };
    case 'maxStorageMiB':
      return { usage: Math.ceil(plan.usage.storageUsedBytes / MIB), key: 'planMaxStorageBelowUsage' };
  }
}

const toForm = ({ name, maxUsers, maxApplications, maxStorageMiB }: Plan): Form => ({
  name,
  maxUsers,
  maxApplications,
  maxStorageMiB,
});

/**
 * The plan's name and limits (remount it with a `key` to start again from a saved plan). Checked with the contract's schema and against the current usage before the
 * call; the server's field errors (400) land on their fields, anything else is a notice.
 */
export function PlanLimitsForm({ plan }: { plan: Plan }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const form = useForm<Form, unknown, Output>({
    resolver: zodResolver(SavePlanBodySchema),
    mode: 'onTouched',
    defaultValues: toForm(plan),
  });
  const { control, setError, handleSubmit, formState } = form;

  const save = useSavePlan({
    onSuccess: () => notify.success(t('admin.plan.saved')),
    onError: (error) => {
      const applied = applyServerFieldErrors(error, setError, FIELDS);
      if (applied === 0) notify.error(error);
    },
  });

  const submit = handleSubmit((values) => {
    let refused = 0;
    for (const name of LIMITS) {
      const { usage, key } = usageOf(plan, name);
      if (values[name] >= usage) continue;
      setError(
        name,
        { type: 'usage', message: t(`validation.${key}`, { usage }) },
        { shouldFocus: refused === 0 },
      );
      refused += 1;
    }
    if (refused === 0) save.mutate(values);
  });

  /** zod's range message needs the bounds; the other keys and the server's texts need nothing. */
  const errorText = (name: (typeof FIELDS)[number]) => {
    const message = formState.errors[name]?.message;
    if (message === 'valueInRange' && name !== 'name')
      return t('validation.valueInRange', {
        minimum: PLAN_LIMIT_BOUNDS[name].minimum.toLocaleString(i18n.language),
        maximum: PLAN_LIMIT_BOUNDS[name].maximum.toLocaleString(i18n.language),
      });
    return translateFieldError(t, message);
  };

  const limitField = (name: PlanLimitName, label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          {...field}
          type="number"
          label={label}
          required
          value={Number.isFinite(field.value) ? field.value : ''}
          // An empty box is NaN: the schema answers 'required'.
          onChange={(event) =>
            field.onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))
          }
          error={Boolean(formState.errors[name])}
          helperText={errorText(name)}
          slotProps={{ htmlInput: { min: PLAN_LIMIT_BOUNDS[name].minimum, step: 1 } }}
        />
      )}
    />
  );

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('admin.plan.editTitle')}
      onSubmit={submit}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mt: 3 }}
    >
      <Controller
        control={control}
        name="name"
        render={({ field }) => (
          <TextField
            {...field}
            label={t('admin.plan.name')}
            required
            error={Boolean(formState.errors.name)}
            helperText={errorText('name')}
          />
        )}
      />
      {limitField('maxUsers', t('admin.plan.maxUsers'))}
      {limitField('maxApplications', t('admin.plan.maxApplications'))}
      {limitField('maxStorageMiB', t('admin.plan.maxStorageMiB'))}
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('admin.plan.save')}
        </Button>
      </Box>
    </Box>
  );
}
