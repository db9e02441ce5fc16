import { localize, type RepositorySummary } from '@der/contracts';
import FolderIcon from '@mui/icons-material/Folder';
import {
  Alert,
  Button,
  CircularProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { routeIdOf } from '../runtimePaths.ts';
import { useRepositoryProjects } from './useRepositoryProjects.ts';

/** /runtime/{appID}/repository/{projectId}/{fileForm}/{folderForm}/{title}: one project's repository. */
export function repositoryPath(
  appId: string,
  projectId: number,
  repository: Pick<RepositorySummary, 'fileFormId' | 'folderFormId'>,
  title: string,
): string {
  return `/runtime/${appId}/repository/${projectId}/${repository.fileFormId}/${repository.folderFormId}/${encodeURIComponent(title)}`;
}

/**
 * The application's repositories by project (/runtime/{appID}/repositories/{title}, spec §2.9): the projects
 * the user may see, each with a link to its repository (one per repository the application declares).
 */
export function RepositoriesPage() {
  const { t, i18n } = useTranslation();
  const { appID = '', title = '' } = useParams();
  const applicationId = routeIdOf(appID);
  const projects = useRepositoryProjects(applicationId);
  const data = projects.data;
  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h5">
        {title || t('repositories.title')}
      </Typography>
      <Typography color="text.secondary">{t('repositories.projectsIntro')}</Typography>
      {projects.isPending && projects.fetchStatus !== 'idle' && (
        <CircularProgress aria-label={t('repositories.loading')} />
      )}
      {projects.error && <Alert severity="error">{getErrorMessage(projects.error)}</Alert>}
      {data && data.projects.length === 0 && <Alert severity="info">{t('repositories.noProjects')}</Alert>}
      {data && data.projects.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label={t('repositories.projectsTable')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('repositories.columns.project')}</TableCell>
                <TableCell>{t('repositories.columns.manager')}</TableCell>
                <TableCell>{t('repositories.columns.repositories')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.projects.map((project) => (
                <TableRow key={project.id} hover>
                  <TableCell>
                    {project.formattedId} – {project.title}
                  </TableCell>
                  <TableCell>{project.managerName ?? ''}</TableCell>
                  <TableCell>
                    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                      {data.repositories
                        .filter((repository) => project.repositoryKeys.includes(repository.key))
                        .map((repository) => {
                          const name = localize(repository.name, i18n.language);
                          return (
                            <Button
                              key={repository.key}
                              size="small"
                              variant="outlined"
                              startIcon={<FolderIcon />}
                              component={RouterLink}
                              to={repositoryPath(appID, project.id, repository, `${name} – ${project.title}`)}
                              aria-label={t('repositories.openRepository', {
                                repository: name,
                                project: project.title,
                              })}
                            >
                              {name}
                            </Button>
                          );
                        })}
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Stack>
  );
}
