import type { ComponentDefinition, FieldDefinition } from '@der/contracts';
import {
  assertNever,
  localize,
  organizationalUnitLabel,
  referenceTargetOf,
  storageKindOf,
} from '@der/contracts';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../infra/db/database.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import { companies } from '../../modules/companies/companies.table.ts';
import { userGroups } from '../../modules/groups/groups.table.ts';
import { organizationalUnits } from '../../modules/organizational-units/organizational-units.table.ts';
import { runtimeItems } from '../items/items.table.ts';
import { isProjectItem } from '../projects/item-access.ts';
import { type ItemViewer, visibleItemCondition } from '../query/item-visibility.ts';
import { resources } from '../resources/resources.table.ts';
import { workCalendars } from '../work-calendars/work-calendars.table.ts';
import { instantInput } from './import-dates.ts';
import type { RawCell } from './raw-cell.ts';

/** Lookup key of a name: case and surrounding blanks do not matter. */
const nameKey = (text: string) => text.trim().toLocaleLowerCase('pt-BR');
/** Two rows with the same name: the text cannot say which one is meant. */
const AMBIGUOUS = -1;

type Target = 'user' | 'group' | 'unit' | 'company' | 'project' | 'item' | 'calendar' | 'resource';

/**
 * Where the names of a reference cell are looked up (the field-type registry's target); null for
 * non-references. USERS_OR_GROUPS names are looked up among users and groups both.
 */
function targetOf(field: FieldDefinition): Target | null {
  const target = referenceTargetOf(field.type);
  switch (target) {
    case 'user':
    case 'group':
    case 'company':
    case 'project':
    case 'item':
    case 'calendar':
    case 'resource':
      return target;
    case 'userOrGroup':
      return 'user';
    case 'orgUnit':
      return 'unit';
    case null:
      return null;
    default:
      return assertNever(target);
  }
}

/** The parts of a reference cell: one per id or name ("Ana, Bruno" for multiple values). */
function referenceParts(field: FieldDefinition, raw: RawCell): Array<string | number> {
  if (typeof raw === 'number') return [raw];
  if (typeof raw !== 'string') return [];
  const parts = storageKindOf(field) === 'references' ? raw.split(/\s*[;,]\s*/) : [raw];
  return parts.filter((part) => part !== '').map((part) => (/^\d{1,15}$/.test(part) ? Number(part) : part));
}

/** An exported item reference reads "AET-2026-000001 - Title": its formatted ID comes first. */
const formattedIdOf = (text: string) => text.split(' - ')[0]!.trim();

/**
 * Turns the names of a sheet's reference cells into ids in a few queries (one per kind of target): users,
 * groups and companies by name, items by formatted ID (projects also by title) among the items the importer
 * may see. A name matching nothing or several rows stays text, which the write side's validation refuses.
 */
