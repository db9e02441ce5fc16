import { Box, Typography } from '@mui/material';
import { useParams } from 'react-router';
import { ComponentList } from '../list/ComponentList.tsx';
import { routeIdOf } from '../runtimePaths.ts';

/** Spec §2.9 /runtime/{appID}/list/{componentID}/{form}/{query}/{view}/{title}. */
export function RuntimeListPage() {
  const { appID = '', componentID, form = '0', query, view, title = '' } = useParams();
  const componentId = routeIdOf(componentID);
  return (
    <Box>
      <Typography component="h1" variant="h5" gutterBottom>
        {title}
      </Typography>
      <ComponentList
        key={`${componentId}:${query}:${view}`}
        appId={appID}
        scope={{ componentId, projectId: null, queryId: routeIdOf(query), viewId: routeIdOf(view) }}
        form={form}
        title={title}
      />
    </Box>
  );
}

/** Spec §2.9 /runtime/{appID}/listProject/{componentID}/{projectID}/{title}: a list inside one project (0: all). */
export function RuntimeListProjectPage() {
  const { appID = '', componentID, projectID, title = '' } = useParams();
  const componentId = routeIdOf(componentID);
  const projectId = routeIdOf(projectID) || null;
  return (
    <Box>
      <Typography component="h1" variant="h5" gutterBottom>
        {title}
      </Typography>
      <ComponentList
        key={`${componentId}:${projectId}`}
        appId={appID}
        scope={{ componentId, projectId, queryId: 0, viewId: 0 }}
        form="0"
        title={title}
      />
    </Box>
  );
}
