import type { AdditionalFieldEntity } from '@der/contracts';
import { Alert, Box, Button, CircularProgress, Grid, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { type FieldValues, type Path, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { AuthLayout } from '../auth/AuthLayout.tsx';
import { AdditionalFieldsSection } from './AdditionalFieldsSection.tsx';
import {
  CpfCnpjField,
  FormRadioGroup,
  FormTextField,
  RegistrationSuccessDialog,
  toUpper,
} from './RegistrationFields.tsx';

/** The fields both registrations have; each page's form adds its own. */
interface CommonRegistrationFields extends FieldValues {
  nome?: string;
  email?: string;
  password?: string;
  passwordConfirm?: string;
  tipo?: 'fisica' | 'juridica';
  cpfCnpj?: string;
}

export interface RegistrationFormProps<F extends CommonRegistrationFields, Body> {
  // biome-ignore lint/suspicious/noExplicitAny: the form's context type does not matter here
  form: UseFormReturn<F, any, Body>;
  entity: AdditionalFieldEntity;
  title: string;
  /** The login page of the application: the 'already have an account' link and where success returns. */
  loginPath: string;
  /** The name field's label key and autocomplete (a company's name or a person's). */
  nameField: { label: string; autoComplete: string };
  registration: { submit: (body: Body) => Promise<void>; done: boolean; error: string | null };
  /** Between the passwords and the person type (the update question, the requester type). */
  beforeTipo: ReactNode;
  /** After the CPF/CNPJ (the person's or the company's details). */
  afterDocument?: ReactNode;
}

/**
 * The registration pages' one shape (spec §2.3): intro, error notice, name, e-mail, password twice, the
 * page's own fields, person type and CPF/CNPJ, the additional fields, the actions and the success dialog.
 */
export function RegistrationForm<F extends CommonRegistrationFields, Body>({
  form,
  entity,
  title,
  loginPath,
  nameField,
  registration,
  beforeTipo,
  afterDocument,
}: RegistrationFormProps<F, Body>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { control } = form;
  const name = (field: keyof CommonRegistrationFields & string) => field as Path<F>;
  const tipo = (useWatch({ control, name: name('tipo') }) as F['tipo'] | undefined) ?? 'juridica';
  const submitting = form.formState.isSubmitting;
  const common = { control, required: true, disabled: submitting };

  return (
    <AuthLayout title={title} maxWidth="md" homePath={loginPath}>
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
              {...common}
              name={name('nome')}
              label={t(nameField.label)}
              transform={toUpper}
              autoComplete={nameField.autoComplete}
            />
          </Grid>
          <Grid size={12}>
            <FormTextField
              {...common}
              name={name('email')}
              label={t('accounts.register.email')}
              type="email"
              autoComplete="email"
            />
          </Grid>
          {(['password', 'passwordConfirm'] as const).map((field) => (
            <Grid key={field} size={{ xs: 12, sm: 6 }}>
              <FormTextField
                {...common}
                name={name(field)}
                label={t(`accounts.register.${field}`)}
                type="password"
                autoComplete="new-password"
              />
            </Grid>
          ))}
          {beforeTipo}
          <Grid size={12}>
            <FormRadioGroup
              control={control}
              name={name('tipo')}
              label={t('accounts.register.tipo')}
              disabled={submitting}
              parse={(value) => {
                // The document of the other person type does not fit its mask.
                form.setValue(name('cpfCnpj'), '' as F[Path<F>]);
                form.clearErrors(name('cpfCnpj'));
                return value;
              }}
              options={[
                { value: 'fisica', label: t('accounts.register.fisica') },
                { value: 'juridica', label: t('accounts.register.juridica') },
              ]}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <CpfCnpjField control={control} name={name('cpfCnpj')} tipo={tipo} disabled={submitting} />
          </Grid>
          {afterDocument}
          <AdditionalFieldsSection control={control} entity={entity} disabled={submitting} />
          <Grid size={12}>
            <RegistrationActions submitting={submitting} loginPath={loginPath} />
          </Grid>
        </Grid>
      </Box>
      <RegistrationSuccessDialog open={registration.done} onOk={() => navigate(loginPath)} />
    </AuthLayout>
  );
}

function RegistrationActions({ submitting, loginPath }: { submitting: boolean; loginPath: string }) {
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
