import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AppsIcon from '@mui/icons-material/Apps';
import AssessmentIcon from '@mui/icons-material/Assessment';
import AssignmentIcon from '@mui/icons-material/Assignment';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import BarChartIcon from '@mui/icons-material/BarChart';
import BusinessIcon from '@mui/icons-material/Business';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import ChecklistIcon from '@mui/icons-material/Checklist';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import EventIcon from '@mui/icons-material/Event';
import FolderIcon from '@mui/icons-material/Folder';
import GroupIcon from '@mui/icons-material/Group';
import HomeIcon from '@mui/icons-material/Home';
import InboxIcon from '@mui/icons-material/Inbox';
import ListIcon from '@mui/icons-material/List';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import MapIcon from '@mui/icons-material/Map';
import PersonIcon from '@mui/icons-material/Person';
import PrintIcon from '@mui/icons-material/Print';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RouteIcon from '@mui/icons-material/Route';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SearchIcon from '@mui/icons-material/Search';
import SettingsIcon from '@mui/icons-material/Settings';
import TableChartIcon from '@mui/icons-material/TableChart';
import TimerIcon from '@mui/icons-material/Timer';
import ViewKanbanIcon from '@mui/icons-material/ViewKanban';
import WorkIcon from '@mui/icons-material/Work';
import { Box, type SvgIconProps } from '@mui/material';
import type { ComponentType } from 'react';

/**
 * The icons an application or menu item may name (Material icon names, in snake_case or PascalCase). A curated
 * set rather than the whole icon package: importing every icon would add megabytes to the bundle.
 */
const ICONS: Record<string, ComponentType<SvgIconProps>> = {
  accounttree: AccountTreeIcon,
  apps: AppsIcon,
  assessment: AssessmentIcon,
  assignment: AssignmentIcon,
  attachfile: AttachFileIcon,
  barchart: BarChartIcon,
  business: BusinessIcon,
  calendarmonth: CalendarMonthIcon,
  calendartoday: CalendarMonthIcon,
  checklist: ChecklistIcon,
  dashboard: DashboardIcon,
  description: DescriptionIcon,
  directionscar: DirectionsCarIcon,
  event: EventIcon,
  folder: FolderIcon,
  group: GroupIcon,
  people: GroupIcon,
  home: HomeIcon,
  inbox: InboxIcon,
  list: ListIcon,
  localshipping: LocalShippingIcon,
  map: MapIcon,
  person: PersonIcon,
  print: PrintIcon,
  receiptlong: ReceiptLongIcon,
  receipt: ReceiptLongIcon,
  route: RouteIcon,
  schedule: ScheduleIcon,
  search: SearchIcon,
  settings: SettingsIcon,
  tablechart: TableChartIcon,
  timer: TimerIcon,
  viewkanban: ViewKanbanIcon,
  work: WorkIcon,
};

function normalizeIconName(name: string): string {
  return name
    .replace(/Icon$/, '')
    .replace(/^(fa[srb]?|mdi)[-\s]/i, '')
    .replace(/[-_\s]/g, '')
    .toLowerCase();
}

export function findIcon(name: string): ComponentType<SvgIconProps> | null {
  return ICONS[normalizeIconName(name)] ?? null;
}

/** 'FD' for 'Faixa de Domínio': the first letters of its first two words that are not connectives. */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => word !== '' && !/^(d[aeo]s?|e|of|the|and)$/i.test(word));
  return words
    .slice(0, 2)
    .map((word) => word[0]?.toLocaleUpperCase('pt-BR') ?? '')
    .join('');
}

/**
 * The initials drawn in a ring, as an image used as a mask over the text colour: a picture, not text, so the
 * control's accessible name (the application's name) is the only text it has (axe label-content-name-mismatch).
 */
function initialsMask(initials: string): string {
  const svg =
    "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 40 40'>" +
    "<circle cx='20' cy='20' r='18' fill='none' stroke='black' stroke-width='3'/>" +
    "<text x='20' y='25.5' text-anchor='middle' font-family='Roboto,Arial,sans-serif' font-size='15' font-weight='700'>" +
    `${initials}</text></svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

/**
 * An application's or menu item's picture: its own image when it has one, else the named icon; else, given the
 * application's name, its initials — the generic grid icon is the apps button's own, and an application shown
 * with it beside that button reads as a second apps button. Decorative: the name next to it labels the control.
 */
export function AppIcon({
  iconName,
  imageContent,
  size = 24,
  color,
  name,
}: {
  iconName: string;
  imageContent?: string;
  size?: number;
  color?: SvgIconProps['color'];
  /** The application's name: its initials stand in for an icon it does not have. */
  name?: string;
}) {
  if (imageContent?.startsWith('data:image/') || imageContent?.startsWith('/')) {
    return (
      <Box
        component="img"
        src={imageContent}
        alt=""
        sx={{ width: size, height: size, objectFit: 'contain' }}
      />
    );
  }
  const Icon = findIcon(iconName);
  const initials = !Icon && name ? initialsOf(name) : '';
  if (initials) {
    return (
      <Box
        aria-hidden
        data-testid="app-initials"
        data-initials={initials}
        sx={{
          width: size,
          height: size,
          flexShrink: 0,
          bgcolor: color === 'primary' || color === 'secondary' ? `${color}.main` : 'currentColor',
          maskImage: initialsMask(initials),
          maskSize: 'contain',
          maskRepeat: 'no-repeat',
        }}
      />
    );
  }
  const Shown = Icon ?? AppsIcon;
  return <Shown aria-hidden color={color} sx={{ fontSize: size }} />;
}