export async function buildReferenceResolver(
  db: Db,
  viewer: ItemViewer,
  cells: ReadonlyArray<{ field: FieldDefinition; raw: RawCell }>,
) {
  const names: Record<Target, Set<string>> = {
    user: new Set(),
    group: new Set(),
    unit: new Set(),
    company: new Set(),
    project: new Set(),
    item: new Set(),
    calendar: new Set(),
    resource: new Set(),
  };
  for (const { field, raw } of cells) {
    const target = targetOf(field);
    if (!target) continue;
    for (const part of referenceParts(field, raw)) {
      if (typeof part !== 'string') continue;
      if (field.type === 'USERS_OR_GROUPS') {
        names.user.add(nameKey(part));
        names.group.add(nameKey(part));
      } else names[target].add(target === 'item' || target === 'project' ? part.trim() : nameKey(part));
    }
  }
  const maps: Record<Target, Map<string, number>> = {
    user: new Map(),
    group: new Map(),
    unit: new Map(),
    company: new Map(),
    project: new Map(),
    item: new Map(),
    calendar: new Map(),
    resource: new Map(),
  };
  const remember = (map: Map<string, number>, key: string, id: number) =>
    map.set(key, map.has(key) && map.get(key) !== id ? AMBIGUOUS : id);

  const lowerIn = (column: SQL | AnyPgColumn, values: Set<string>) =>
    inArray(sql`lower(${column})`, [...values]);
  if (names.user.size > 0) {
    const rows = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(lowerIn(users.name, names.user));
    for (const row of rows) remember(maps.user, nameKey(row.name), row.id);
  }
  if (names.group.size > 0) {
    const rows = await db
      .select({ id: userGroups.id, name: userGroups.name })
      .from(userGroups)
      .where(lowerIn(userGroups.name, names.group));
    for (const row of rows) remember(maps.group, nameKey(row.name), row.id);
  }
  if (names.unit.size > 0) {
    // A unit by its name, its sigla or the "SIGLA — Nome" the export writes (row-display.ts).
    const { name, acronym } = organizationalUnits;
    const rows = await db
      .select({ id: organizationalUnits.id, name, acronym })
      .from(organizationalUnits)
      .where(
        or(
          lowerIn(name, names.unit),
          lowerIn(acronym, names.unit),
          lowerIn(sql`${acronym} || ' — ' || ${name}`, names.unit),
        ),
      );
    for (const row of rows) {
      const keys = [row.name, ...(row.acronym ? [row.acronym, organizationalUnitLabel(row)] : [])];
      for (const key of new Set(keys.map(nameKey))) remember(maps.unit, key, row.id);
    }
  }
  if (names.company.size > 0) {
    const rows = await db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(lowerIn(companies.name, names.company));
    for (const row of rows) remember(maps.company, nameKey(row.name), row.id);
  }
  if (names.calendar.size > 0) {
    const rows = await db
      .select({ id: workCalendars.id, name: workCalendars.name })
      .from(workCalendars)
      .where(lowerIn(workCalendars.name, names.calendar));
    for (const row of rows) remember(maps.calendar, nameKey(row.name), row.id);
  }
  if (names.resource.size > 0) {
    // A person's resource goes by the user's name, an asset's by its own (as row-display.ts shows them).
    const resourceName = sql<string>`coalesce(${users.name}, ${resources.name})`;
    const rows = await db
      .select({ id: resources.id, name: resourceName })
      .from(resources)
      .leftJoin(users, eq(users.id, resources.userId))
      .where(lowerIn(resourceName, names.resource));
    for (const row of rows) remember(maps.resource, nameKey(row.name), row.id);
  }
  const itemTexts = [...names.item, ...names.project];
  if (itemTexts.length > 0) {
    const codes = itemTexts.map(formattedIdOf);
    const rows = await db
      .select({
        id: runtimeItems.id,
        componentId: runtimeItems.componentId,
        formattedId: runtimeItems.formattedId,
        title: runtimeItems.title,
      })
      .from(runtimeItems)
      .where(
        and(
          or(
            inArray(runtimeItems.formattedId, codes),
            names.project.size > 0
              ? and(isProjectItem, lowerIn(runtimeItems.title, new Set([...names.project].map(nameKey))))
              : undefined,
          ),
          visibleItemCondition(viewer),
        ),
      );
    for (const row of rows) {
      remember(maps.item, `${row.componentId}:${row.formattedId}`, row.id);
      remember(maps.project, row.formattedId, row.id);
      remember(maps.project, `title:${nameKey(row.title)}`, row.id);
    }
  }

  const lookup = (
    field: FieldDefinition,
    part: string,
  ): number | { kind: 'user' | 'group'; id: number } | null => {
    if (field.type === 'USERS_OR_GROUPS') {
      const user = maps.user.get(nameKey(part));
      if (user !== undefined && user !== AMBIGUOUS) return { kind: 'user', id: user };
      const group = maps.group.get(nameKey(part));
      return group !== undefined && group !== AMBIGUOUS ? { kind: 'group', id: group } : null;
    }
    const target = targetOf(field);
    let id: number | undefined;
    if (target === 'item') id = maps.item.get(`${field.targetComponentId}:${formattedIdOf(part)}`);
    else if (target === 'project')
      id = maps.project.get(formattedIdOf(part)) ?? maps.project.get(`title:${nameKey(part)}`);
    else if (target) id = maps[target].get(nameKey(part));
    return id === undefined || id === AMBIGUOUS ? null : id;
  };

  /** A reference cell as the write side expects it: an id, a list of ids, or `{ kind, id }` entries. */
  return (field: FieldDefinition, raw: RawCell): unknown => {
    const parts = referenceParts(field, raw);
    if (parts.length === 0) return raw;
    const resolved = parts.map((part) => {
      if (typeof part === 'number')
        return field.type === 'USERS_OR_GROUPS' ? { kind: 'user', id: part } : part;
      return lookup(field, part) ?? part;
    });
    return storageKindOf(field) === 'references' ? resolved : resolved[0];
  };
}

export type ReferenceResolver = Awaited<ReturnType<typeof buildReferenceResolver>>;

const TRUE_TEXTS = new Set(['sim', 'yes', 'true', 's', 'y', '1', 'verdadeiro']);
const FALSE_TEXTS = new Set(['não', 'nao', 'no', 'false', 'n', '0', 'falso']);

/**
 * A cell as the raw input of the write side's validation (checkFieldValue): dates read as São Paulo wall clock
 * (instantInput: date cells, Excel serials, dd/mm/yyyy [hh:mm] and ISO text), Sim/Não as booleans, picklist and status texts as their values,
 * reference names as ids. Whatever cannot be read is passed on as it is, for the validation to refuse it.
 */
export function fieldInput(
  component: ComponentDefinition,
  field: FieldDefinition,
  raw: RawCell,
  resolveReference: ReferenceResolver,
): unknown {
  if (raw === null) return null;
  const kind = storageKindOf(field);
  switch (kind) {
    case 'number':
      return raw;
    case 'boolean':
      if (typeof raw === 'string') {
        const text = nameKey(raw);
        if (TRUE_TEXTS.has(text)) return true;
        if (FALSE_TEXTS.has(text)) return false;
      }
      return raw;
    case 'instant':
      return instantInput(raw);
    case 'text': {
      const text = raw instanceof Date ? raw.toISOString() : String(raw);
      if (field.type === 'PICKLIST') {
        const option =
          field.options.find((candidate) => candidate.value === text) ??
          field.options.find((candidate) =>
            [candidate.text['pt-BR'], candidate.text.en].some((label) => nameKey(label) === nameKey(text)),
          );
        return option ? option.value : text;
      }
      if (field.type === 'ITEM_TYPE_STATUS') {
        const status = (component.workflow?.statuses ?? []).find(
          (candidate) =>
            candidate.key === text ||
            nameKey(localize(candidate.name, 'pt-BR')) === nameKey(text) ||
            nameKey(localize(candidate.name, 'en')) === nameKey(text),
        );
        return status ? status.key : text;
      }
      return text;
    }
    case 'reference':
    case 'references':
      return resolveReference(field, raw);
    case 'files':
    case 'rows':
      // Files are uploaded and a table's rows entered on the form: neither comes from a spreadsheet cell.
      return null;
    default:
      return assertNever(kind);
  }
}
