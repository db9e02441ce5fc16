import type { RepositoryFolder } from '@der/contracts';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { folderPath } from './folderTree.ts';

/** Asks a folder's name (new folder, new subfolder, rename); the server checks it and names what it refuses. */
export function FolderNameDialog({
  title,
  initial,
  error,
  busy,
  onCancel,
  onSubmit,
}: {
  title: string;
  initial: string;
  error: string | null;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (name: string) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() !== '') onSubmit(name.trim());
  };
  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('repositories.folderName')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={error !== null}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>{t('repositories.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy || name.trim() === ''}>
            {t('repositories.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Chooses where a file or folder goes: the folders the user may write in (a folder never into itself). */
export function MoveDialog({
  name,
  folders,
  excluded,
  allowRoot,
  error,
  busy,
  onCancel,
  onSubmit,
}: {
  name: string;
  folders: readonly RepositoryFolder[];
  excluded: ReadonlySet<number>;
  allowRoot: boolean;
  error: string | null;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (targetFolderId: number | null) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const ROOT = 'root';
  const choices = folders
    .filter((folder) => folder.canWrite && !excluded.has(folder.id))
    .map((folder) => ({ value: String(folder.id), label: folderPath(folders, folder.id) }))
    .sort((a, b) => a.label.localeCompare(b.label));
  const [target, setTarget] = useState('');
  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('repositories.moveTitle', { name })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('repositories.moveHint')}</DialogContentText>
        <TextField
          select
          fullWidth
          label={t('repositories.moveTo')}
          value={target}
          onChange={(event) => setTarget(event.target.value)}
          error={error !== null}
          helperText={error ?? ' '}
        >
          {allowRoot && <MenuItem value={ROOT}>{t('repositories.root')}</MenuItem>}
          {choices.map((choice) => (
            <MenuItem key={choice.value} value={choice.value}>
              {choice.label}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('repositories.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy || target === ''}
          onClick={() => onSubmit(target === ROOT ? null : Number(target))}
        >
          {t('repositories.moveConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Confirms deleting an (empty) folder. */
export function DeleteFolderDialog({
  name,
  error,
  busy,
  onCancel,
  onConfirm,
}: {
  name: string;
  error: string | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('repositories.deleteFolder')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('repositories.confirmDelete', { name })}</DialogContentText>
        {error && (
          <DialogContentText color="error" role="alert" sx={{ mt: 1 }}>
            {error}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('repositories.cancel')}</Button>
        <Button color="error" variant="contained" disabled={busy} onClick={onConfirm}>
          {t('repositories.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
