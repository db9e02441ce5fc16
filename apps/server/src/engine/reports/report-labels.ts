import {
  type ComponentDefinition,
  type FieldReferenceTarget,
  type Language,
  localize,
  type ReportDefinition,
  type ReportGroup,
  referenceTargetOf,
} from '@der/contracts';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import { companies } from '../../modules/companies/companies.table.ts';
import { userGroups } from '../../modules/groups/groups.table.ts';
import { organizationalUnits } from '../../modules/organizational-units/organizational-units.table.ts';
import { runtimeItems } from '../items/items.table.ts';
import type { RawGroup } from './report-expressions.ts';
import { REPORT_TEXTS } from './report-texts.ts';

type Key = RawGroup['keys'][number];
type Labeller = (value: Key) => string;

const USER_SYSTEM_KEYS = new Set(['CreatorName', 'ModifierName', 'ResponsibleName', 'ProjectManager']);

/** What the ids of a grouped reference point at (null: not a reference). */
function targetOf(component: ComponentDefinition, name: string): FieldReferenceTarget | null {
  if (USER_SYSTEM_KEYS.has(name)) return 'user';
  if (name === 'ProjectName') return 'project';
  const field = component.fields.find((candidate) => candidate.key === name);
  return field ? referenceTargetOf(field.type) : null;
}

/** The names of these ids, read once for the whole report. */
async function namesOf(db: Db, target: FieldReferenceTarget, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const pairs = async (rows: Promise<Array<{ id: number; name: string }>>) =>
    new Map((await rows).map((row) => [Number(row.id), row.name]));
  switch (target) {
    case 'user':
    case 'userOrGroup':
      return pairs(db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids)));
    case 'group':
      return pairs(
        db
          .select({ id: userGroups.id, name: userGroups.name })
          .from(userGroups)
          .where(inArray(userGroups.id, ids)),
      );
    case 'company':
      return pairs(
        db
          .select({ id: companies.id, name: companies.name })
          .from(companies)
          .where(inArray(companies.id, ids)),
      );
    case 'orgUnit':
      return pairs(
        db
          .select({ id: organizationalUnits.id, name: organizationalUnits.name })
          .from(organizationalUnits)
          .where(inArray(organizationalUnits.id, ids)),
      );
    case 'project':
    case 'item':
      return pairs(
        db
          .select({ id: runtimeItems.id, name: runtimeItems.title })
          .from(runtimeItems)
          .where(inArray(runtimeItems.id, ids)),
      );
    case 'calendar':
    case 'resource':
      return new Map();
  }
}

const SAO_PAULO_DATE = (language: Language) =>
  new Intl.DateTimeFormat(language, {
    timeZone: 'America/Sao_Paulo',
    dateStyle: 'short',
    timeStyle: 'short',
  });

/** How one grouping level's keys read: months 'MM/YYYY', statuses and options by name, ids by their record's name. */
async function labellerOf(
  db: Db,
  component: ComponentDefinition,
  group: ReportGroup,
  keys: Key[],
  language: Language,
): Promise<Labeller> {
  const texts = REPORT_TEXTS[language];
  const orEmpty =
    (label: (value: Exclude<Key, null>) => string): Labeller =>
    (value) =>
      value === null || value === '' ? texts.empty : label(value);
  if (group.by === 'month') return orEmpty((value) => String(value).split('-').reverse().join('/'));
  if (group.by === 'year') return orEmpty(String);
  const field = component.fields.find((candidate) => candidate.key === group.field);
  if (group.field === 'StatusName' || field?.type === 'ITEM_TYPE_STATUS') {
    const names = new Map(
      (component.workflow?.statuses ?? []).map((status) => [status.key, localize(status.name, language)]),
    );
    return orEmpty((value) => names.get(String(value)) ?? String(value));
  }
  if (field?.type === 'PICKLIST') {
    const names = new Map(field.options.map((option) => [option.value, localize(option.text, language)]));
    return orEmpty((value) => names.get(String(value)) ?? String(value));
  }
  if (field?.type === 'BOOLEAN')
    return orEmpty((value) => (value === true || value === 'true' ? texts.yes : texts.no));
  if (field?.type === 'DATE_TIME')
    return orEmpty((value) => SAO_PAULO_DATE(language).format(new Date(String(value))));
  const target = targetOf(component, group.field);
  if (target === null) return orEmpty(String);
  const ids = [...new Set(keys.filter((key) => key !== null && key !== '').map(Number))].filter(
    Number.isSafeInteger,
  );
  const names = await namesOf(db, target, ids);
  return orEmpty((value) => names.get(Number(value)) ?? `#${value}`);
}

/** The groups with each key as `{ value, label }` (ids as numbers), labels in the viewer's language. */
export async function labelGroups(
  db: Db,
  component: ComponentDefinition,
  report: ReportDefinition,
  groups: RawGroup[],
  language: Language,
) {
  const labellers = await Promise.all(
    report.groupBy.map((group, level) =>
      labellerOf(
        db,
        component,
        group,
        groups.map((row) => row.keys[level] ?? null),
        language,
      ),
    ),
  );
  return groups.map((row) => ({
    keys: row.keys.map((value, level) => ({
      value:
        typeof value === 'string' && targetOf(component, report.groupBy[level]!.field)
          ? Number(value)
          : value,
      label: labellers[level]!(value),
    })),
    values: row.values,
  }));
}
