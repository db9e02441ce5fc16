import { localize, type RepositoryRef } from '@der/contracts';
import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolder';
import DeleteIcon from '@mui/icons-material/Delete';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import EditIcon from '@mui/icons-material/Edit';
import LockPersonIcon from '@mui/icons-material/LockPerson';
import { Alert, Box, Button, CircularProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { routeIdOf } from '../runtimePaths.ts';
import { FolderAccessDialog } from './FolderAccessDialog.tsx';
import { DeleteFolderDialog, FolderNameDialog, MoveDialog } from './FolderDialogs.tsx';
import { FolderFilesPanel } from './FolderFilesPanel.tsx';
import { FolderTree } from './FolderTree.tsx';
import { buildFolderTree, selfAndDescendants } from './folderTree.ts';
import { createFolder, deleteFolder, moveFolder, renameFolder, repositoryKeys } from './repositoryQueries.ts';
import { useRepositoryTree } from './useRepositoryTree.ts';

/** The search box waits for the user to stop typing. */
const SEARCH_DELAY_MS = 300;

type FolderAction = 'create' | 'createSub' | 'rename' | 'delete' | 'move' | 'access' | null;

/**
 * A project's document repository (/runtime/{appID}/repository/{projectId}/{fileForm}/{folderForm}/{title},
 * spec §2.9): the folder tree the user may see (restricted members only their granted folders), the chosen
 * folder's files with upload, download and move, folder actions, and a search over the project's files by
 * name and file index.
 */
export function RepositoryPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const params = useParams();
  const projectId = routeIdOf(params.projectId);
  const repositoryRef: RepositoryRef = useMemo(
    () => ({ fileFormId: routeIdOf(params.fileForm), folderFormId: routeIdOf(params.folderForm) }),
    [params.fileForm, params.folderForm],
  );
  const tree = useRepositoryTree(repositoryRef, projectId);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const [action, setAction] = useState<FolderAction>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const folders = tree.data?.folders ?? [];
  const roots = useMemo(() => buildFolderTree(folders), [folders]);
  const selected = folders.find((folder) => folder.id === selectedId) ?? null;
  // The first folder is chosen until the user chooses one (or after theirs was deleted).
  useEffect(() => {
    if (!selected && roots[0]) setSelectedId(roots[0].folder.id);
  }, [selected, roots]);

  const run = async (work: () => Promise<number | null>) => {
    setBusy(true);
    setActionError(null);
    try {
      const chosen = await work();
      await queryClient.invalidateQueries({ queryKey: repositoryKeys.all(repositoryRef) });
      if (typeof chosen === 'number') setSelectedId(chosen);
      setAction(null);
    } catch (error) {
      setActionError(getErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const open = (next: FolderAction) => {
    setActionError(null);
    setAction(next);
  };

  if (tree.isPending && tree.fetchStatus !== 'idle')
    return <CircularProgress aria-label={t('repositories.loading')} />;
  if (tree.error || !tree.data)
    return (
      <Alert severity="error">{tree.error ? getErrorMessage(tree.error) : t('repositories.notFound')}</Alert>
    );
  const data = tree.data;
  const heading = `${localize(data.repository.name, i18n.language)} – ${data.project.formattedId} ${data.project.title}`;

  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h5">
        {heading}
      </Typography>
      {notice && (
        <Alert severity="success" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      <TextField
        type="search"
        label={t('repositories.search')}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        size="small"
        sx={{ maxWidth: 480 }}
      />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '320px 1fr' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ p: 1.5 }}>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mb: 1 }}>
            {data.canCreateRoot && (
              <Button size="small" startIcon={<CreateNewFolderIcon />} onClick={() => open('create')}>
                {t('repositories.newFolder')}
              </Button>
            )}
            {selected?.canWrite && (
              <>
                <Button size="small" startIcon={<CreateNewFolderIcon />} onClick={() => open('createSub')}>
                  {t('repositories.newSubfolder')}
                </Button>
                <Button size="small" startIcon={<EditIcon />} onClick={() => open('rename')}>
                  {t('repositories.rename')}
                </Button>
                <Button size="small" startIcon={<DriveFileMoveIcon />} onClick={() => open('move')}>
                  {t('repositories.moveFolder')}
                </Button>
                <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => open('delete')}>
                  {t('repositories.delete')}
                </Button>
              </>
            )}
            {selected && data.canManageAccess && (
              <Button size="small" startIcon={<LockPersonIcon />} onClick={() => open('access')}>
                {t('repositories.access')}
              </Button>
            )}
          </Stack>
          {folders.length === 0 ? (
            <Typography color="text.secondary">{t('repositories.noFolders')}</Typography>
          ) : (
            <FolderTree
              label={t('repositories.folders')}
              roots={roots}
              expanded={expanded}
              selectedId={selectedId}
              onToggle={(id, isOpen) =>
                setExpanded((current) => {
                  const next = new Set(current);
                  if (isOpen) next.add(id);
                  else next.delete(id);
                  return next;
                })
              }
              onSelect={(id) => {
                setSelectedId(id);
                setTyped('');
              }}
            />
          )}
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
          <FolderFilesPanel
            key={`${selectedId ?? 0}:${search}`}
            repositoryRef={repositoryRef}
            tree={data}
            folderId={selectedId}
            search={search}
          />
        </Paper>
      </Box>
      {(action === 'create' || action === 'createSub') && (
        <FolderNameDialog
          title={
            action === 'create'
              ? t('repositories.newFolder')
              : t('repositories.newSubfolderOf', { name: selected?.title ?? '' })
          }
          initial=""
          error={actionError}
          busy={busy}
          onCancel={() => setAction(null)}
          onSubmit={(name) =>
            void run(async () => {
              const parentId = action === 'createSub' ? (selected?.id ?? null) : null;
              const created = await createFolder(repositoryRef, projectId, parentId, name);
              if (parentId !== null) setExpanded((current) => new Set(current).add(parentId));
              return created.id;
            })
          }
        />
      )}
      {action === 'rename' && selected && (
        <FolderNameDialog
          title={t('repositories.renameFolder', { name: selected.title })}
          initial={selected.title}
          error={actionError}
          busy={busy}
          onCancel={() => setAction(null)}
          onSubmit={(name) => void run(async () => (await renameFolder(repositoryRef, selected.id, name)).id)}
        />
      )}
      {action === 'move' && selected && (
        <MoveDialog
          name={selected.title}
          folders={folders}
          excluded={selfAndDescendants(folders, selected.id)}
          allowRoot={data.canCreateRoot}
          error={actionError}
          busy={busy}
          onCancel={() => setAction(null)}
          onSubmit={(target) => void run(async () => (await moveFolder(repositoryRef, selected, target)).id)}
        />
      )}
      {action === 'access' && selected && (
        <FolderAccessDialog
          repositoryRef={repositoryRef}
          folder={selected}
          onClose={(saved) => {
            setAction(null);
            if (saved) setNotice(t('repositories.accessSaved'));
          }}
        />
      )}
      {action === 'delete' && selected && (
        <DeleteFolderDialog
          name={selected.title}
          error={actionError}
          busy={busy}
          onCancel={() => setAction(null)}
          onConfirm={() =>
            void run(async () => {
              await deleteFolder(repositoryRef, selected.id);
              setSelectedId(null);
              return null;
            })
          }
        />
      )}
    </Stack>
  );
}
