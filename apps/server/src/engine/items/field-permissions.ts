import { type ComponentDefinition, type FieldDefinition, lockedStatusesOf } from '@der/contracts';
import type { Db } from '../../infra/db/database.ts';
import { initialStatusOf } from '../definitions/components.repo.ts';
import { type FieldAccessSubject, holdsGrant, isExternalActor } from './field-access-grants.ts';
import { restrictedFieldsOf } from './field-read-permissions.ts';
import { checkFieldValue } from './field-values.ts';
import type { ItemActor } from './item-actor.ts';
import type { FieldIssue } from './item-changes.ts';
import { readOnlyByRules } from './read-only-rules.ts';

export { isExternalActor };

/** The system keys a save writes besides the configured fields. */
const WRITABLE_SYSTEM_KEYS = ['Title', 'Position'] as const;

/**
 * The keys (configured fields, Title, Position) the actor may not write while the item is in its status, by
 * the component's field permissions (contracts field-access.ts): in a locked status (default: a final one)
 * every key, for everyone; `departmentOnly` fields for external users; and where the status has an entry,
 * for anyone but administrators every key no grant they hold names, and the fields `readOnly` rules name over the
 * stored values. The one save refuses changes of these
 * keys; the form shows them read-only; checkPermissionToUpdate reads it too.
 */
export async function readOnlyFieldsOf(
  tx: Db,
  actor: ItemActor,
  component: ComponentDefinition,
  subject: FieldAccessSubject,
): Promise<Set<string>> {
  const keys = [
    ...component.fields.filter((field) => !field.deprecated).map((field) => field.key),
    ...WRITABLE_SYSTEM_KEYS,
  ];
  if (subject.status !== null && lockedStatusesOf(component).has(subject.status)) return new Set(keys);
  const readOnly = new Set<string>();
  if (isExternalActor(actor))
    for (const field of component.fields) if (field.departmentOnly) readOnly.add(field.key);
  if (actor.isAdministrator) return readOnly;
  for (const key of await readOnlyByRules(tx, component, subject.data)) readOnly.add(key);
  // What the actor may not see they may not write either (field-read-permissions.ts).
  for (const key of await restrictedFieldsOf(tx, actor, component, subject)) readOnly.add(key);
  const entry = component.fieldAccess?.statuses.find((candidate) => candidate.status === subject.status);
  // An entry with only `hidden` grants restricts no writes.
  if (!entry || (entry.write.length === 0 && entry.hidden.length > 0)) return readOnly;
  const writable = new Set<string>();
  for (const grant of entry.write)
    if (await holdsGrant(tx, actor, subject, grant)) for (const key of grant.fields) writable.add(key);
  for (const key of keys) if (!writable.has(key)) readOnly.add(key);
  return readOnly;
}

/** JSON with sorted keys: a value sent back as loaded compares equal to the stored one. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value as object)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

/** A sent value in the form it is stored in (a masked phone '(11) 91234-5678' is kept as its digits). */
function storedFormOf(field: FieldDefinition | undefined, value: unknown): unknown {
  if (value === '') return null;
  if (!field) return value;
  const checked = checkFieldValue(field, value, false);
  return checked.ok ? checked.value : value;
}

/**
 * The changes of read-only keys, as refusals naming each key. A read-only field sent with the value the item
 * already holds is no change (a form sends back what it loaded, formatted by its mask): only a different
 * stored value is refused.
 */
export function readOnlyFieldIssues(
  readOnly: ReadonlySet<string>,
  changes: Readonly<Record<string, unknown>>,
  before: Readonly<Record<string, unknown>>,
  fields: readonly FieldDefinition[] = [],
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const byKey = new Map(fields.map((field) => [field.key, field]));
  for (const [key, value] of Object.entries(changes)) {
    if (!readOnly.has(key)) continue;
    if (canonical(storedFormOf(byKey.get(key), value)) === canonical(before[key] ?? null)) continue;
    issues.push({ field: key, message: 'fieldNotEditable' });
  }
  return issues;
}

/** The names of actions, quoted and joined in each language ('“Alterar a taxa” ou “Corrigir”'). */
function actionNames(
  component: ComponentDefinition,
  keys: readonly string[],
): Record<'pt-BR' | 'en', string> {
  const names = keys.map(
    (key) =>
      component.workflow?.actions.find((action) => action.key === key)?.name ?? { 'pt-BR': key, en: key },
  );
  return {
    'pt-BR': names.map((name) => `“${name['pt-BR']}”`).join(' ou '),
    en: names.map((name) => `“${name.en}”`).join(' or '),
  };
}

/**
 * Changes of fields whose `changeActions` the save does not run (contracts field.ts), as refusals naming each
 * field and the actions that change it: a value once set (the fee fixed at sending) changes only with an action
 * whose reason the history keeps. Setting an empty field, sending back the value held, or editing an item still
 * in its workflow's initial status (a draft: nothing is fixed yet) is no such change.
 */
export function actionOnlyFieldIssues(
  component: ComponentDefinition,
  item: { status: string | null },
  changes: Readonly<Record<string, unknown>>,
  before: Readonly<Record<string, unknown>>,
  action: string | undefined,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (item.status === null || item.status === initialStatusOf(component)) return issues;
  for (const field of component.fields) {
    const actions = field.changeActions;
    if (!actions || !(field.key in changes) || (action && actions.includes(action))) continue;
    const held = before[field.key] ?? null;
    if (held === null || held === '') continue;
    const sent = changes[field.key];
    if (canonical(sent === '' ? null : sent) === canonical(held)) continue;
    issues.push({
      field: field.key,
      message: 'changeByAction',
      params: { actions: actionNames(component, actions) },
    });
  }
  return issues;
}

/**
 * Spec §6 "may edit the item", from the same rule as the save: the item's write right, and some field this
 * user may still write in its status (in a locked status nothing is, save through a workflow action).
 */
export function canEditWith(
  component: ComponentDefinition,
  writable: boolean,
  readOnly: ReadonlySet<string>,
): boolean {
  if (!writable) return false;
  const keys = [
    ...component.fields.filter((field) => !field.deprecated).map((field) => field.key),
    ...WRITABLE_SYSTEM_KEYS,
  ];
  return keys.some((key) => !readOnly.has(key));
}
