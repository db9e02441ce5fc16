import { Button, Stack, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** A code the payer copies into their bank's app (PIX copia e cola, linha digitável): read-only, with a copy button. */
export function CopyableCode({
  label,
  copyLabel,
  value,
}: {
  label: string;
  copyLabel: string;
  value: string;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const fieldId = useId();

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(value);
      enqueueSnackbar(t('payments.panel.copied'), { variant: 'success' });
    } catch {
      // Without clipboard access (an insecure page, a refused permission) the field can still be selected by hand.
      enqueueSnackbar(t('payments.panel.copyFailed'), { variant: 'error' });
    }
  }

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
      <TextField
        id={fieldId}
        label={label}
        value={value}
        fullWidth
        multiline
        slotProps={{ input: { readOnly: true }, htmlInput: { onFocus: selectAll } }}
      />
      <Button variant="outlined" onClick={handleCopy} sx={{ flexShrink: 0 }}>
        {copyLabel}
      </Button>
    </Stack>
  );
}

/** Focusing the code selects it whole: copying by hand takes one keystroke. */
function selectAll(event: React.FocusEvent<HTMLInputElement | HTMLTextAreaElement>) {
  event.target.select();
}
