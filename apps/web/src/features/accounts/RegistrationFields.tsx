import type { PersonType } from '@der/contracts';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  TextField,
  type TextFieldProps,
} from '@mui/material';
import { forwardRef } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { IMaskInput } from 'react-imask';
import { translateFieldError } from '../auth/translateFieldError.ts';

/** Spec §5: CPF 999.999.999-99. */
const CPF_MASK = '000.000.000-00';
/** Spec §5: CNPJ 99.999.999/9999-99, with a base that may be alphanumeric (CNPJ from July 2026). */
const CNPJ_MASK = 'SS.SSS.SSS/SSSS-00';
const CNPJ_DEFINITIONS = { S: /[0-9A-Za-z]/ };

export const toUpper = (value: string) => value.toLocaleUpperCase('pt-BR');
export const onlyDigits = (value: string) => value.replace(/\D/g, '');

interface MaskInputProps {
  name: string;
  onChange: (event: { target: { name: string; value: string } }) => void;
}

/** A react-imask input for a MUI TextField's inputComponent: the masked text reaches the form as typed. */
function maskInput(
  displayName: string,
  mask: string,
  options: { definitions?: Record<string, RegExp>; upperCase?: boolean } = {},
) {
  const input = forwardRef<HTMLInputElement, MaskInputProps>(({ onChange, ...other }, ref) => (
    <IMaskInput
      {...other}
      mask={mask}
      {...(options.definitions ? { definitions: options.definitions } : {})}
      {...(options.upperCase ? { prepareChar: (value: string) => value.toUpperCase() } : {})}
      inputRef={ref}
      onAccept={(value: string) => onChange({ target: { name: other.name, value } })}
      overwrite
    />
  ));
  input.displayName = displayName;
  return input;
}

const CpfMaskInput = maskInput('CpfMaskInput', CPF_MASK);
/** The CNPJ input (registration, company form): letters are upper-cased as typed. */
export const CnpjMaskInput = maskInput('CnpjMaskInput', CNPJ_MASK, {
  definitions: CNPJ_DEFINITIONS,
  upperCase: true,
});

type FieldProps<T extends FieldValues> = {
  // biome-ignore lint/suspicious/noExplicitAny: the form's context and output types do not matter here
  control: Control<T, any, any>;
  name: Path<T>;
  label: string;
  /** Applied to the text as typed (upper case, digits only). */
  transform?: (value: string) => string;
} & Omit<TextFieldProps, 'name' | 'label'>;

/** A text field bound to react-hook-form; its error (a validation key or a server text) is translated. */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  label,
  transform,
  ...rest
}: FieldProps<T>) {
  const { t } = useTranslation();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          name={field.name}
          value={field.value ?? ''}
          inputRef={field.ref}
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(transform ? transform(event.target.value) : event.target.value)}
          label={label}
          fullWidth
          error={Boolean(fieldState.error)}
          helperText={translateFieldError(t, fieldState.error?.message) ?? rest.helperText}
        />
      )}
    />
  );
}

/** CPF or CNPJ with the mask of the person type (react-imask). */
export function CpfCnpjField<T extends FieldValues>({
  control,
  name,
  tipo,
  disabled,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: see FormTextField
  control: Control<T, any, any>;
  name: Path<T>;
  tipo: PersonType;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const fisica = tipo === 'fisica';
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          // A new mask for a new person type.
          key={tipo}
          name={field.name}
          value={field.value ?? ''}
          inputRef={field.ref}
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(event.target.value)}
          label={fisica ? t('accounts.register.cpf') : t('accounts.register.cnpj')}
          required
          fullWidth
          disabled={disabled}
          error={Boolean(fieldState.error)}
          helperText={translateFieldError(t, fieldState.error?.message)}
          slotProps={{
            input: {
              // biome-ignore lint/suspicious/noExplicitAny: MUI types inputComponent for its own props
              inputComponent: (fisica ? CpfMaskInput : CnpjMaskInput) as any,
            },
            htmlInput: { inputMode: fisica ? 'numeric' : 'text', autoComplete: 'off' },
          }}
        />
      )}
    />
  );
}

/** A labelled radio group (fieldset + legend) bound to react-hook-form. */
export function FormRadioGroup<T extends FieldValues>({
  control,
  name,
  label,
  options,
  disabled,
  parse = (value) => value,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: see FormTextField
  control: Control<T, any, any>;
  name: Path<T>;
  label: string;
  options: { value: string; label: string }[];
  disabled?: boolean;
  parse?: (value: string) => unknown;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <FormControl component="fieldset" error={Boolean(fieldState.error)} disabled={disabled}>
          <FormLabel component="legend">{label}</FormLabel>
          <RadioGroup
            row
            name={field.name}
            value={String(field.value)}
            onChange={(event) => field.onChange(parse(event.target.value))}
            onBlur={field.onBlur}
          >
            {options.map((option) => (
              <FormControlLabel
                key={option.value}
                value={option.value}
                control={<Radio />}
                label={option.label}
              />
            ))}
          </RadioGroup>
          {fieldState.error && (
            <FormHelperText>{translateFieldError(t, fieldState.error.message)}</FormHelperText>
          )}
        </FormControl>
      )}
    />
  );
}

/** 'Cadastro realizado com sucesso!' (spec §2.3): OK goes to the portal's login. */
export function RegistrationSuccessDialog({ open, onOk }: { open: boolean; onOk: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      aria-labelledby="registration-success-title"
      aria-describedby="registration-success-text"
    >
      <DialogTitle id="registration-success-title">{t('accounts.register.successTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="registration-success-text">
          {t('accounts.register.successText')}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onOk} autoFocus>
          {t('accounts.register.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
