import { Button, FormControl, FormHelperText, FormLabel, Stack, Typography } from '@mui/material';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormRenderer } from '../FormRendererContext.ts';
import type { useBoundField } from '../useBoundField.ts';

/**
 * Chooses files for a `files` field: they are stored through the page's upload call and the field keeps their
 * stored-file ids (FieldStorageKind 'files').
 */
export function FilesInput({
  bound,
  accept,
  maxFiles,
}: {
  bound: ReturnType<typeof useBoundField>;
  accept?: string;
  maxFiles?: number;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { services } = useFormRenderer();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const { controller } = bound;
  const ids = Array.isArray(controller.field.value) ? (controller.field.value as number[]) : [];
  const canUpload = Boolean(services.uploadFiles) && !bound.readOnly;
  const full = maxFiles !== undefined && ids.length >= maxFiles;
  return (
    <FormControl
      component="fieldset"
      aria-labelledby={labelId}
      error={Boolean(bound.errorText || uploadError)}
      required={bound.required}
    >
      <FormLabel id={labelId}>{bound.label}</FormLabel>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {/* A real button opening a hidden input: MUI's component="label" puts role="button" on a <label>. */}
        <Button
          variant="outlined"
          disabled={!canUpload || full}
          aria-describedby={labelId}
          onClick={() => input.current?.click()}
        >
          {t('form.files.choose')}
        </Button>
        <input
          ref={input}
          hidden
          type="file"
          accept={accept}
          multiple={maxFiles !== 1}
          tabIndex={-1}
          aria-hidden
          onChange={async (event) => {
            const chosen = [...(event.target.files ?? [])].slice(
              0,
              maxFiles ? maxFiles - ids.length : undefined,
            );
            // Cleared, so choosing the same file again fires onChange again.
            event.target.value = '';
            if (chosen.length === 0 || !services.uploadFiles) return;
            try {
              const stored = await services.uploadFiles(chosen);
              setUploadError(null);
              controller.field.onChange([...ids, ...stored]);
            } catch (error) {
              setUploadError(error instanceof Error ? error.message : t('form.files.uploadFailed'));
            }
          }}
        />
        <Typography variant="body2">{t('form.files.count', { count: ids.length })}</Typography>
      </Stack>
      {(bound.errorText || uploadError) && <FormHelperText>{bound.errorText ?? uploadError}</FormHelperText>}
    </FormControl>
  );
}
