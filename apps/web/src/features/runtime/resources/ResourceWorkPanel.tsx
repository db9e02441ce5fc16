import type { ResourcePendingItem, ResourceProject, ResourceRow } from '@der/contracts';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Chip,
  LinearProgress,
  Link,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { readableTextColor } from '../../../shared/ui/DataTable/readableTextColor.ts';
import { runtimePaths } from '../runtimePaths.ts';
import { loadPendingWork, loadResourceProjects, resourceKeys } from './resourceQueries.ts';

/**
 * A resource's projects (those the viewer may see) and, per project opened, its pending tasks and every
 * pending item its person is responsible for; each opens the item's form. An asset is responsible for nothing.
 */
export function ResourceWorkPanel({
  appId,
  applicationId,
  resource,
}: {
  appId: string;
  applicationId: number;
  resource: ResourceRow;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const projects = useQuery({
    queryKey: resourceKeys.projects(applicationId, resource.id),
    queryFn: ({ signal }) => loadResourceProjects(applicationId, resource.id, signal),
    retry: false,
  });
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: 2 }}
      data-testid="resource-work"
    >
      <Typography id={headingId} component="h2" variant="h6" gutterBottom>
        {t('resources.workOf', { name: resource.name })}
      </Typography>
      {projects.isPending && <LinearProgress aria-label={t('app.loading')} />}
      {projects.error && <Alert severity="error">{getErrorMessage(projects.error)}</Alert>}
      {projects.data?.projects.length === 0 && <Typography>{t('resources.noProjects')}</Typography>}
      {projects.data?.projects.map((project) => (
        <Accordion
          key={project.id}
          expanded={open === project.id}
          onChange={(_event, expanded) => setOpen(expanded ? project.id : null)}
          slotProps={{ transition: { unmountOnExit: true } }}
        >
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography component="h3" variant="subtitle1">
              {project.formattedId} — {project.title}
            </Typography>
          </AccordionSummary>
          <AccordionDetails>
            {resource.kind === 'asset' ? (
              <Typography>{t('resources.assetNoPending')}</Typography>
            ) : (
              <Stack spacing={2}>
                <PendingList
                  appId={appId}
                  applicationId={applicationId}
                  resource={resource}
                  project={project}
                  kind="tasks"
                />
                <PendingList
                  appId={appId}
                  applicationId={applicationId}
                  resource={resource}
                  project={project}
                  kind="items"
                />
              </Stack>
            )}
          </AccordionDetails>
        </Accordion>
      ))}
    </Paper>
  );
}

function PendingList({
  appId,
  applicationId,
  resource,
  project,
  kind,
}: {
  appId: string;
  applicationId: number;
  resource: ResourceRow;
  project: ResourceProject;
  kind: 'items' | 'tasks';
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const query = { resourceId: resource.id, projectId: project.id, applicationId };
  const pending = useQuery({
    queryKey: resourceKeys.pending(kind, query),
    queryFn: ({ signal }) => loadPendingWork(kind, query, signal),
    retry: false,
  });
  const title = t(kind === 'tasks' ? 'resources.pendingTasks' : 'resources.pendingItems');
  return (
    <Box component="section" aria-labelledby={headingId} data-testid={`pending-${kind}`}>
      <Typography id={headingId} component="h4" variant="subtitle2">
        {title}
        {pending.data ? ` (${pending.data.items.length})` : ''}
      </Typography>
      {pending.isPending && <LinearProgress aria-label={t('app.loading')} />}
      {pending.error && <Alert severity="error">{getErrorMessage(pending.error)}</Alert>}
      {pending.data?.items.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('resources.nothingPending')}
        </Typography>
      )}
      {pending.data?.capped && (
        <Alert severity="info">{t('resources.capped', { count: pending.data.items.length })}</Alert>
      )}
      {pending.data && pending.data.items.length > 0 && (
        <List dense aria-labelledby={headingId}>
          {pending.data.items.map((item) => (
            <PendingEntry key={item.itemId} appId={appId} item={item} />
          ))}
        </List>
      )}
    </Box>
  );
}

function PendingEntry({ appId, item }: { appId: string; item: ResourcePendingItem }) {
  const { t, i18n } = useTranslation();
  const text = `${item.formattedId} — ${item.title || item.componentLabel}`;
  const due = item.dueAt
    ? t('resources.dueAt', { date: new Date(item.dueAt).toLocaleDateString(i18n.language) })
    : undefined;
  return (
    <ListItem
      disableGutters
      secondaryAction={
        item.statusName ? (
          <Chip
            size="small"
            label={item.statusName}
            sx={
              item.statusColor
                ? { bgcolor: item.statusColor, color: readableTextColor(item.statusColor) }
                : undefined
            }
          />
        ) : undefined
      }
    >
      <ListItemText
        primary={
          item.formId ? (
            <Link
              component={RouterLink}
              to={runtimePaths.editItem(appId, item.componentId, item.itemId, item.formId)}
            >
              {text}
            </Link>
          ) : (
            text
          )
        }
        secondary={[item.componentLabel, due].filter(Boolean).join(' · ')}
      />
    </ListItem>
  );
}
