import {
  assertNever,
  type ComponentDefinition,
  type DisplayValue,
  type FieldDefinition,
  isReferenceType,
  type Language,
  type ListRow,
  type ListUser,
  localize,
  organizationalUnitLabel,
  referenceTargetOf,
} from '@der/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import { companies } from '../../modules/companies/companies.table.ts';
import { userGroups } from '../../modules/groups/groups.table.ts';
import { organizationalUnits } from '../../modules/organizational-units/organizational-units.table.ts';
import { hasRestrictedFields, restrictedFieldsOf } from '../items/field-read-permissions.ts';
import type { ItemActor } from '../items/item-actor.ts';
import { runtimeItems } from '../items/items.table.ts';
import { resources } from '../resources/resources.table.ts';
import { workCalendars } from '../work-calendars/work-calendars.table.ts';
import { type ItemViewer, visibleItemCondition } from './item-visibility.ts';
import type { ListItemRow } from './list-query.ts';

/** What a reference points at, by the table its ids live in. */
type Target = 'user' | 'group' | 'unit' | 'company' | 'item' | 'calendar' | 'resource' | 'none';

/** The table a field's referenced ids are named from (the field-type registry's target). */
function targetOf(field: FieldDefinition): Target {
  const target = referenceTargetOf(field.type);
  switch (target) {
    case 'user':
    case 'group':
    case 'company':
    case 'item':
    case 'calendar':
    case 'resource':
      return target;
    case 'orgUnit':
      return 'unit';
    case 'project':
      return 'item';
    // USERS_OR_GROUPS keeps `{ kind, id }` entries (referencesOf); a bare id there names nothing.
    case 'userOrGroup':
    case null:
      return 'none';
    default:
      return assertNever(target);
  }
}

interface Reference {
  target: Target;
  id: number;
}

