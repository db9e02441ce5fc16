import type { Application, Layout, MenuItem } from '@der/contracts';
import { Box, Drawer, Fade, LinearProgress, Typography, useMediaQuery } from '@mui/material';
import { alpha, useTheme } from '@mui/material/styles';
import { type ReactNode, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useSettings } from '../../app/SettingsContext.ts';
import { mainContentProps } from '../../shared/ui/SkipLink.tsx';
import { useUiState } from '../../shared/ui-state/UiStateProvider.tsx';
import { resolveAppearance } from '../../shared/ui-state/uiStateStore.ts';
import { AppIcon } from '../apps/AppIcon.tsx';
import { HorizontalMenu } from './HorizontalMenu.tsx';
import { SideMenu } from './SideMenu.tsx';
import {
  BIG_SIDEBAR_WIDTH,
  FIXED_MENU_SCROLL_PX,
  PAGE_TRANSITION_MS,
  PROGRESS_INDICATOR_MS,
  SIDEBAR_WIDTH,
} from './shellConstants.ts';
import { TopBar } from './TopBar.tsx';
import { useScrollY } from './useScrollY.ts';
import { useTransientFlag } from './useTransientFlag.ts';

const HORIZONTAL_LAYOUTS: readonly Layout[] = ['top-navigation', 'mega-menu'];

export function sidebarWidth(layout: Layout): number {
  return layout === 'big-sidebar' ? BIG_SIDEBAR_WIDTH : SIDEBAR_WIDTH;
}

function SidebarHeader({ application, brand }: { application: Application | null; brand: boolean }) {
  const { t } = useTranslation();
  if (!application) return null;
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: 2,
        py: 2,
        borderBottom: 1,
        borderColor: brand ? 'transparent' : 'divider',
      }}
      data-testid="sidebar-header"
    >
      <AppIcon
        iconName={application.iconName}
        imageContent={application.imageContent}
        size={32}
        name={application.name}
        color={brand ? 'inherit' : 'primary'}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography component="h2" variant="subtitle1" noWrap sx={{ fontWeight: 500 }}>
          {application.name}
        </Typography>
        {application.appVersion && (
          <Typography variant="caption" sx={{ opacity: 0.8 }}>
            {t('shell.version', { version: application.appVersion })}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/**
 * The runtime shell's frame (spec §2.9): top bar, the menu as a sidebar (left, big, right, plugflex) or a
 * horizontal bar (top-navigation, mega-menu), and the content area with the page transition and progress
 * indicator.
 */
export function ShellLayout({
  application,
  menu,
  appId,
  children,
}: {
  application: Application | null;
  menu: MenuItem[];
  appId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const settings = useSettings();
  const [uiState, setUiState] = useUiState();
  const { layout } = resolveAppearance(uiState, settings);
  const { pathname } = useLocation();
  const scrollY = useScrollY();
  const navId = useId();
  const small = useMediaQuery(theme.breakpoints.down('md'));
  const horizontal = HORIZONTAL_LAYOUTS.includes(layout);
  const brand = layout === 'plugflex';
  const width = sidebarWidth(layout);
  const sidebarOpen = uiState.sidebarOpen;
  const showProgress = useTransientFlag(pathname, PROGRESS_INDICATOR_MS);
  const fixedMenu = scrollY > FIXED_MENU_SCROLL_PX;
  const title = application?.name ?? t('screens.runtime');
  const menuLabel = t('shell.menuLabel', { name: title });

  const sidebar = (
    <Drawer
      variant={small ? 'temporary' : 'persistent'}
      anchor={layout === 'right-sidebar' ? 'right' : 'left'}
      open={sidebarOpen}
      onClose={() => setUiState({ sidebarOpen: false })}
      sx={{
        width: sidebarOpen && !small ? width : 0,
        flexShrink: 0,
        transition: theme.transitions.create('width'),
      }}
      slotProps={{
        paper: {
          sx: {
            width,
            position: small ? 'fixed' : 'sticky',
            top: small ? 0 : 64,
            height: small ? '100%' : 'calc(100vh - 64px)',
            ...(brand && {
              backgroundImage: `linear-gradient(160deg, ${theme.palette.primary.dark}, ${theme.palette.primary.main})`,
              color: theme.palette.primary.contrastText,
              '& .MuiListSubheader-root': {
                bgcolor: 'transparent',
                color: alpha(theme.palette.primary.contrastText, 0.8),
              },
              '& .MuiListItemIcon-root': { color: 'inherit' },
            }),
          },
        },
      }}
    >
      <Box component="nav" id={navId} aria-label={menuLabel} data-layout={layout}>
        <SidebarHeader application={application} brand={brand} />
        <SideMenu items={menu} appId={appId} />
      </Box>
    </Drawer>
  );

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <TopBar
        title={title}
        alwaysShowTitle={horizontal || !sidebarOpen}
        menuOpen={horizontal ? undefined : sidebarOpen}
        onToggleMenu={horizontal ? undefined : () => setUiState({ sidebarOpen: !sidebarOpen })}
        menuControls={horizontal ? undefined : navId}
      />
      {horizontal && (
        <Box
          component="nav"
          aria-label={menuLabel}
          data-layout={layout}
          data-fixed={fixedMenu ? 'true' : 'false'}
          sx={{
            position: fixedMenu ? 'sticky' : 'static',
            top: 64,
            zIndex: theme.zIndex.appBar - 1,
            px: 2,
            py: 0.5,
            bgcolor: 'background.paper',
            borderBottom: 1,
            borderColor: 'divider',
            boxShadow: fixedMenu ? 2 : 0,
          }}
        >
          <HorizontalMenu items={menu} appId={appId} mega={layout === 'mega-menu'} />
        </Box>
      )}
      <Box
        sx={{ display: 'flex', flex: 1, flexDirection: layout === 'right-sidebar' ? 'row-reverse' : 'row' }}
      >
        {!horizontal && sidebar}
        <Box
          component="main"
          {...mainContentProps}
          sx={{ flex: 1, minWidth: 0, position: 'relative', outline: 'none' }}
          data-layout={layout}
        >
          {showProgress && (
            <LinearProgress
              aria-label={t('app.loading')}
              sx={{ position: 'absolute', top: 0, left: 0, right: 0 }}
              data-testid="page-progress"
            />
          )}
          <Fade key={pathname} in appear timeout={PAGE_TRANSITION_MS}>
            <Box sx={{ p: { xs: 2, md: 3 }, height: '100%' }}>
              {/* Lazy screens load inside the shell, which stays on screen meanwhile. */}
              <Suspense fallback={<LinearProgress aria-label={t('app.loading')} />}>{children}</Suspense>
            </Box>
          </Fade>
        </Box>
      </Box>
    </Box>
  );
}
