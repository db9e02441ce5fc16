/** Spec §2.11: the canonical paths of the administration area (the menu links are aliases of these). */
export const ADMIN_BASE = '/administration';
export const PLAN_TITLE = 'Plano Contratado';

export type AdminSection =
  | 'plan'
  | 'groups'
  | 'users'
  | 'companies'
  | 'organization'
  | 'calendars'
  | 'log'
  | 'additionalFields'
  | 'emailServer'
  | 'definitions'
  | 'settings';

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  'plan',
  'groups',
  'users',
  'companies',
  'organization',
  'calendars',
  'log',
  'additionalFields',
  'emailServer',
  'definitions',
  'settings',
];

/**
 * Relative route paths (under /administration) of each section: the first is the menu link form of §2.11
 * (`{label}` = the translated menu label), the others its aliases.
 */
export const ADMIN_ROUTE_PATHS: Record<Exclude<AdminSection, 'plan'>, readonly string[]> = {
  groups: ['group/:label', 'groups/:title', 'groups'],
  users: ['User/:label', 'users/:title', 'users'],
  companies: ['Company/:label', 'companies'],
  organization: ['OrganizationalStructure/:label', 'organization'],
  calendars: ['Calendar/:label', 'calendars'],
  log: ['Log/:label', 'log'],
  additionalFields: ['AddicionalField/:label', 'additionalFields'],
  emailServer: ['EmailServer/:label', 'emailServer'],
  definitions: ['ApplicationDefinitions/:label', 'definitions'],
  settings: ['Settings/:label', 'settings'],
};

/** The side-menu link of a section: /administration/{Prefix}/{label}, the plan at /administration/Plano Contratado. */
export function adminMenuLink(section: AdminSection, label: string): string {
  if (section === 'plan') return `${ADMIN_BASE}/${PLAN_TITLE}`;
  const prefix = ADMIN_ROUTE_PATHS[section][0]?.split('/')[0] ?? section;
  return `${ADMIN_BASE}/${prefix}/${label}`;
}
