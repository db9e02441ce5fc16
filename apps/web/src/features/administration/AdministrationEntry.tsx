import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { canAdministrate } from './adminAccess.ts';
import { ADMIN_BASE, PLAN_TITLE } from './adminPaths.ts';

/**
 * The user menu's / chooser's entry to the administration area, rendered only for users with the
 * administration permission (spec §6). For UserMenu (features/profile) to place above "Sair".
 */
export function AdministrationMenuEntry({ onClick }: { onClick?: () => void }) {
  const { t } = useTranslation();
  if (!canAdministrate()) return null;
  return (
    <MenuItem component={RouterLink} to={`${ADMIN_BASE}/${PLAN_TITLE}`} onClick={onClick}>
      <ListItemIcon>
        <AdminPanelSettingsIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{t('admin.userMenuEntry')}</ListItemText>
    </MenuItem>
  );
}
