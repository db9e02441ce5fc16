import CircleIcon from '@mui/icons-material/Circle';
import EditIcon from '@mui/icons-material/Edit';
import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import {
  Avatar,
  Badge,
  Box,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
  Tooltip,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdministrationMenuEntry } from '../administration/AdministrationEntry.tsx';
import { useLogout } from '../auth/useLogout.ts';
import { readStoredSession } from '../session/sessionStorage.ts';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';
import { EditProfileDialog } from './EditProfileDialog.tsx';
import { PRESENCE_COLOURS, PRESENCE_STATUSES, usePresenceStatus } from './presenceStatus.ts';

/**
 * The user menu of spec §2.10: avatar, name, e-mail, edit profile, change password (only with
 * hasChangePasswordPermission), presence status and exit.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const menuId = useId();
  const logout = useLogout();
  const [session] = useState(() => readStoredSession());
  const [user, setUser] = useState(() => session?.loggedUser ?? { id: 0, name: '', avatar: '', email: '' });
  const [presence, setPresence] = usePresenceStatus();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'profile' | 'password' | null>(null);
  const close = () => setAnchor(null);
  const initial = user.name.slice(0, 1).toUpperCase();

  return (
    <>
      <Tooltip title={t('profile.menu')}>
        <IconButton
          color="inherit"
          aria-label={t('profile.menuOf', { name: user.name })}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? true : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <Badge
            overlap="circular"
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            badgeContent={<CircleIcon color={PRESENCE_COLOURS[presence]} sx={{ fontSize: 12 }} aria-hidden />}
          >
            <Avatar src={user.avatar || undefined} alt="" sx={{ width: 32, height: 32 }}>
              {initial}
            </Avatar>
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': t('profile.menu') } }}
      >
        <Box
          role="none"
          sx={{ px: 2, py: 1.5, display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 260 }}
        >
          <Avatar src={user.avatar || undefined} alt="" sx={{ width: 48, height: 48 }}>
            {initial}
          </Avatar>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography noWrap data-testid="user-name">
              {user.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap data-testid="user-email">
              {user.email}
            </Typography>
          </Box>
        </Box>
        <MenuItem
          onClick={() => {
            close();
            setDialog('profile');
          }}
        >
          <ListItemIcon>
            <EditIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('profile.editProfile')}</ListItemText>
        </MenuItem>
        <Divider />
        <ListSubheader component="div" role="none" sx={{ lineHeight: '32px' }}>
          {t('profile.status')}
        </ListSubheader>
        {PRESENCE_STATUSES.map((status) => (
          <MenuItem
            key={status}
            role="menuitemradio"
            aria-checked={presence === status}
            selected={presence === status}
            dense
            onClick={() => setPresence(status)}
          >
            <ListItemIcon>
              <CircleIcon color={PRESENCE_COLOURS[status]} sx={{ fontSize: 14 }} aria-hidden />
            </ListItemIcon>
            <ListItemText>{t(`profile.presence.${status}`)}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        {session?.hasChangePasswordPermission && (
          <MenuItem
            onClick={() => {
              close();
              setDialog('password');
            }}
          >
            <ListItemIcon>
              <LockResetIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('profile.changePassword')}</ListItemText>
          </MenuItem>
        )}
        <AdministrationMenuEntry onClick={close} />
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('profile.exit')}</ListItemText>
        </MenuItem>
      </Menu>
      <EditProfileDialog
        open={dialog === 'profile'}
        user={user}
        onClose={() => setDialog(null)}
        onSaved={(saved) => setUser((previous) => ({ ...previous, ...saved }))}
      />
      <ChangePasswordDialog open={dialog === 'password'} onClose={() => setDialog(null)} />
    </>
  );
}
