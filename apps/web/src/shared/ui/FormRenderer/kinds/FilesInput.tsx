import DeleteIcon from '@mui/icons-material/Delete';
import {
  Button,
  FormControl,
  FormHelperText,
  FormLabel,
  IconButton,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormRenderer } from '../FormRendererContext.ts';
import type { StoredFileInfo } from '../formRendererTypes.ts';
import type { useBoundField } from '../useBoundField.ts';
import { StoredFileThumbnail } from './StoredFileThumbnail.tsx';

/** "12,3 KB" in the UI language: KB, MB or GB with one decimal, base 1024 (spec §9). */
function formatSize(bytes: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(language, { minimumFractionDigits: unit === 0 ? 0 : 1, maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

/**
 * Whether a chosen file fits the component's `accept` list: extensions ('.pdf') and media types
 * ('image/png', 'image/*'), as the input's attribute has them; no list accepts everything.
 */
function matchesAccept(file: File, accept: string | undefined): boolean {
  if (!accept) return true;
  const name = file.name.toLowerCase();
  return accept.split(',').some((entry) => {
    const wanted = entry.trim().toLowerCase();
    if (wanted.startsWith('.')) return name.endsWith(wanted);
    if (wanted.endsWith('/*')) return file.type.startsWith(wanted.slice(0, -1));
    return file.type === wanted;
  });
}

/** Saves a blob under its name through a temporary link (the download needs the session header). */
function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Released after the browser has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Chooses files for a `files` field: they are stored through the page's upload call and the field keeps their
 * stored-file ids (FieldStorageKind 'files'). Each stored file is listed by name (a download link) with a
 * remove button; images (`images`) also as thumbnails. Names of the saved item's files come from the page's
 * describeFiles, those of new uploads from the upload's answer.
 */
export function FilesInput({
  bound,
  accept,
  maxFiles,
  images = false,
}: {
  bound: ReturnType<typeof useBoundField>;
  accept?: string;
  maxFiles?: number;
  images?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { services } = useFormRenderer();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [known, setKnown] = useState<ReadonlyMap<number, StoredFileInfo>>(new Map());
  const { controller } = bound;
  const fieldKey = controller.field.name;
  const ids = Array.isArray(controller.field.value) ? (controller.field.value as number[]) : [];
  const canUpload = Boolean(services.uploadFiles) && !bound.readOnly;
  const full = maxFiles !== undefined && ids.length >= maxFiles;
  const { describeFiles, downloadFile } = services;

  const missing = ids.some((id) => !known.has(id));
  useEffect(() => {
    if (!missing || !describeFiles) return;
    let cancelled = false;
    describeFiles(fieldKey).then(
      (files) => {
        if (cancelled) return;
        setKnown((current) => new Map([...current, ...files.map((file) => [file.fileId, file] as const)]));
      },
      // Names stay unknown; the files are still listed (by number) and can be removed.
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [missing, describeFiles, fieldKey]);

  function remember(files: readonly StoredFileInfo[]) {
    setKnown((current) => new Map([...current, ...files.map((file) => [file.fileId, file] as const)]));
  }

  async function handleChosen(event: React.ChangeEvent<HTMLInputElement>) {
    const picked = [...(event.target.files ?? [])];
    // Cleared, so choosing the same file again fires onChange again.
    event.target.value = '';
    // The browser's `accept` is only a hint to its dialog: files of other extensions are refused here too.
    const valid = picked.filter((file) => matchesAccept(file, accept));
    const room = maxFiles === undefined ? valid.length : Math.max(0, maxFiles - ids.length);
    const chosen = valid.slice(0, room);
    const problem =
      valid.length < picked.length
        ? t('form.files.invalidFile')
        : chosen.length < valid.length
          ? t('form.files.tooMany', { qtd: maxFiles })
          : null;
    setUploadError(problem);
    if (chosen.length === 0 || !services.uploadFiles) return;
    setUploading(true);
    try {
      const stored = await services.uploadFiles(chosen);
      remember(stored);
      setUploadError(problem);
      controller.field.onChange([...ids, ...stored.map((file) => file.fileId)]);
    } catch (error) {
      setUploadError(error instanceof Error ? error.message : t('form.files.uploadFailed'));
    } finally {
      setUploading(false);
    }
  }

  function handleRemove(fileId: number) {
    controller.field.onChange(ids.filter((id) => id !== fileId));
    controller.field.onBlur();
  }

  async function handleDownload(fileId: number, name: string) {
    if (!downloadFile) return;
    try {
      saveBlob(await downloadFile(fileId), name);
    } catch (error) {
      setUploadError(error instanceof Error ? error.message : t('form.files.downloadFailed'));
    }
  }

  const message = bound.errorText ?? uploadError;
  return (
    <FormControl
      component="fieldset"
      aria-labelledby={labelId}
      error={Boolean(message)}
      required={bound.required}
    >
      <FormLabel id={labelId}>{bound.label}</FormLabel>
      {ids.length > 0 && (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, my: 1 }} aria-labelledby={labelId}>
          {ids.map((fileId) => {
            const file = known.get(fileId);
            const name = file?.name ?? t('form.files.unnamed', { id: fileId });
            return (
              <Stack component="li" key={fileId} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                {images && downloadFile && (
                  <StoredFileThumbnail fileId={fileId} name={name} downloadFile={downloadFile} />
                )}
                {downloadFile ? (
                  <Link
                    component="button"
                    type="button"
                    variant="body2"
                    aria-label={t('form.files.download', { name })}
                    onClick={() => handleDownload(fileId, name)}
                  >
                    {name}
                  </Link>
                ) : (
                  <Typography variant="body2">{name}</Typography>
                )}
                {file && (
                  <Typography variant="caption" color="text.secondary">
                    {formatSize(file.size, i18n.language)}
                  </Typography>
                )}
                {!bound.readOnly && (
                  <IconButton
                    size="small"
                    aria-label={t('form.files.remove', { name })}
                    onClick={() => handleRemove(fileId)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                )}
              </Stack>
            );
          })}
        </Stack>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {/* A real button opening a hidden input: MUI's component="label" puts role="button" on a <label>. */}
        <Button
          variant="outlined"
          disabled={!canUpload || full || uploading}
          aria-describedby={labelId}
          onClick={() => input.current?.click()}
        >
          {t(
            images
              ? maxFiles === 1
                ? 'form.files.chooseImage'
                : 'form.files.chooseImages'
              : 'form.files.choose',
          )}
        </Button>
        <input
          ref={input}
          hidden
          type="file"
          accept={accept}
          multiple={maxFiles !== 1}
          tabIndex={-1}
          aria-hidden
          data-testid={`files-input-${fieldKey}`}
          onChange={handleChosen}
        />
        <Typography variant="body2" aria-live="polite">
          {uploading ? t('form.files.uploading') : t('form.files.count', { count: ids.length })}
        </Typography>
      </Stack>
      {(message ?? bound.hint) && <FormHelperText>{message ?? bound.hint}</FormHelperText>}
    </FormControl>
  );
}
