import {
  permissionarioRoutes,
  type RegisterPermissionarioBody,
  RegisterPermissionarioBodySchema,
  type RegisterPermissionarioInput,
} from '@der/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, CircularProgress, Grid, Link, Stack, Typography } from '@mui/material';
import { type Path, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { apiCall } from '../../api/apiClient.ts';
import { AuthLayout } from '../auth/AuthLayout.tsx';
import { AdditionalFieldsSection, useAdditionalFields } from './AdditionalFieldsSection.tsx';
import {
  CpfCnpjField,
  FormRadioGroup,
  FormTextField,
  onlyDigits,
  RegistrationSuccessDialog,
  toUpper,
} from './RegistrationFields.tsx';
import { useRegistrationSubmit } from './useRegistrationSubmit.ts';

type Form = RegisterPermissionarioInput;

const DEFAULTS = {
  nome: '',
  email: '',
  password: '',
  passwordConfirm: '',
  atualizacao: false,
  tipo: 'juridica',
  cpfCnpj: '',
  profissao: '',
  rg: '',
  orgaoExpedidor: '',
  estadoCivil: '',
  nacionalidade: '',
  inscricaoEstadual: '',
  nomeFantasia: '',
  atividade: '',
  additionalFields: {},
} satisfies Form;

const FIELDS = Object.keys(DEFAULTS) as Path<Form>[];
const LOGIN_PATH = '/faixaDeDominio';

/** /registerPermissionario (spec §2.3, §3 "Right-of-way registration", §5). */
export function RegisterPermissionarioPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const additional = useAdditionalFields('permissionario');
  const form = useForm<Form, unknown, RegisterPermissionarioBody>({
    resolver: additional.withChecks(zodResolver(RegisterPermissionarioBodySchema)),
    mode: 'onTouched',
    defaultValues: DEFAULTS,
  });
  const { control } = form;
  const tipo = useWatch({ control, name: 'tipo' }) ?? 'juridica';
  const submitting = form.formState.isSubmitting;
  const registration = useRegistrationSubmit<Form, RegisterPermissionarioBody>(
    (body) =>
      apiCall(permissionarioRoutes.registerNewPermissionario, {
        body: { ...body, additionalFields: additional.values(body.additionalFields) },
      }),
    form.setError,
    [...FIELDS, ...(additional.paths as Path<Form>[])],
  );

  const field = (
    name: Path<Form>,
    options: { transform?: (value: string) => string; required?: boolean } = {},
  ) => ({
    control,
    name,
    label: t(`accounts.register.${name}`),
    disabled: submitting,
    required: options.required ?? true,
    transform: options.transform,
  });

  return (
    <AuthLayout title={t('accounts.register.titlePermissionario')} maxWidth="md" homePath={LOGIN_PATH}>
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
            <FormTextField {...field('nome', { transform: toUpper })} autoComplete="organization" />
          </Grid>
          <Grid size={12}>
            <FormTextField {...field('email')} type="email" autoComplete="email" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField {...field('password')} type="password" autoComplete="new-password" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField {...field('passwordConfirm')} type="password" autoComplete="new-password" />
          </Grid>
          <Grid size={12}>
            <FormRadioGroup
              control={control}
              name="atualizacao"
              label={t('accounts.register.atualizacao')}
              disabled={submitting}
              parse={(value) => value === 'true'}
              options={[
                { value: 'true', label: t('accounts.register.yes') },
                { value: 'false', label: t('accounts.register.no') },
              ]}
            />
          </Grid>
          <Grid size={12}>
            <FormRadioGroup
              control={control}
              name="tipo"
              label={t('accounts.register.tipo')}
              disabled={submitting}
              parse={(value) => {
                // The document of the other person type does not fit its mask.
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
          {tipo === 'fisica' ? (
            <>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField {...field('profissao', { transform: toUpper })} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField
                  {...field('rg', { transform: onlyDigits })}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField {...field('orgaoExpedidor', { transform: toUpper })} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField {...field('estadoCivil', { transform: toUpper })} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField {...field('nacionalidade', { transform: toUpper })} />
              </Grid>
            </>
          ) : (
            <>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField
                  {...field('inscricaoEstadual', { transform: toUpper, required: false })}
                  slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField {...field('nomeFantasia', { transform: toUpper })} />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <FormTextField {...field('atividade', { transform: toUpper })} />
              </Grid>
            </>
          )}
          <AdditionalFieldsSection control={control} entity="permissionario" disabled={submitting} />
          <Grid size={12}>
            <RegistrationActions submitting={submitting} loginPath={LOGIN_PATH} />
          </Grid>
        </Grid>
      </Box>
      <RegistrationSuccessDialog open={registration.done} onOk={() => navigate(LOGIN_PATH)} />
    </AuthLayout>
  );
}

export function RegistrationActions({ submitting, loginPath }: { submitting: boolean; loginPath: string }) {
  const { t } = useTranslation();
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
    >
      <Link component={RouterLink} to={loginPath}>
        {t('accounts.register.haveAccount')}
      </Link>
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={submitting}
        startIcon={
          submitting ? (
            <CircularProgress size={18} color="inherit" aria-label={t('accounts.register.submitting')} />
          ) : undefined
        }
      >
        {t('accounts.register.submit')}
      </Button>
    </Stack>
  );
}
