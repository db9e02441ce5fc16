import AppsIcon from '@mui/icons-material/Apps';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import MenuIcon from '@mui/icons-material/Menu';
import { AppBar, Box, IconButton, Link, Toolbar, Tooltip, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useSettings } from '../../app/SettingsContext.ts';
import { AppIcon } from '../apps/AppIcon.tsx';
import { openApplication } from '../apps/openApplication.ts';
import { useAllowedApplications } from '../apps/useAllowedApplications.ts';
import { NotificationBell } from '../messages/NotificationBell.tsx';
import { registerPushOnce } from '../messages/registerPush.ts';
import { UserMenu } from '../profile/UserMenu.tsx';
import { SettingsPanel } from './SettingsPanel.tsx';
import { HEADER_DARK_SCROLL_PX, TITLE_SCROLL_PX } from './shellConstants.ts';
import { useConnectivityNotices } from './useConnectivityNotices.ts';
import { useScrollY } from './useScrollY.ts';

function useFullScreen(): [boolean, () => void] {
  const [active, setActive] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const handleChange = () => setActive(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', handleChange);
    return () => document.removeEventListener('fullscreenchange', handleChange);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen?.();
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };
  return [active, toggle];
}

/**
 * The top bar of the session pages (spec §2.10): menu button, title, full-screen toggle, apps button, toolbar
 * application icons, settings, notification bell and user menu. It darkens when the page is scrolled above
 * 30 px; the title shows above 40 px unless `alwaysShowTitle` (no sidebar shows it).
 */
export function TopBar({
  title,
  alwaysShowTitle,
  menuOpen,
  onToggleMenu,
  menuControls,
}: {
  title: string;
  alwaysShowTitle: boolean;
  menuOpen?: boolean;
  onToggleMenu?: () => void;
  menuControls?: string;
}) {
  const { t } = useTranslation();
  const settings = useSettings();
  const navigate = useNavigate();
  const scrollY = useScrollY();
  const [fullScreen, toggleFullScreen] = useFullScreen();
  const { data: applications = [] } = useAllowedApplications();
  const toolbarApps = applications.filter((application) => application.displayOnToolbar);
  const darker = scrollY > HEADER_DARK_SCROLL_PX;
  const showTitle = alwaysShowTitle || scrollY > TITLE_SCROLL_PX;

  useConnectivityNotices();
  useEffect(() => {
    registerPushOnce();
  }, []);

  return (
    <AppBar
      position="sticky"
      elevation={darker ? 4 : 0}
      data-scrolled={darker ? 'true' : 'false'}
      sx={(theme) => ({
        bgcolor: darker ? 'primary.dark' : 'primary.main',
        color: 'primary.contrastText',
        transition: theme.transitions.create(['background-color', 'box-shadow']),
        borderBottom: `1px solid ${alpha(theme.palette.common.black, 0.08)}`,
      })}
    >
      <Toolbar sx={{ gap: 0.5 }}>
        {onToggleMenu && (
          <Tooltip title={menuOpen ? t('shell.closeMenu') : t('shell.openMenu')}>
            <IconButton
              edge="start"
              color="inherit"
              aria-label={menuOpen ? t('shell.closeMenu') : t('shell.openMenu')}
              aria-expanded={menuOpen}
              aria-controls={menuControls}
              onClick={onToggleMenu}
            >
              <MenuIcon />
            </IconButton>
          </Tooltip>
        )}
        <Link
          component={RouterLink}
          to="/app"
          color="inherit"
          underline="none"
          sx={{ display: 'flex', alignItems: 'center', mr: 1 }}
          aria-label={t('shell.home', { brand: settings.brand })}
        >
          {settings.logoWhite ? (
            <Box component="img" src={settings.logoWhite} alt="" sx={{ height: 32 }} />
          ) : (
            <Typography component="span" variant="h6">
              {settings.brand}
            </Typography>
          )}
        </Link>
        <Typography
          component="p"
          variant="h6"
          noWrap
          data-testid="topbar-title"
          aria-hidden={!showTitle}
          sx={(theme) => ({
            flex: 1,
            minWidth: 0,
            opacity: showTitle ? 1 : 0,
            transition: theme.transitions.create('opacity'),
          })}
        >
          {title}
        </Typography>
        <Tooltip title={fullScreen ? t('shell.exitFullScreen') : t('shell.fullScreen')}>
          <IconButton
            color="inherit"
            aria-label={fullScreen ? t('shell.exitFullScreen') : t('shell.fullScreen')}
            aria-pressed={fullScreen}
            onClick={toggleFullScreen}
          >
            {fullScreen ? <FullscreenExitIcon /> : <FullscreenIcon />}
          </IconButton>
        </Tooltip>
        {applications.length > 1 && (
          <Tooltip title={t('shell.apps')}>
            <IconButton color="inherit" aria-label={t('shell.apps')} component={RouterLink} to="/app">
              <AppsIcon />
            </IconButton>
          </Tooltip>
        )}
        {toolbarApps.map((application) => (
          <Tooltip key={application.id} title={application.name}>
            <IconButton
              color="inherit"
              aria-label={application.name}
              onClick={() => openApplication(application, navigate)}
            >
              <AppIcon
                iconName={application.iconName}
                imageContent={application.imageContent}
                name={application.name}
              />
            </IconButton>
          </Tooltip>
        ))}
        <SettingsPanel />
        <NotificationBell />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}
