import { RegisterPermissionarioBodySchema, type RegisterPermissionarioInput } from '@der/contracts';
import { Grid } from '@mui/material';
import { type Path, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormRadioGroup, FormTextField, onlyDigits, toUpper } from './RegistrationFields.tsx';
import { RegistrationForm } from './RegistrationForm.tsx';
import { useRegistrationForm } from './useRegistrationForm.ts';

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

const LOGIN_PATH = '/faixaDeDominio';

/** /registerPermissionario (spec §2.3, §3 "Right-of-way registration", §5). */
export function RegisterPermissionarioPage() {
  const { t } = useTranslation();
  const { form, registration } = useRegistrationForm(
    'permissionario',
    RegisterPermissionarioBodySchema,
    DEFAULTS,
  );
  const { control } = form;
  const tipo = useWatch({ control, name: 'tipo' }) ?? 'juridica';
  const submitting = form.formState.isSubmitting;

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
    <RegistrationForm
      form={form}
      entity="permissionario"
      title={t('accounts.register.titlePermissionario')}
      loginPath={LOGIN_PATH}
      nameField={{ label: 'accounts.register.nome', autoComplete: 'organization' }}
      registration={registration}
      beforeTipo={
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
      }
      afterDocument={
        tipo === 'fisica' ? (
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
        )
      }
    />
  );
}
