import type { ComponentDefinition } from '@der/contracts';
import type { Db } from '../../infra/db/database.ts';
import { type FieldAccessSubject, holdsGrant } from './field-access-grants.ts';
import type { ItemActor } from './item-actor.ts';

/**
 * The fields the actor may not see while the item is in its status, by the `hidden` grants of the component's
 * field permissions (contracts field-access.ts). Administrators see everything. Every read that returns item
 * values leaves these out (form item, list rows, exports, history), and the one save refuses writing them
 * (readOnlyFieldsOf counts them read-only): a user cannot write what they cannot see.
 */
export async function restrictedFieldsOf(
  tx: Db,
  actor: ItemActor,
  component: ComponentDefinition,
  subject: FieldAccessSubject,
): Promise<Set<string>> {
  const restricted = new Set<string>();
  if (actor.isAdministrator) return restricted;
  const entry = component.fieldAccess?.statuses.find((candidate) => candidate.status === subject.status);
  for (const grant of entry?.hidden ?? [])
    if (await holdsGrant(tx, actor, subject, grant)) for (const key of grant.fields) restricted.add(key);
  return restricted;
}

/** Whether some status of the component hides a field from someone (reads of many items skip the work if not). */
export function hasRestrictedFields(component: ComponentDefinition): boolean {
  return (component.fieldAccess?.statuses ?? []).some((entry) => entry.hidden.length > 0);
}

/** The values without the restricted keys. */
export function withoutRestricted<T extends Record<string, unknown>>(
  values: T,
  restricted: ReadonlySet<string>,
): T {
  if (restricted.size === 0) return values;
  return Object.fromEntries(Object.entries(values).filter(([key]) => !restricted.has(key))) as T;
}
