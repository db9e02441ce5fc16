import type { Application, MenuItem } from '@der/contracts';
import { Box, CircularProgress } from '@mui/material';
import { useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { mainContentProps } from '../../shared/ui/SkipLink.tsx';
import { useUiState } from '../../shared/ui-state/UiStateProvider.tsx';
import { findFirstMenuLink } from './findFirstMenuLink.ts';
import { resolveMenuLink } from './menuLinks.ts';
import { ShellLayout } from './ShellLayout.tsx';
import { useApplicationMenu } from './useApplicationMenu.ts';

export interface RuntimeOutletContext {
  application: Application | null;
  menu: MenuItem[];
}

/** Appends the current query string to a link that may carry its own. */
export function withSearch(link: string, search: string): string {
  if (!search || search === '?') return link;
  return link.includes('?') ? `${link}&${search.replace(/^\?/, '')}` : `${link}${search}`;
}

/**
 * The runtime shell of /runtime/{appID} (spec §2.9): a spinner until the menu loads (a failure stops it
 * silently), the side menu open unless the application is collapsedMenu, and a redirect from the bare
 * /runtime/{appID} to the first menu link, keeping the query string.
 */
export function RuntimeShell() {
  const { t } = useTranslation();
  const { appID = '' } = useParams();
  const location = useLocation();
  const [, setUiState] = useUiState();
  const query = useApplicationMenu(appID);
  const [menu, application] = query.data ?? [[], null];
  usePageTitle(application?.name ?? t('screens.runtime'));

  // The application decides how the menu starts, once per application opened; later toggles are the user's.
  // A layout effect, before the first paint of the shell: the drawer must not slide shut on arrival.
  const [appliedFor, setAppliedFor] = useState<string | null>(null);
  useLayoutEffect(() => {
    if (!application || appliedFor === appID) return;
    setUiState({ sidebarOpen: !application.collapsedMenu });
    setAppliedFor(appID);
  }, [application, appID, appliedFor, setUiState]);
  const applying = application !== null && appliedFor !== appID;

  if ((query.isPending && query.fetchStatus !== 'idle') || applying) {
    return (
      <Box
        component="main"
        {...mainContentProps}
        sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}
      >
        <CircularProgress aria-label={t('shell.loadingMenu')} />
      </Box>
    );
  }

  const atRoot = location.pathname.replace(/\/+$/, '') === `/runtime/${appID}`;
  if (atRoot) {
    const first = findFirstMenuLink(menu);
    if (first) return <Navigate to={withSearch(resolveMenuLink(first, appID), location.search)} replace />;
  }

  const context: RuntimeOutletContext = { application, menu };
  return (
    <ShellLayout application={application} menu={menu} appId={appID}>
      <Outlet context={context} />
    </ShellLayout>
  );
}
