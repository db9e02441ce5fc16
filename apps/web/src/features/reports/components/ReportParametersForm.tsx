import { assertNever, type ReportParameterInfo, type ReportParameterValues } from '@der/contracts';
import { Box, Button, MenuItem, Stack, TextField } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Values = Record<string, unknown>;

/** Blank entries are left out: the server treats a missing parameter as "not filtered". */
function submittedValues(parameters: readonly ReportParameterInfo[], values: Values): ReportParameterValues {
  const result: Values = {};
  for (const parameter of parameters) {
    const value = values[parameter.key];
    if (parameter.type === 'dateRange') {
      const range = (value ?? {}) as { from?: string; to?: string };
      if (range.from || range.to)
        result[parameter.key] = {
          ...(range.from ? { from: range.from } : {}),
          ...(range.to ? { to: range.to } : {}),
        };
    } else if (parameter.type === 'boolean') {
      if (value === 'true' || value === 'false') result[parameter.key] = value === 'true';
    } else if (value !== undefined && value !== '') {
      result[parameter.key] = value;
    }
  }
  return result;
}

/** Spec §2.9 report viewer: the parameters are asked before the report runs. */
export function ReportParametersForm({
  parameters,
  onSubmit,
  busy,
}: {
  parameters: readonly ReportParameterInfo[];
  onSubmit: (values: ReportParameterValues) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>({});
  const set = (key: string, value: unknown) => setValues((current) => ({ ...current, [key]: value }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(submittedValues(parameters, values));
  };

  const field = (parameter: ReportParameterInfo) => {
    const id = `report-parameter-${parameter.key}`;
    const common = { id, label: parameter.label, required: parameter.required, size: 'small' as const };
    switch (parameter.type) {
      case 'dateRange': {
        const range = (values[parameter.key] ?? {}) as { from?: string; to?: string };
        return (
          <Stack key={parameter.key} direction="row" spacing={1}>
            <TextField
              {...common}
              id={`${id}-from`}
              label={t('reports.from', { label: parameter.label })}
              type="date"
              value={range.from ?? ''}
              onChange={(event) => set(parameter.key, { ...range, from: event.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              {...common}
              required={false}
              id={`${id}-to`}
              label={t('reports.to', { label: parameter.label })}
              type="date"
              value={range.to ?? ''}
              onChange={(event) => set(parameter.key, { ...range, to: event.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Stack>
        );
      }
      case 'date':
        return (
          <TextField
            key={parameter.key}
            {...common}
            type="date"
            value={values[parameter.key] ?? ''}
            onChange={(event) => set(parameter.key, event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        );
      case 'boolean':
        return (
          <TextField
            key={parameter.key}
            {...common}
            select
            sx={{ minWidth: 160 }}
            value={values[parameter.key] ?? ''}
            onChange={(event) => set(parameter.key, event.target.value)}
          >
            <MenuItem value="">{t('reports.any')}</MenuItem>
            <MenuItem value="true">{t('runtime.boolean.yes')}</MenuItem>
            <MenuItem value="false">{t('runtime.boolean.no')}</MenuItem>
          </TextField>
        );
      case 'picklist':
      case 'user':
      case 'project':
        return (
          <TextField
            key={parameter.key}
            {...common}
            select
            sx={{ minWidth: 200 }}
            value={values[parameter.key] ?? ''}
            onChange={(event) => set(parameter.key, event.target.value)}
          >
            <MenuItem value="">{t('reports.any')}</MenuItem>
            {(parameter.choices ?? []).map((choice) => (
              <MenuItem key={String(choice.value)} value={choice.value}>
                {choice.label}
              </MenuItem>
            ))}
          </TextField>
        );
      case 'number':
        return (
          <TextField
            key={parameter.key}
            {...common}
            type="number"
            value={values[parameter.key] ?? ''}
            onChange={(event) =>
              set(parameter.key, event.target.value === '' ? '' : Number(event.target.value))
            }
          />
        );
      case 'string':
        return (
          <TextField
            key={parameter.key}
            {...common}
            value={values[parameter.key] ?? ''}
            onChange={(event) => set(parameter.key, event.target.value)}
          />
        );
      default:
        return assertNever(parameter.type);
    }
  };

  return (
    <Box component="form" onSubmit={handleSubmit} aria-label={t('reports.parameters')} noValidate>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {parameters.map(field)}
        <Button type="submit" variant="contained" disabled={busy}>
          {t('reports.run')}
        </Button>
      </Stack>
    </Box>
  );
}
