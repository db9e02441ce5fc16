import type { RepositoryFile, RepositoryRef, RepositoryTree } from '@der/contracts';
import { Alert, Box, LinearProgress, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { AttachmentDropzone } from '../../../shared/ui/FormRenderer/attachments/AttachmentDropzone.tsx';
import { saveBlobAs } from '../../../shared/ui/FormRenderer/attachments/saveBlob.ts';
import type { UploadProgress } from '../../../shared/ui/FormRenderer/attachments/useAttachmentUploads.ts';
import { FilesTable } from './FilesTable.tsx';
import { MoveDialog } from './FolderDialogs.tsx';
import { folderPath } from './folderTree.ts';
import { downloadFile, moveFile, repositoryKeys, uploadToFolder } from './repositoryQueries.ts';
import { useFolderFiles } from './useFolderFiles.ts';

/**
 * The right side of a project repository: the chosen folder's files (or, while the search box holds text, the
 * files of the whole project matching it by name or file index), the drop zone when the user may write in the
 * folder, download and move.
 */
export function FolderFilesPanel({
  repositoryRef,
  tree,
  folderId,
  search,
}: {
  repositoryRef: RepositoryRef;
  tree: RepositoryTree;
  folderId: number | null;
  search: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(25);
  const [progress, setProgress] = useState<UploadProgress[]>([]);
  const [notice, setNotice] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [moving, setMoving] = useState<RepositoryFile | null>(null);
  const [moveError, setMoveError] = useState<string | null>(null);
  const projectId = tree.project.id;
  const folder = tree.folders.find((candidate) => candidate.id === folderId) ?? null;
  const searching = search !== '';
  const files = useFolderFiles(repositoryRef, projectId, folderId, search, page, rowsPerPage);
  const refresh = () => queryClient.invalidateQueries({ queryKey: repositoryKeys.all(repositoryRef) });

  const upload = async (chosen: File[]) => {
    if (!folder) return;
    setNotice(null);
    setProgress(chosen.map((file) => ({ name: file.name, fraction: 0 })));
    const failures: string[] = [];
    for (const file of chosen) {
      try {
        await uploadToFolder(repositoryRef, folder.id, file, {}, (fraction) =>
          setProgress((list) =>
            list.map((entry) => (entry.name === file.name ? { ...entry, fraction } : entry)),
          ),
        );
      } catch (error) {
        failures.push(getErrorMessage(error));
      }
    }
    setProgress([]);
    await refresh();
    setNotice(
      failures.length > 0
        ? { severity: 'error', text: failures.join(' ') }
        : { severity: 'success', text: t('repositories.uploaded', { count: chosen.length }) },
    );
  };

  const download = async (file: RepositoryFile) => {
    try {
      saveBlobAs(await downloadFile(file.id), file.fileName ?? file.title);
    } catch (error) {
      setNotice({ severity: 'error', text: getErrorMessage(error) });
    }
  };

  const move = async (targetFolderId: number | null) => {
    if (!moving || targetFolderId === null) return;
    try {
      await moveFile(repositoryRef, moving, targetFolderId);
      setNotice({
        severity: 'success',
        text: t('repositories.moved', {
          name: moving.title,
          folder: folderPath(tree.folders, targetFolderId),
        }),
      });
      setMoving(null);
      await refresh();
    } catch (error) {
      setMoveError(getErrorMessage(error));
    }
  };

  const caption = searching
    ? t('repositories.searchResults', { text: search })
    : folder
      ? t('repositories.filesOf', { folder: folderPath(tree.folders, folder.id) })
      : '';

  return (
    <Stack spacing={2}>
      <Typography component="h2" variant="h6">
        {caption || t('repositories.chooseFolder')}
      </Typography>
      {notice && (
        <Alert severity={notice.severity} onClose={() => setNotice(null)}>
          {notice.text}
        </Alert>
      )}
      {!searching && folder && !folder.canWrite && (
        <Alert severity="info">{t('repositories.readOnlyFolder')}</Alert>
      )}
      {!searching && folder?.canWrite && (
        <AttachmentDropzone
          disabled={progress.length > 0}
          progress={progress}
          onFiles={(chosen) => void upload(chosen)}
        />
      )}
      {files.isFetching && <LinearProgress aria-label={t('repositories.loading')} />}
      {files.error && <Alert severity="error">{getErrorMessage(files.error)}</Alert>}
      {(searching || folder) && files.data && (
        <Box>
          <FilesTable
            caption={caption}
            rows={files.data.rows}
            total={files.data.total}
            page={page}
            rowsPerPage={rowsPerPage}
            fileIndexes={tree.repository.fileIndexes}
            onPage={setPage}
            onRowsPerPage={(rows) => {
              setRowsPerPage(rows);
              setPage(0);
            }}
            onDownload={(file) => void download(file)}
            onMove={(file) => {
              setMoveError(null);
              setMoving(file);
            }}
          />
        </Box>
      )}
      {moving && (
        <MoveDialog
          name={moving.title}
          folders={tree.folders}
          excluded={new Set(moving.folderId === null ? [] : [moving.folderId])}
          allowRoot={false}
          error={moveError}
          busy={false}
          onCancel={() => setMoving(null)}
          onSubmit={(target) => void move(target)}
        />
      )}
    </Stack>
  );
}
