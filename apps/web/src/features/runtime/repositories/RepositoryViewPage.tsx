import { localize, type RepositoryFile } from '@der/contracts';
import {
  Alert,
  CircularProgress,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { saveBlobAs } from '../../../shared/ui/FormRenderer/attachments/saveBlob.ts';
import { routeIdOf } from '../runtimePaths.ts';
import { FilesTable } from './FilesTable.tsx';
import { downloadFile } from './repositoryQueries.ts';
import { useRepositoryProjects } from './useRepositoryProjects.ts';
import { useRepositorySearch } from './useRepositorySearch.ts';

const SEARCH_DELAY_MS = 300;

/**
 * One repository across every project (/runtime/{appID}/repositoryView/{title}, spec §2.9). Decided: what a
 * user expects of a view over the whole repository is to find a document without knowing its project — so it
 * is the repository's files of all the projects they may see (folder access applied), by
 * title, narrowed by the search box (name or file index value), with the project of each file; download only
 * (moves belong to one project's repository page). An application with several repositories offers a choice.
 */
export function RepositoryViewPage() {
  const { t, i18n } = useTranslation();
  const { appID = '', title = '' } = useParams();
  const applicationId = routeIdOf(appID);
  const [repositoryKey, setRepositoryKey] = useState('');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(25);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPage(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const projects = useRepositoryProjects(applicationId);
  const repositories = projects.data?.repositories ?? [];
  const repository = repositories.find((entry) => entry.key === repositoryKey) ?? repositories[0];
  const files = useRepositorySearch(repository, search, page, rowsPerPage);
  const download = async (file: RepositoryFile) => {
    try {
      saveBlobAs(await downloadFile(file.id), file.fileName ?? file.title);
    } catch (failure) {
      setError(getErrorMessage(failure));
    }
  };

  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h5">
        {title || t('repositories.viewTitle')}
      </Typography>
      <Typography color="text.secondary">{t('repositories.viewIntro')}</Typography>
      {projects.isPending && projects.fetchStatus !== 'idle' && (
        <CircularProgress aria-label={t('repositories.loading')} />
      )}
      {(projects.error || files.error) && (
        <Alert severity="error">{getErrorMessage(projects.error ?? files.error)}</Alert>
      )}
      {error && (
        <Alert severity="error" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {repositories.length > 1 && (
          <TextField
            select
            size="small"
            label={t('repositories.repository')}
            value={repository?.key ?? ''}
            onChange={(event) => {
              setRepositoryKey(event.target.value);
              setPage(0);
            }}
            sx={{ minWidth: 240 }}
          >
            {repositories.map((entry) => (
              <MenuItem key={entry.key} value={entry.key}>
                {localize(entry.name, i18n.language)}
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          type="search"
          size="small"
          label={t('repositories.search')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          sx={{ maxWidth: 480, flexGrow: 1 }}
        />
      </Stack>
      {files.isFetching && <LinearProgress aria-label={t('repositories.loading')} />}
      {repository && files.data && (
        <FilesTable
          caption={localize(repository.name, i18n.language)}
          rows={files.data.rows}
          total={files.data.total}
          page={page}
          rowsPerPage={rowsPerPage}
          fileIndexes={repository.fileIndexes}
          showProject
          onPage={setPage}
          onRowsPerPage={(rows) => {
            setRowsPerPage(rows);
            setPage(0);
          }}
          onDownload={(file) => void download(file)}
        />
      )}
      {projects.data && repositories.length === 0 && (
        <Alert severity="info">{t('repositories.noRepositories')}</Alert>
      )}
    </Stack>
  );
}
