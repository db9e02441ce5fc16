import type { MenuItem } from '@der/contracts';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Chip } from '@mui/material';
import { AppIcon } from '../apps/AppIcon.tsx';

/** The icon of a menu entry, when it has one (decorative: the entry's name labels it). */
export function MenuEntryIcon({ item }: { item: MenuItem }) {
  if (!item.icon && !item.imageContent) return null;
  return <AppIcon iconName={item.icon} imageContent={item.imageContent} size={20} />;
}

/** The server's count next to an entry (spec §2.9 "badges"). */
export function MenuBadge({ item }: { item: MenuItem }) {
  if (item.badge === null || item.badge === undefined) return null;
  return (
    <Chip
      size="small"
      color="secondary"
      label={item.badge}
      data-testid={`menu-badge-${item.key}`}
      sx={{ ml: 1 }}
    />
  );
}

/** Marks an external link, which opens in a new tab; the text is for screen readers. */
export function ExternalMark({ label }: { label: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', ml: 0.5 }}>
      <OpenInNewIcon sx={{ fontSize: 14 }} aria-hidden />
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
    </Box>
  );
}

export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
