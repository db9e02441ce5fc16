import { TextField } from '@mui/material';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateFieldError } from './translateFieldError.ts';

/** The password forms' fields: a login (text) or the current, new and confirmed passwords. */
export type PasswordFormField = 'login' | 'oldPassword' | 'newPassword' | 'passwordConfirm';

const AUTOCOMPLETE: Record<PasswordFormField, string> = {
  login: 'username',
  oldPassword: 'current-password',
  newPassword: 'new-password',
  passwordConfirm: 'new-password',
};

/**
 * The fields of the password forms (change password, change an expired one, a reset link's new password), in
 * order, each required, with the autocomplete a password manager needs and its error under it.
 */
export function PasswordFields<F extends FieldValues>({
  control,
  names,
  labelPrefix,
  disabled,
  autoFocusFirst = false,
}: {
  control: Control<F>;
  names: readonly (PasswordFormField & Path<F>)[];
  /** The i18n prefix of the labels: `${labelPrefix}.${name}`. */
  labelPrefix: string;
  disabled: boolean;
  autoFocusFirst?: boolean;
}) {
  const { t } = useTranslation();
  return names.map((name, index) => (
    <Controller
      key={name}
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          label={t(`${labelPrefix}.${name as PasswordFormField}`)}
          type={name === 'login' ? 'text' : 'password'}
          autoComplete={AUTOCOMPLETE[name]}
          required
          fullWidth
          autoFocus={autoFocusFirst && index === 0}
          disabled={disabled}
          error={Boolean(fieldState.error)}
          helperText={translateFieldError(t, fieldState.error?.message)}
        />
      )}
    />
  ));
}
