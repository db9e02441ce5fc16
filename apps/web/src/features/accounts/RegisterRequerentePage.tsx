import { type RegisterRequerenteBody, RegisterRequerenteBodySchema, requerenteRoutes } from '@der/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, CircularProgress, Grid, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { Controller, type Path, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { apiCall } from '../../api/apiClient.ts';
import { getErrorMessage } from '../../api/getErrorMessage.ts';
import { AuthLayout } from '../auth/AuthLayout.tsx';
import { translateFieldError } from '../auth/translateFieldError.ts';
import { AdditionalFieldsSection, useAdditionalFields } from './AdditionalFieldsSection.tsx';
import { RegistrationActions } from './RegisterPermissionarioPage.tsx';
import {
  CpfCnpjField,
  FormRadioGroup,
  FormTextField,
  RegistrationSuccessDialog,
  toUpper,
} from './RegistrationFields.tsx';
import { useRegistrationSubmit } from './useRegistrationSubmit.ts';

type Form = z.input<typeof RegisterRequerenteBodySchema>;

const DEFAULTS = {
  nome: '',
  email: '',
  password: '',
  passwordConfirm: '',
  tipoRequerente: null,
  tipo: 'juridica',
  cpfCnpj: '',
  // Spec §3: rg and orgaoExpedidor start empty.
  rg: '',
  orgaoExpedidor: '',
  additionalFields: {},
} satisfies Form;

const FIELDS = Object.keys(DEFAULTS) as Path<Form>[];
const LOGIN_PATH = '/aet';
/** Spec §2.3: when the requester types cannot be loaded, back to the AET login with a next parameter. */
export const TIPOS_FAILURE_REDIRECT = '/aet?next=/registerRequerente';

/** /registerRequerente (spec §2.3, §3 "AET applicant registration"): the requester types load first. */
export function RegisterRequerentePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const tipos = useQuery({
    queryKey: ['requerente', 'tipos'],
    queryFn: () => apiCall(requerenteRoutes.getTipos),
    retry: false,
  });
  const additional = useAdditionalFields('requerente');
  const form = useForm<Form, unknown, RegisterRequerenteBody>({
    resolver: additional.withChecks(zodResolver(RegisterRequerenteBodySchema)),
    mode: 'onTouched',
    defaultValues: DEFAULTS,
  });
  const { control } = form;
  const tipo = useWatch({ control, name: 'tipo' }) ?? 'juridica';
  const submitting = form.formState.isSubmitting;
  const registration = useRegistrationSubmit<Form, RegisterRequerenteBody>(
    (body) =>
      apiCall(requerenteRoutes.registerNewRequerente, {
        body: { ...body, additionalFields: additional.values(body.additionalFields) },
      }),
    form.setError,
    [...FIELDS, ...(additional.paths as Path<Form>[])],
  );

  useEffect(() => {
    if (!tipos.isError) return;
    enqueueSnackbar(getErrorMessage(tipos.error), { variant: 'error' });
    navigate(TIPOS_FAILURE_REDIRECT, { replace: true });
  }, [tipos.isError, tipos.error, enqueueSnackbar, navigate]);

  const title = t('accounts.register.titleRequerente');
  if (!tipos.data) {
    return (
      <AuthLayout title={title} homePath={LOGIN_PATH}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>{t('accounts.register.loadingTipos')}</Typography>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={title} maxWidth="md" homePath={LOGIN_PATH}>
      <Typography sx={{ mb: 3 }}>{t('accounts.register.intro')}</Typography>
      <Box component="form" noValidate onSubmit={form.handleSubmit(registration.submit)}>
        <Grid container spacing={2}>
          {registration.error && (
            <Grid size={12}>
              <Alert severity="error" role="alert">
                {registration.error}
              </Alert>
            </Grid>
          )}
          <Grid size={12}>
            <FormTextField
              control={control}
              name="nome"
              label={t('accounts.register.nomeRequerente')}
              transform={toUpper}
              required
              disabled={submitting}
              autoComplete="name"
            />
          </Grid>
          <Grid size={12}>
            <FormTextField
              control={control}
              name="email"
              label={t('accounts.register.email')}
              type="email"
              required
              disabled={submitting}
              autoComplete="email"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              name="password"
              label={t('accounts.register.password')}
              type="password"
              required
              disabled={submitting}
              autoComplete="new-password"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              name="passwordConfirm"
              label={t('accounts.register.passwordConfirm')}
              type="password"
              required
              disabled={submitting}
              autoComplete="new-password"
            />
          </Grid>
          <Grid size={12}>
            <Controller
              name="tipoRequerente"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  select
                  name={field.name}
                  inputRef={field.ref}
                  value={field.value ?? ''}
                  onChange={(event) =>
                    field.onChange(event.target.value === '' ? null : Number(event.target.value))
                  }
                  onBlur={field.onBlur}
                  label={t('accounts.register.tipoRequerente')}
                  required
                  fullWidth
                  disabled={submitting}
                  error={Boolean(fieldState.error)}
                  helperText={translateFieldError(t, fieldState.error?.message)}
                >
                  {tipos.data.map((item) => (
                    <MenuItem key={item.id} value={item.id}>
                      {item.nome}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Grid>
          <Grid size={12}>
            <FormRadioGroup
              control={control}
              name="tipo"
              label={t('accounts.register.tipo')}
              disabled={submitting}
              parse={(value) => {
                form.setValue('cpfCnpj', '');
                form.clearErrors('cpfCnpj');
                return value;
              }}
              options={[
                { value: 'fisica', label: t('accounts.register.fisica') },
                { value: 'juridica', label: t('accounts.register.juridica') },
              ]}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <CpfCnpjField control={control} name="cpfCnpj" tipo={tipo} disabled={submitting} />
          </Grid>
          <AdditionalFieldsSection control={control} entity="requerente" disabled={submitting} />
          <Grid size={12}>
            <RegistrationActions submitting={submitting} loginPath={LOGIN_PATH} />
          </Grid>
        </Grid>
      </Box>
      <RegistrationSuccessDialog open={registration.done} onOk={() => navigate(LOGIN_PATH)} />
    </AuthLayout>
  );
}
