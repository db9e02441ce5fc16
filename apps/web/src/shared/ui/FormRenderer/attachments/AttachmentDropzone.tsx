import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { type DragEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadProgress } from './useAttachmentUploads.ts';

/** Where files are dropped or chosen (several at once), with each file's progress while it is sent. */
export function AttachmentDropzone({
  disabled,
  progress,
  onFiles,
}: {
  disabled: boolean;
  progress: readonly UploadProgress[];
  onFiles: (files: File[]) => void;
}) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [over, setOver] = useState(false);

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = [...event.dataTransfer.files];
    if (files.length > 0) onFiles(files);
  };

  return (
    <Box
      role="group"
      aria-label={t('attachments.dropzone')}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        borderRadius: 1,
        p: 2,
        bgcolor: over ? 'action.hover' : undefined,
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <UploadFileIcon color="action" aria-hidden />
        <Typography color="text.secondary">{t('attachments.dropHint')}</Typography>
        <Button variant="outlined" size="small" disabled={disabled} onClick={() => inputRef.current?.click()}>
          {t('attachments.choose')}
        </Button>
        <input
          ref={inputRef}
          id={inputId}
          data-testid="attachments-input"
          type="file"
          multiple
          hidden
          aria-label={t('attachments.choose')}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            if (files.length > 0) onFiles(files);
          }}
        />
      </Stack>
      {progress.map((entry) => (
        <Box key={entry.name} sx={{ mt: 1 }}>
          <Typography variant="body2">{t('attachments.uploading', { name: entry.name })}</Typography>
          <LinearProgress
            variant="determinate"
            value={Math.round(entry.fraction * 100)}
            aria-label={t('attachments.progress', { name: entry.name })}
          />
        </Box>
      ))}
    </Box>
  );
}
