import type { MenuItem as MenuEntry } from '@der/contracts';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Box, Button, Link, ListSubheader, Menu, MenuItem, Popover, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isExternalLink } from './findFirstMenuLink.ts';
import { ExternalMark, MenuBadge, MenuEntryIcon } from './MenuLinkItem.tsx';
import { resolveMenuLink } from './menuLinks.ts';

function linkProps(item: MenuEntry, appId: string) {
  const link = resolveMenuLink(item.link, appId);
  return isExternalLink(link)
    ? ({ component: 'a', href: link, target: '_blank', rel: 'noopener noreferrer' } as const)
    : ({ component: RouterLink, to: link } as const);
}

/** Every link below an entry, depth-first, with the section (title or group) it sits in. */
function flatten(items: MenuEntry[], section = ''): { item: MenuEntry; section: string }[] {
  return items.flatMap((item) => {
    if (item.title || item.child.length > 0) return flatten(item.child, item.name);
    return item.link ? [{ item, section }] : [];
  });
}

function TopLevelEntry({ item, appId, mega }: { item: MenuEntry; appId: string; mega: boolean }) {
  const { t } = useTranslation();
  const popupId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);

  if (item.child.length === 0) {
    if (!item.link) return null;
    const external = isExternalLink(resolveMenuLink(item.link, appId));
    return (
      <Button color="inherit" startIcon={<MenuEntryIcon item={item} />} {...linkProps(item, appId)}>
        {item.name}
        {external && <ExternalMark label={t('shell.opensInNewTab')} />}
        <MenuBadge item={item} />
      </Button>
    );
  }

  const trigger = (
    <Button
      color="inherit"
      startIcon={<MenuEntryIcon item={item} />}
      endIcon={<ExpandMore aria-hidden />}
      aria-haspopup={mega ? 'dialog' : 'menu'}
      aria-expanded={anchor ? true : undefined}
      aria-controls={anchor ? popupId : undefined}
      onClick={(event) => setAnchor(event.currentTarget)}
    >
      {item.name}
      <MenuBadge item={item} />
    </Button>
  );

  if (mega) {
    // Mega menu: one column per second-level entry, its links below it.
    const columns = item.child.map((child) => ({
      heading: child.child.length > 0 || child.title ? child.name : '',
      links:
        child.child.length > 0 || child.title
          ? flatten(child.child).map(({ item: entry }) => entry)
          : [child],
      key: child.key,
    }));
    return (
      <>
        {trigger}
        <Popover
          id={popupId}
          open={Boolean(anchor)}
          anchorEl={anchor}
          onClose={close}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
          slotProps={{ paper: { role: 'dialog', 'aria-label': item.name, sx: { p: 2, maxWidth: '90vw' } } }}
        >
          <Stack direction="row" spacing={4} sx={{ flexWrap: 'wrap' }}>
            {columns.map((column) => (
              <Box key={column.key} sx={{ minWidth: 180 }}>
                {column.heading && (
                  <Typography component="h3" variant="subtitle2" color="text.secondary" gutterBottom>
                    {column.heading}
                  </Typography>
                )}
                <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                  {column.links.map((entry) => (
                    <Box component="li" key={entry.key} sx={{ py: 0.5 }}>
                      <Link {...linkProps(entry, appId)} onClick={close} underline="hover">
                        {entry.name}
                      </Link>
                      <MenuBadge item={entry} />
                    </Box>
                  ))}
                </Box>
              </Box>
            ))}
          </Stack>
        </Popover>
      </>
    );
  }

  const entries = flatten(item.child, '');
  return (
    <>
      {trigger}
      <Menu id={popupId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {entries.flatMap(({ item: entry, section }, index) => [
          ...(section && section !== entries[index - 1]?.section
            ? [
                <ListSubheader
                  key={`section-${entry.key}`}
                  component="div"
                  role="none"
                  sx={{ lineHeight: '32px' }}
                >
                  {section}
                </ListSubheader>,
              ]
            : []),
          <MenuItem key={entry.key} {...linkProps(entry, appId)} onClick={close}>
            {entry.name}
            <MenuBadge item={entry} />
          </MenuItem>,
        ])}
      </Menu>
    </>
  );
}

/** The horizontal menu of the top-navigation and mega-menu layouts (spec §2.9). */
export function HorizontalMenu({ items, appId, mega }: { items: MenuEntry[]; appId: string; mega: boolean }) {
  const topLevel = items.flatMap((item) => (item.title ? item.child : [item]));
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      {topLevel.map((item) => (
        <TopLevelEntry key={item.key} item={item} appId={appId} mega={mega} />
      ))}
    </Stack>
  );
}
