import { assertNever, type FieldDefinition, referenceTargetOf } from '@der/contracts';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import { companies } from '../../modules/companies/companies.table.ts';
import { userGroups } from '../../modules/groups/groups.table.ts';
import { organizationalUnits } from '../../modules/organizational-units/organizational-units.table.ts';
import { fileReferenceChecker } from '../files/file-references.ts';
import { isProjectItem } from '../projects/item-access.ts';
import { type ItemViewer, visibleItemCondition } from '../query/item-visibility.ts';
import { resources } from '../resources/resources.table.ts';
import { workCalendars } from '../work-calendars/work-calendars.table.ts';
import type { FieldValue } from './field-value.ts';
import { runtimeItems } from './items.table.ts';

/** The ids of a `reference` (one id) or `references` value (an id list). */
function plainIds(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  return Array.isArray(value) ? value.filter((entry): entry is number => typeof entry === 'number') : [];
}

/** USERS_OR_GROUPS values: `{ kind, id }` entries. */
function userAndGroupIds(value: unknown): { userIds: number[]; groupIds: number[] } {
  const entries = Array.isArray(value) ? (value as Array<{ kind: 'user' | 'group'; id: number }>) : [];
  return {
    userIds: entries.filter((entry) => entry.kind === 'user').map((entry) => entry.id),
    groupIds: entries.filter((entry) => entry.kind === 'group').map((entry) => entry.id),
  };
}

async function existing(
  tx: Db,
  table: typeof users | typeof userGroups | typeof companies | typeof resources | typeof workCalendars,
  ids: Set<number>,
): Promise<Set<number>> {
  if (ids.size === 0) return new Set();
  const rows = await tx
    .select({ id: table.id })
    .from(table)
    .where(inArray(table.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}

/**
 * The ids among `ids` that are active organisational units (new choices; a unit deactivated after an item chose
 * it stays that item's value: items.service checks only the references a save adds).
 */
async function activeUnits(tx: Db, ids: Set<number>): Promise<Set<number>> {
  if (ids.size === 0) return new Set();
  const rows = await tx
    .select({ id: organizationalUnits.id })
    .from(organizationalUnits)
    .where(and(inArray(organizationalUnits.id, [...ids]), eq(organizationalUnits.active, true)));
  return new Set(rows.map((row) => row.id));
}

/** The ids among `ids` that are items the viewer may see within `scope`. */
async function visibleItems(tx: Db, viewer: ItemViewer, ids: Set<number>, scope: SQL): Promise<Set<number>> {
  if (ids.size === 0) return new Set();
  const rows = await tx
    .select({ id: runtimeItems.id })
    .from(runtimeItems)
    .where(and(inArray(runtimeItems.id, [...ids]), scope, visibleItemCondition(viewer)));
  return new Set(rows.map((row) => row.id));
}

/** What a reference field's ids are checked against; null for types that are not (checked) references. */
type ReferenceTarget =
  | {
      kind: 'table';
      table: typeof users | typeof userGroups | typeof companies | typeof resources | typeof workCalendars;
    }
  | { kind: 'items'; scope: SQL }
  | { kind: 'usersOrGroups' }
  | { kind: 'units' }
  | null;

/** The registry's reference target of a field, as the table or item scope its ids are checked against. */
function targetOf(field: FieldDefinition): ReferenceTarget {
  const target = referenceTargetOf(field.type);
  switch (target) {
    case 'user':
      return { kind: 'table', table: users };
    case 'group':
      return { kind: 'table', table: userGroups };
    case 'company':
      return { kind: 'table', table: companies };
    case 'userOrGroup':
      return { kind: 'usersOrGroups' };
    case 'project':
      return { kind: 'items', scope: isProjectItem };
    case 'item':
      return { kind: 'items', scope: eq(runtimeItems.componentId, field.targetComponentId ?? 0) };
    case 'orgUnit':
      return { kind: 'units' };
    // RESOURCES: an existing resource (spec §7.4, engine/resources).
    case 'resource':
      return { kind: 'table', table: resources };
    // CALENDAR: an existing working calendar (administration, engine/work-calendars).
    case 'calendar':
      return { kind: 'table', table: workCalendars };
    // Not references.
    case null:
      return null;
    default:
      return assertNever(target);
  }
}

/**
 * Checks the references of many values with one query per field (an import of thousands of rows asks the
 * database a handful of times): referenced users, groups and companies must exist, organisational units must be active, and referenced items
 * (PROJECT, GENERIC_ITEM_TYPE) must be items the viewer may see, so that a reference cannot probe for hidden
 * items. Stored files (BINARY) must be the actor's own new uploads (file-references.ts).
 * Returns the test for one value.
 */
export async function referenceChecker(
  tx: Db,
  viewer: ItemViewer,
  values: readonly FieldValue[],
): Promise<(entry: FieldValue) => boolean> {
  const wanted = new Map<string, { field: FieldDefinition; users: Set<number>; groups: Set<number> }>();
  for (const { field, value } of values) {
    if (value === null || targetOf(field) === null) continue;
    const bucket = wanted.get(field.key) ?? { field, users: new Set<number>(), groups: new Set<number>() };
    wanted.set(field.key, bucket);
    if (field.type === 'USERS_OR_GROUPS') {
      const { userIds, groupIds } = userAndGroupIds(value);
      for (const id of userIds) bucket.users.add(id);
      for (const id of groupIds) bucket.groups.add(id);
    } else for (const id of plainIds(value)) bucket.users.add(id);
  }
  const found = new Map<string, { users: Set<number>; groups: Set<number> }>();
  for (const [key, bucket] of wanted) {
    const target = targetOf(bucket.field)!;
    if (target.kind === 'table')
      found.set(key, { users: await existing(tx, target.table, bucket.users), groups: new Set() });
    else if (target.kind === 'units')
      found.set(key, { users: await activeUnits(tx, bucket.users), groups: new Set() });
    else if (target.kind === 'items')
      found.set(key, {
        users: await visibleItems(tx, viewer, bucket.users, target.scope),
        groups: new Set(),
      });
    else
      found.set(key, {
        users: await existing(tx, users, bucket.users),
        groups: await existing(tx, userGroups, bucket.groups),
      });
  }
  // BINARY ids: files the actor uploaded, claimed by this save (file-references.ts).
  const isValidFile = await fileReferenceChecker(tx, viewer, values);
  return ({ field, value }) => {
    if (field.type === 'BINARY') return isValidFile({ field, value });
    const known = found.get(field.key);
    if (value === null || !known) return true;
    if (field.type === 'USERS_OR_GROUPS') {
      const { userIds, groupIds } = userAndGroupIds(value);
      return userIds.every((id) => known.users.has(id)) && groupIds.every((id) => known.groups.has(id));
    }
    return plainIds(value).every((id) => known.users.has(id));
  };
}

/** The fields among `values` whose references are not valid (see referenceChecker). */
export async function invalidReferenceFields(
  tx: Db,
  viewer: ItemViewer,
  values: readonly FieldValue[],
): Promise<FieldDefinition[]> {
  const isValid = await referenceChecker(tx, viewer, values);
  return values.filter((entry) => !isValid(entry)).map((entry) => entry.field);
}
