import type { TFunction } from 'i18next';

/**
 * How an audit event reads ('Entrada no sistema' for 'auth.login.success'): each code the server writes has a
 * name under admin.audit.actionNames (its dots as underscores, since i18next reads dots as nesting). A code
 * without one (a new event, an old row) reads as itself.
 */
export function auditActionName(t: TFunction, action: string): string {
  return t(`admin.audit.actionNames.${action.replaceAll('.', '_')}`, { defaultValue: action });
}