/** The ids a stored reference value holds (one id, an id list, or USERS_OR_GROUPS `{ kind, id }` objects). */
function referencesOf(field: FieldDefinition, value: unknown): Reference[] {
  if (value === null || value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.flatMap((entry): Reference[] => {
    if (typeof entry === 'number') return [{ target: targetOf(field), id: entry }];
    if (field.type === 'USERS_OR_GROUPS' && entry && typeof entry === 'object') {
      const { kind, id } = entry as { kind?: unknown; id?: unknown };
      if (typeof id !== 'number') return [];
      return [{ target: kind === 'group' ? 'group' : 'user', id }];
    }
    return [];
  });
}

export interface DisplayContext {
  db: Db;
  /** With `language` and `kind` when the caller has them: field read permissions are checked per row. */
  viewer: ItemViewer & Partial<Pick<ItemActor, 'kind'>>;
  language: Language;
  component: ComponentDefinition;
  /** Configured fields whose values the answer carries (the visible columns). */
  fields: readonly FieldDefinition[];
  /** Lookups kept across calls (an export's batches: the same project and users recur on every one). */
  cache?: DisplayCache;
}

interface UserLabel {
  id: number;
  name: string;
  avatar: string;
}

/** Referenced items and users already looked up, by id; null when there was none (or none visible). */
export interface DisplayCache {
  items: Map<number, ItemLabel | null>;
  users: Map<number, UserLabel | null>;
}

export function newDisplayCache(): DisplayCache {
  return { items: new Map(), users: new Map() };
}

/** The rows of these ids: the cached ones, and the others fetched (and remembered, found or not). */
async function lookUp<T extends { id: number }>(
  ids: ReadonlySet<number>,
  cache: Map<number, T | null> | undefined,
  fetch: (missing: number[]) => Promise<T[]>,
): Promise<Map<number, T>> {
  const found = new Map<number, T>();
  const missing: number[] = [];
  for (const id of ids) {
    const known = cache?.get(id);
    if (known === undefined) missing.push(id);
    else if (known !== null) found.set(id, known);
  }
  if (missing.length === 0) return found;
  for (const row of await fetch(missing)) found.set(row.id, row);
  if (cache) for (const id of missing) cache.set(id, found.get(id) ?? null);
  return found;
}

export interface DisplayedRows {
  rows: ListRow[];
  users: Record<string, ListUser>;
}

interface ItemLabel {
  id: number;
  formattedId: string;
  title: string;
  responsibleId: number | null;
}

/**
 * List rows with their display values (spec §3 row fields; user names and avatars, company names, project
 * titles, item codes, group and unit names, status and picklist texts with colours). Referenced items are read through
 * the visibility rule: an item the viewer may not see lends no title to the rows that point at it.
 */
export async function displayRows(
  context: DisplayContext,
  items: readonly ListItemRow[],
): Promise<DisplayedRows> {
  const { db, viewer, language, component, fields } = context;
  const ids = {
    user: new Set<number>(),
    group: new Set<number>(),
    unit: new Set<number>(),
    company: new Set<number>(),
    item: new Set<number>(),
    calendar: new Set<number>(),
    resource: new Set<number>(),
  };
  const referenceFields = fields.filter((field) => isReferenceType(field.type));
  for (const row of items) {
    for (const id of [row.responsibleId, row.creatorId, row.modifierId]) if (id) ids.user.add(id);
    for (const id of [row.projectId, row.parentId]) if (id) ids.item.add(id);
    for (const field of referenceFields) {
      for (const reference of referencesOf(field, row.data[field.key])) {
        if (reference.target !== 'none') ids[reference.target].add(reference.id);
      }
    }
  }

  const itemLabels = await lookUp(ids.item, context.cache?.items, (missing) =>
    db
      .select({
        id: runtimeItems.id,
        formattedId: runtimeItems.formattedId,
        title: runtimeItems.title,
        responsibleId: runtimeItems.responsibleId,
      })
      .from(runtimeItems)
      .where(and(inArray(runtimeItems.id, missing), visibleItemCondition(viewer))),
  );
  // The project manager column is the project item's responsible.
  for (const item of itemLabels.values()) if (item.responsibleId) ids.user.add(item.responsibleId);
  const [userById, groupRows, unitRows, companyRows, calendarRows, resourceRows] = await Promise.all([
    lookUp(ids.user, context.cache?.users, (missing) =>
      db
        .select({ id: users.id, name: users.name, avatar: users.avatar })
        .from(users)
        .where(inArray(users.id, missing)),
    ),
    ids.group.size > 0
      ? db
          .select({ id: userGroups.id, name: userGroups.name })
          .from(userGroups)
          .where(inArray(userGroups.id, [...ids.group]))
      : [],
    ids.unit.size > 0
      ? db
          .select({
            id: organizationalUnits.id,
            name: organizationalUnits.name,
            acronym: organizationalUnits.acronym,
          })
          .from(organizationalUnits)
          .where(inArray(organizationalUnits.id, [...ids.unit]))
      : [],
    ids.company.size > 0
      ? db
          .select({ id: companies.id, name: companies.name })
          .from(companies)
          .where(inArray(companies.id, [...ids.company]))
      : [],
    ids.calendar.size > 0
      ? db
          .select({ id: workCalendars.id, name: workCalendars.name })
          .from(workCalendars)
          .where(inArray(workCalendars.id, [...ids.calendar]))
      : [],
    ids.resource.size > 0
      ? db
          .select({ id: resources.id, name: sql<string>`coalesce(${users.name}, ${resources.name})` })
          .from(resources)
          .leftJoin(users, eq(users.id, resources.userId))
          .where(inArray(resources.id, [...ids.resource]))
      : [],
  ]);
  const groupNames = new Map(groupRows.map((group) => [group.id, group.name]));
  const companyNames = new Map(companyRows.map((company) => [company.id, company.name]));
  const calendarNames = new Map(calendarRows.map((calendar) => [calendar.id, calendar.name]));
  const resourceNames = new Map(resourceRows.map((resource) => [resource.id, resource.name]));
  // "DFD — Divisão de Faixa de Domínio": the sigla is how the department names its units day to day.
  const unitNames = new Map(unitRows.map((unit) => [unit.id, organizationalUnitLabel(unit)]));

  const statuses = new Map(
    (component.workflow?.statuses ?? []).map((status) => [
      status.key,
      { text: localize(status.name, language), color: status.color ?? null },
    ]),
  );
  const userDisplay = (id: number | null): DisplayValue[] => {
    const user = id ? userById.get(id) : undefined;
    return user ? [{ id: user.id, text: user.name, color: null }] : [];
  };
  const itemDisplay = (id: number | null, projectTitleOnly: boolean): DisplayValue[] => {
    const item = id ? itemLabels.get(id) : undefined;
    if (!item || !id) return [];
    return [{ id, text: projectTitleOnly ? item.title : `${item.formattedId} - ${item.title}`, color: null }];
  };
  const referenceDisplay = (reference: Reference, field: FieldDefinition): DisplayValue | null => {
    switch (reference.target) {
      case 'user':
        return userDisplay(reference.id)[0] ?? null;
      case 'group': {
        const name = groupNames.get(reference.id);
        return name === undefined ? null : { id: reference.id, text: name, color: null };
      }
      case 'unit': {
        const name = unitNames.get(reference.id);
        return name === undefined ? null : { id: reference.id, text: name, color: null };
      }
      case 'company': {
        const name = companyNames.get(reference.id);
        return name === undefined ? null : { id: reference.id, text: name, color: null };
      }
      case 'item':
        return itemDisplay(reference.id, field.type === 'PROJECT')[0] ?? null;
      case 'calendar':
      case 'resource': {
        const name = (reference.target === 'calendar' ? calendarNames : resourceNames).get(reference.id);
        return name === undefined ? null : { id: reference.id, text: name, color: null };
      }
      case 'none':
        return { id: reference.id, text: String(reference.id), color: null };
      default:
        return assertNever(reference.target);
    }
  };
  const fieldDisplay = (field: FieldDefinition, value: unknown): DisplayValue[] | null => {
    if (value === null || value === undefined) return null;
    if (field.type === 'PICKLIST') {
      const option = field.options.find((candidate) => candidate.value === value);
      return option
        ? [{ id: option.value, text: localize(option.text, language), color: option.color ?? null }]
        : [];
    }
    if (field.type === 'ITEM_TYPE_STATUS') {
      const status = statuses.get(String(value));
      return status ? [{ id: String(value), ...status }] : [];
    }
    if (!isReferenceType(field.type)) return null;
    return referencesOf(field, value).flatMap((reference) => {
      const shown = referenceDisplay(reference, field);
      return shown ? [shown] : [];
    });
  };

  const restrictedOf = await restrictedFieldsByRow(context, items);
  const rows = items.map((row): ListRow => {
    const restricted = restrictedOf(row);
    const status = row.status ? statuses.get(row.status) : undefined;
    const project = row.projectId ? itemLabels.get(row.projectId) : undefined;
    const managerId = project?.responsibleId ?? null;
    const values: Record<string, unknown> = {};
    const display: Record<string, DisplayValue[]> = {
      ResponsibleName: userDisplay(row.responsibleId),
      CreatorName: userDisplay(row.creatorId),
      ModifierName: userDisplay(row.modifierId),
      ProjectName: itemDisplay(row.projectId, true),
      ProjectManager: userDisplay(managerId),
      Parent: itemDisplay(row.parentId, false),
      StatusName: row.status
        ? [{ id: row.status, text: status?.text ?? row.status, color: status?.color ?? null }]
        : [],
    };
    for (const field of fields) {
      // A field the viewer may not see in this row's status is answered blank (null, no display).
      const value = restricted.has(field.key) ? null : (row.data[field.key] ?? null);
      values[field.key] = value;
      const shown = fieldDisplay(field, value);
      if (shown) display[field.key] = shown;
    }
    return {
      ID: row.id,
      FormattedID: row.formattedId,
      Title: row.title,
      Parent: row.parentId,
      ProjectID: row.projectId,
      ProjectName: project?.title ?? null,
      ProjectManager: managerId ? (userById.get(managerId)?.name ?? null) : null,
      CreationDate: row.createdAt,
      LastModify: row.modifiedAt,
      CreatorName: row.creatorId ? (userById.get(row.creatorId)?.name ?? null) : null,
      ModifierName: row.modifierId ? (userById.get(row.modifierId)?.name ?? null) : null,
      ResponsibleName: row.responsibleId ? (userById.get(row.responsibleId)?.name ?? null) : null,
      ResponsibleID: row.responsibleId,
      Status: row.status,
      StatusName: row.status ? (status?.text ?? row.status) : null,
      StatusColor: status?.color ?? null,
      Version: row.version,
      Reason: row.reason,
      Position: row.position,
      HasAttachment: row.hasAttachment,
      HasDigitalContent: row.hasDigitalContent,
      DueDate: row.dueAt,
      DueSoonDate: row.dueSoonAt,
      values,
      display,
    };
  });
  const usersById: Record<string, ListUser> = {};
  for (const user of userById.values()) usersById[String(user.id)] = user;
  return { rows, users: usersById };
}

/**
 * Per row, the fields the viewer may not see in its status (field-read-permissions.ts): nothing when the
 * component hides no field; otherwise each row's subject (status, creator, responsible, project) is checked once.
 */
async function restrictedFieldsByRow(
  context: DisplayContext,
  items: readonly ListItemRow[],
): Promise<(row: ListItemRow) => ReadonlySet<string>> {
  const none: ReadonlySet<string> = new Set();
  if (context.viewer.isAdministrator || !hasRestrictedFields(context.component)) return () => none;
  const actor: ItemActor = { language: context.language, ...context.viewer };
  const bySubject = new Map<string, ReadonlySet<string>>();
  const keyOf = (row: ListItemRow) => `${row.status}|${row.creatorId}|${row.responsibleId}|${row.projectId}`;
  for (const row of items) {
    const key = keyOf(row);
    if (!bySubject.has(key))
      bySubject.set(key, await restrictedFieldsOf(context.db, actor, context.component, row));
  }
  return (row) => bySubject.get(keyOf(row)) ?? none;
}
