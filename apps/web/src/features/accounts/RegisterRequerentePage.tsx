import { type RegisterRequerenteBody, RegisterRequerenteBodySchema } from '@der/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircularProgress, Grid, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { Controller, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { getErrorMessage } from '../../api/getErrorMessage.ts';
import { AuthLayout } from '../auth/AuthLayout.tsx';
import { translateFieldError } from '../auth/translateFieldError.ts';
import { useAdditionalFields } from './AdditionalFieldsSection.tsx';
import { RegistrationForm } from './RegistrationForm.tsx';
import { useRegisterRequerente, useRequerenteTipos } from './registrationQueries.ts';
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
  const tipos = useRequerenteTipos();
  const additional = useAdditionalFields('requerente');
  const form = useForm<Form, unknown, RegisterRequerenteBody>({
    resolver: additional.withChecks(zodResolver(RegisterRequerenteBodySchema)),
    mode: 'onTouched',
    defaultValues: DEFAULTS,
  });
  const submitting = form.formState.isSubmitting;
  const register = useRegisterRequerente(additional);
  const registration = useRegistrationSubmit<Form, RegisterRequerenteBody>(
    register.mutateAsync,
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
    <RegistrationForm
      form={form}
      entity="requerente"
      title={title}
      loginPath={LOGIN_PATH}
      nameField={{ label: 'accounts.register.nomeRequerente', autoComplete: 'name' }}
      registration={registration}
      beforeTipo={
        <Grid size={12}>
          <Controller
            name="tipoRequerente"
            control={form.control}
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
      }
    />
  );
}
