import { Alert, Box, CircularProgress, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { ComponentList } from '../list/ComponentList.tsx';
import { routeIdOf } from '../runtimePaths.ts';
import { useRuntimeProject } from './useRuntimeProject.ts';

/**
 * Spec §2.9 /runtime/{appID}/project/{projectId}/{title}: a project's items, one tab per item type the project
 * holds (getAllowedsProjectItemTypes), each on the shared data table scoped to the project.
 */
export function RuntimeProjectPage() {
  const { t } = useTranslation();
  const { appID = '', projectId: projectParam, title = '' } = useParams();
  const projectId = routeIdOf(projectParam);
  const [tab, setTab] = useState(0);
  const { project, itemTypes } = useRuntimeProject(projectId);
  const name = project.data ? `${project.data.formattedId} – ${project.data.title}` : title;
  const components = itemTypes.data?.components ?? [];
  const current = components[Math.min(tab, Math.max(components.length - 1, 0))];
  const error = project.error ?? itemTypes.error;

  return (
    <Box>
      <Typography component="h1" variant="h5" gutterBottom>
        {t('runtime.project.heading', { name })}
      </Typography>
      {error ? (
        <Alert severity="error">{getErrorMessage(error)}</Alert>
      ) : itemTypes.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('dataTable.loading')} />
        </Box>
      ) : components.length === 0 || !current ? (
        <Alert severity="info">{t('runtime.project.noItemTypes')}</Alert>
      ) : (
        <>
          <Tabs
            value={components.indexOf(current)}
            onChange={(_event, next: number) => setTab(next)}
            aria-label={t('runtime.project.itemTypes')}
            variant="scrollable"
            sx={{ mb: 2 }}
          >
            {components.map((component) => (
              <Tab key={component.id} label={component.pluralLabel} id={`project-tab-${component.id}`} />
            ))}
          </Tabs>
          <Box role="tabpanel" aria-labelledby={`project-tab-${current.id}`}>
            <ComponentList
              key={current.id}
              appId={appID}
              scope={{ componentId: current.id, projectId, queryId: 0, viewId: 0 }}
              form="0"
              title={current.pluralLabel}
            />
          </Box>
        </>
      )}
    </Box>
  );
}
