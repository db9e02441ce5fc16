import { RegisterRequerenteBodySchema } from '@der/contracts';
import { CircularProgress, Grid, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { getErrorMessage } from '../../api/getErrorMessage.ts';
import { AuthLayout } from '../auth/AuthLayout.tsx';
import { translateFieldError } from '../auth/translateFieldError.ts';
import { RegistrationForm } from './RegistrationForm.tsx';
import { useRequerenteTipos } from './registrationQueries.ts';
import { useRegistrationForm } from './useRegistrationForm.ts';

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

const LOGIN_PATH = '/aet';
/** Spec §2.3: when the requester types cannot be loaded, back to the AET login with a next parameter. */
export const TIPOS_FAILURE_REDIRECT = '/aet?next=/registerRequerente';

/** /registerRequerente (spec §2.3, §3 "AET applicant registration"): the requester types load first. */
export function RegisterRequerentePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const tipos = useRequerenteTipos();
  const { form, registration } = useRegistrationForm('requerente', RegisterRequerenteBodySchema, DEFAULTS);
  const submitting = form.formState.isSubmitting;

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
