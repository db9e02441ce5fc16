import { type Attachment, type FileIndexDefinition, type FileIndexValues, localize } from '@der/contracts';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormAttachmentServices } from './attachmentTypes.ts';

/** The refusals of a save by file index key (the server names them `values.<key>`). */
function fieldErrorsOf(error: unknown): Record<string, string> {
  const details = (error as { body?: { details?: unknown } })?.body?.details;
  if (!Array.isArray(details)) return {};
  return Object.fromEntries(
    details.flatMap((issue: { field?: unknown; message?: unknown }) =>
      typeof issue.field === 'string' && typeof issue.message === 'string'
        ? [[issue.field.replace(/^values\./, ''), issue.message]]
        : [],
    ),
  );
}

const asText = (value: FileIndexValues[string] | undefined) =>
  value === null || value === undefined ? '' : String(value);

/**
 * Edits the file index values of one attachment: each configured index as its type asks (text, a number, a
 * date, one option of a picklist). The server checks them and names each refused index.
 */
export function FileIndexesDialog({
  attachment,
  indexes,
  readOnly,
  services,
  onSaved,
  onClose,
}: {
  attachment: Attachment;
  indexes: readonly FileIndexDefinition[];
  readOnly: boolean;
  services: FormAttachmentServices;
  onSaved: (attachment: Attachment) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(indexes.map((index) => [index.key, asText(attachment.fileIndexes[index.key])])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    setFailure(null);
    try {
      const sent = Object.fromEntries(
        Object.entries(values).map(([key, value]) => [key, value.trim() === '' ? null : value]),
      );
      onSaved(await services.saveIndexes(attachment.attachmentId, sent));
    } catch (error) {
      const byKey = fieldErrorsOf(error);
      setErrors(byKey);
      if (Object.keys(byKey).length === 0) setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('attachments.indexesTitle', { name: attachment.name })}</DialogTitle>
      <DialogContent>
        {indexes.length === 0 ? (
          <Typography color="text.secondary">{t('attachments.noIndexes')}</Typography>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            {indexes.map((index) => {
              const common = {
                label: localize(index.label, i18n.language),
                value: values[index.key] ?? '',
                required: index.required,
                disabled: readOnly,
                error: errors[index.key] !== undefined,
                helperText: errors[index.key],
                fullWidth: true,
                onChange: (event: { target: { value: string } }) =>
                  setValues((current) => ({ ...current, [index.key]: event.target.value })),
              };
              if (index.type === 'picklist')
                return (
                  <TextField key={index.key} select {...common}>
                    <MenuItem value="">
                      <em>{t('attachments.selectOption')}</em>
                    </MenuItem>
                    {(index.options ?? []).map((option) => (
                      <MenuItem key={option.value} value={option.value}>
                        {localize(option.label, i18n.language)}
                      </MenuItem>
                    ))}
                  </TextField>
                );
              return (
                <TextField
                  key={index.key}
                  {...common}
                  type={index.type === 'date' ? 'date' : 'text'}
                  slotProps={{
                    inputLabel: index.type === 'date' ? { shrink: true } : undefined,
                    htmlInput:
                      index.type === 'integer' || index.type === 'decimal'
                        ? { inputMode: 'decimal' }
                        : undefined,
                  }}
                />
              );
            })}
            {failure && <Alert severity="error">{failure}</Alert>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('attachments.cancel')}</Button>
        {!readOnly && indexes.length > 0 && (
          <Button variant="contained" onClick={save} disabled={saving}>
            {t('attachments.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
