import type { MenuItem } from '@der/contracts';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Collapse, List, ListItemButton, ListItemIcon, ListItemText, ListSubheader } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { useUiState } from '../../shared/ui-state/UiStateProvider.tsx';
import { isExternalLink } from './findFirstMenuLink.ts';
import { ExternalMark, MenuBadge, MenuEntryIcon } from './MenuLinkItem.tsx';
import { isActiveLink, resolveMenuLink } from './menuLinks.ts';

function MenuEntry({ item, appId, depth }: { item: MenuItem; appId: string; depth: number }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [uiState, setUiState] = useUiState();
  const indent = 2 + depth * 2;

  if (item.title) {
    return (
      <>
        <li>
          <ListSubheader
            component="div"
            role="heading"
            aria-level={3}
            disableSticky
            sx={{ pl: indent, lineHeight: '32px', mt: 1, textTransform: 'uppercase', fontSize: '0.75rem' }}
          >
            {item.name}
          </ListSubheader>
        </li>
        {item.child.map((child) => (
          <MenuEntry key={child.key} item={child} appId={appId} depth={depth} />
        ))}
      </>
    );
  }

  if (item.child.length > 0) {
    const open = uiState.openSubmenus.includes(item.key);
    const toggle = () =>
      setUiState({
        openSubmenus: open
          ? uiState.openSubmenus.filter((key) => key !== item.key)
          : [...uiState.openSubmenus, item.key],
      });
    const groupId = `submenu-${item.key}`;
    return (
      <li>
        <ListItemButton onClick={toggle} aria-expanded={open} aria-controls={groupId} sx={{ pl: indent }}>
          {(item.icon || item.imageContent) && (
            <ListItemIcon sx={{ minWidth: 36 }}>
              <MenuEntryIcon item={item} />
            </ListItemIcon>
          )}
          <ListItemText primary={item.name} />
          <MenuBadge item={item} />
          {open ? <ExpandLess aria-hidden /> : <ExpandMore aria-hidden />}
        </ListItemButton>
        <Collapse in={open} timeout="auto" unmountOnExit>
          <List id={groupId} disablePadding aria-label={item.name}>
            {item.child.map((child) => (
              <MenuEntry key={child.key} item={child} appId={appId} depth={depth + 1} />
            ))}
          </List>
        </Collapse>
      </li>
    );
  }

  const link = resolveMenuLink(item.link, appId);
  const external = isExternalLink(link);
  const active = !external && isActiveLink(link, pathname);
  const content = (
    <>
      {(item.icon || item.imageContent) && (
        <ListItemIcon sx={{ minWidth: 36 }}>
          <MenuEntryIcon item={item} />
        </ListItemIcon>
      )}
      <ListItemText primary={item.name} />
      {external && <ExternalMark label={t('shell.opensInNewTab')} />}
      <MenuBadge item={item} />
    </>
  );
  return (
    <li>
      {external ? (
        <ListItemButton
          component="a"
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          sx={{ pl: indent }}
        >
          {content}
        </ListItemButton>
      ) : (
        <ListItemButton
          component={RouterLink}
          to={link}
          selected={active}
          aria-current={active ? 'page' : undefined}
          sx={{ pl: indent }}
        >
          {content}
        </ListItemButton>
      )}
    </li>
  );
}

/** The nested, expandable side menu of spec §2.9; open submenus are remembered in the UI state. */
export function SideMenu({ items, appId }: { items: MenuItem[]; appId: string }) {
  return (
    <List component="ul" dense sx={{ py: 0 }}>
      {items.map((item) => (
        <MenuEntry key={item.key} item={item} appId={appId} depth={0} />
      ))}
    </List>
  );
}
