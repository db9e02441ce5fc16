import {
  type FolderAccess,
  type RepositoryFolder,
  type RepositoryRef,
  repositoryRoutes,
} from '@der/contracts';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
} from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../../api/apiClient.ts';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { useAccessGrantees } from './useAccessGrantees.ts';
import { useFolderAccess } from './useFolderAccess.ts';

type Kind = 'users' | 'groups';
interface Grant {
  kind: Kind;
  id: number;
  name: string;
  canWrite: boolean;
}

/**
 * The folder-access restriction of the project permissions, per folder (project manager or administrator):
 * which users and groups whose project entries restrict folder access may see this folder and its subfolders,
 * and which may also write in it. Members that are not restricted see every folder whatever is set here.
 */
export function FolderAccessDialog({
  repositoryRef,
  folder,
  onClose,
}: {
  repositoryRef: RepositoryRef;
  folder: RepositoryFolder;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [grants, setGrants] = useState<Grant[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const access = useFolderAccess(repositoryRef, folder.id);
  const { groups, users } = useAccessGrantees();
  useEffect(() => {
    if (access.data && grants === null) setGrants(grantsOf(access.data));
  }, [access.data, grants]);

  const add = (kind: Kind, choice: { id: number; name: string } | null) => {
    if (!choice || !grants || grants.some((grant) => grant.kind === kind && grant.id === choice.id)) return;
    setGrants([...grants, { kind, id: choice.id, name: choice.name, canWrite: false }]);
  };
  const save = async () => {
    if (!grants) return;
    setBusy(true);
    setError(null);
    const entries = (kind: Kind) =>
      grants.filter((grant) => grant.kind === kind).map(({ id, canWrite }) => ({ id, canWrite }));
    try {
      await apiCall(repositoryRoutes.saveFolderAccess, {
        body: { ...repositoryRef, folderId: folder.id, users: entries('users'), groups: entries('groups') },
      });
      onClose(true);
    } catch (failure) {
      setError(getErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={() => onClose(false)} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('repositories.accessTitle', { name: folder.title })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('repositories.accessHint')}</DialogContentText>
        {(access.error || error) && <Alert severity="error">{getErrorMessage(access.error ?? error)}</Alert>}
        {!grants && !access.error && <CircularProgress aria-label={t('repositories.loading')} />}
        {grants && (
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Autocomplete
                options={groups.data?.groups ?? []}
                getOptionLabel={(option) => option.name}
                onChange={(_event, choice) => add('groups', choice)}
                renderInput={(params) => (
                  <TextField {...params} label={t('repositories.addGroup')} size="small" />
                )}
                sx={{ flex: 1 }}
              />
              <Autocomplete
                options={users.data?.users ?? []}
                getOptionLabel={(option) => option.name}
                onChange={(_event, choice) => add('users', choice)}
                renderInput={(params) => (
                  <TextField {...params} label={t('repositories.addUser')} size="small" />
                )}
                sx={{ flex: 1 }}
              />
            </Stack>
            {grants.length === 0 ? (
              <DialogContentText>{t('repositories.noGrants')}</DialogContentText>
            ) : (
              <List dense aria-label={t('repositories.grants')}>
                {grants.map((grant) => (
                  <ListItem
                    key={`${grant.kind}:${grant.id}`}
                    secondaryAction={
                      <IconButton
                        edge="end"
                        aria-label={t('repositories.removeGrant', { name: grant.name })}
                        onClick={() => setGrants(grants.filter((other) => other !== grant))}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    }
                  >
                    <ListItemText primary={grant.name} secondary={t(`repositories.grantee.${grant.kind}`)} />
                    <FormControlLabel
                      sx={{ mr: 4 }}
                      control={
                        <Checkbox
                          checked={grant.canWrite}
                          onChange={(event) =>
                            setGrants(
                              grants.map((other) =>
                                other === grant ? { ...other, canWrite: event.target.checked } : other,
                              ),
                            )
                          }
                        />
                      }
                      label={t('repositories.canWrite')}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>{t('repositories.cancel')}</Button>
        <Button variant="contained" disabled={busy || !grants} onClick={() => void save()}>
          {t('repositories.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function grantsOf(access: FolderAccess): Grant[] {
  return [
    ...access.groups.map((row) => ({
      kind: 'groups' as const,
      id: row.id,
      name: row.name,
      canWrite: row.canWrite,
    })),
    ...access.users.map((row) => ({
      kind: 'users' as const,
      id: row.id,
      name: row.name,
      canWrite: row.canWrite,
    })),
  ];
}
