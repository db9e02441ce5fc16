import {
  type AttributeChange,
  type ComponentDefinition,
  type FieldDefinition,
  fieldTypeTraits,
  type HistoryEntry,
  type Language,
  localize,
} from '@der/contracts';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import { userGroups } from '../../modules/groups/groups.table.ts';
import { runtimeFiles } from '../files/files.table.ts';
import { withoutRestricted } from '../items/field-read-permissions.ts';
import {
  versionChanges as changesOfVersion,
  diffItem,
  type ItemChangeSet,
  withCreatedSnapshots,
} from '../items/item-versions.ts';
import { type ItemData, runtimeItemVersions } from '../items/items.table.ts';
import { fieldLabel } from './form-definition.ts';
import { formatFieldValue, type ReferenceNames } from './value-format.ts';

type VersionRow = typeof runtimeItemVersions.$inferSelect;

/** User ids a set of changes names: USERS fields (and USERS_OR_GROUPS user entries). */
export function userIdsOf(component: ComponentDefinition, changes: ItemChangeSet[]): number[] {
  const userFields = new Set(
    component.fields.filter((f) => f.type === 'USERS' || f.type === 'USERS_OR_GROUPS').map((f) => f.key),
  );
  const ids = new Set<number>();
  const collect = (value: unknown) => {
    for (const entry of Array.isArray(value) ? value : [value]) {
      if (typeof entry === 'number') ids.add(entry);
      else if (entry && typeof entry === 'object' && (entry as { kind?: unknown }).kind === 'user')
        ids.add(Number((entry as { id: unknown }).id));
    }
  };
  // The responsible a workflow action hands the item to is a user too.
  userFields.add('ResponsibleName');
  for (const set of changes)
    for (const [key, change] of Object.entries(set))
      if (userFields.has(key)) {
        collect(change.from);
        collect(change.to);
      }
  return [...ids];
}

/** The group queue a workflow action hands the item to (the one save records it as ResponsibleGroup). */
const RESPONSIBLE_GROUP = 'ResponsibleGroup';
const RESPONSIBLE_GROUP_LABEL = { 'pt-BR': 'Grupo responsável', en: 'Responsible group' } as const;
/** A document the action's generateDocument effect attached (print-layouts/generate-document.ts). */
const GENERATED_DOCUMENT = 'GeneratedDocument';
const GENERATED_DOCUMENT_LABEL = { 'pt-BR': 'Documento gerado', en: 'Generated document' } as const;
const SIGNATURE_NOTE = {
  'pt-BR': {
    signed: 'assinado digitalmente pelo DER',
    unsigned: 'não assinado: o DER não tem certificado A1 configurado',
  },
  en: { signed: 'digitally signed by DER', unsigned: 'not signed: DER has no A1 certificate configured' },
} as const;

function describeGeneratedDocument(value: unknown, language: Language): string {
  if (!value || typeof value !== 'object') return '';
  const document = value as { fileName?: unknown; signed?: unknown; signatureAsked?: unknown };
  const name = String(document.fileName ?? '');
  if (document.signatureAsked !== true) return name;
  return `${name} (${SIGNATURE_NOTE[language][document.signed === true ? 'signed' : 'unsigned']})`;
}

/** A draft's ID giving way to the final one when it is first sent (save-item.ts formattedIdOnLeavingDraft). */
const FORMATTED_ID_LABEL = { 'pt-BR': 'Número', en: 'Number' } as const;

/** Labels of the keys a save records that are no field of the component. */
const EXTRA_LABELS: Readonly<Record<string, { 'pt-BR': string; en: string }>> = {
  FormattedId: FORMATTED_ID_LABEL,
  [RESPONSIBLE_GROUP]: RESPONSIBLE_GROUP_LABEL,
  [GENERATED_DOCUMENT]: GENERATED_DOCUMENT_LABEL,
};
const labelOf = (component: ComponentDefinition, key: string, language: Language) =>
  EXTRA_LABELS[key]?.[language] ?? fieldLabel(component, key, language);

async function groupNames(db: Db, changes: ItemChangeSet[]): Promise<Map<number, string>> {
  const ids = new Set<number>();
  for (const set of changes) {
    const change = set[RESPONSIBLE_GROUP];
    for (const value of change ? [change.from, change.to] : []) if (typeof value === 'number') ids.add(value);
  }
  if (ids.size === 0) return new Map();
  const rows = await db
    .select({ id: userGroups.id, name: userGroups.name })
    .from(userGroups)
    .where(inArray(userGroups.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * The names of the files a set of changes names in its file fields (BINARY …): a history reads 'planta.pdf', not
 * '#396', and a file id is never looked up among the users.
 */
export async function fileNamesOf(
  db: Db,
  component: ComponentDefinition,
  changes: ItemChangeSet[],
): Promise<Map<number, string>> {
  const fileFields = new Set(
    component.fields
      .filter((field) => fieldTypeTraits(field.type).value === 'files')
      .map((field) => field.key),
  );
  const ids = new Set<number>();
  for (const set of changes)
    for (const [key, change] of Object.entries(set))
      if (fileFields.has(key))
        for (const value of [change.from, change.to])
          for (const id of Array.isArray(value) ? value : [value]) if (typeof id === 'number') ids.add(id);
  if (ids.size === 0) return new Map();
  const rows = await db
    .select({ id: runtimeFiles.id, name: runtimeFiles.fileName })
    .from(runtimeFiles)
    .where(inArray(runtimeFiles.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function userNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Changes field by field, labelled and formatted; system keys (Title, Position) by their headers. */
export function describeChanges(
  component: ComponentDefinition,
  changes: ItemChangeSet,
  language: Language,
  names: ReferenceNames,
  groups: ReferenceNames = new Map(),
  files: ReferenceNames = new Map(),
): AttributeChange[] {
  const fields = new Map<string, FieldDefinition>(component.fields.map((field) => [field.key, field]));
  // A workflow action's change shows the statuses by name, not by key.
  const statusName = (key: unknown) => {
    const status = component.workflow?.statuses.find((candidate) => candidate.key === key);
    return status ? localize(status.name, language) : formatFieldValue(undefined, key, language);
  };
  return Object.entries(changes).map(([key, change]) => {
    const field = fields.get(key);
    const format = (value: unknown) => {
      if (key === 'StatusName') return statusName(value);
      if (value === null || value === undefined) return '';
      if (key === 'ResponsibleName') return names.get(Number(value)) ?? `#${value}`;
      if (key === RESPONSIBLE_GROUP) return groups.get(Number(value)) ?? `#${value}`;
      if (key === GENERATED_DOCUMENT) return describeGeneratedDocument(value, language);
      if (field && fieldTypeTraits(field.type).value === 'files')
        return formatFieldValue(field, value, language, files);
      return formatFieldValue(field, value, language, names);
    };
    return {
      field: key,
      label: labelOf(component, key, language),
      oldValue: format(change.from),
      newValue: format(change.to),
    };
  });
}

/** Spec §7.6 getHistory / getHistoryFull: the item's versions, newest first. */
export async function itemHistory(
  db: Db,
  component: ComponentDefinition,
  itemId: number,
  language: Language,
  full: boolean,
  restricted: ReadonlySet<string> = new Set(),
): Promise<HistoryEntry[]> {
  // Fields the reader may not see (field-read-permissions.ts): neither named nor valued in any version.
  const versionChanges = (row: VersionRow) => withoutRestricted(changesOfVersion(row), restricted);
  const rows = await withCreatedSnapshots(
    db,
    await db
      .select()
      .from(runtimeItemVersions)
      .where(eq(runtimeItemVersions.itemId, itemId))
      .orderBy(desc(runtimeItemVersions.version)),
  );
  const changedBy = rows.flatMap((row) => (row.changedBy === null ? [] : [row.changedBy]));
  const names = await userNames(db, [
    ...new Set([...changedBy, ...(full ? userIdsOf(component, rows.map(versionChanges)) : [])]),
  ]);
  const groups = full ? await groupNames(db, rows.map(versionChanges)) : new Map<number, string>();
  const files = full ? await fileNamesOf(db, component, rows.map(versionChanges)) : new Map<number, string>();
  return rows.map((row) => ({
    version: row.version,
    action: row.action,
    changedBy: row.changedBy === null ? null : { id: row.changedBy, name: names.get(row.changedBy) ?? '' },
    changedAt: row.changedAt.toISOString(),
    fields: Object.keys(versionChanges(row)).map((key) => labelOf(component, key, language)),
    ...(full
      ? { changes: describeChanges(component, versionChanges(row), language, names, groups, files) }
      : {}),
  }));
}

function itemStateOf(row: VersionRow | undefined): { data: ItemData; title: string; position: number } {
  if (!row) return { data: {}, title: '', position: 0 };
  const snapshot = row.snapshot as { data?: ItemData; title?: string; position?: number };
  return { data: snapshot.data ?? {}, title: snapshot.title ?? '', position: snapshot.position ?? 0 };
}

/** What a version's snapshot keeps of the workflow (the group queue is only in the version's own changes). */
type WorkflowSnapshot = { status?: string | null; reason?: string | null; responsibleId?: number | null };

/** The status, reason and responsible a workflow action changed between two versions (system fields of spec §3). */
function workflowChanges(previous: VersionRow | undefined, current: VersionRow): ItemChangeSet {
  const before = (previous?.snapshot ?? {}) as WorkflowSnapshot;
  const after = current.snapshot as WorkflowSnapshot;
  const changes: ItemChangeSet = {};
  if ((before.responsibleId ?? null) !== (after.responsibleId ?? null))
    changes.ResponsibleName = { from: before.responsibleId ?? null, to: after.responsibleId ?? null };

  if ((before.status ?? null) !== (after.status ?? null))
    changes.StatusName = { from: before.status ?? null, to: after.status ?? null };
  if ((before.reason ?? null) !== (after.reason ?? null))
    changes.Reason = { from: before.reason ?? null, to: after.reason ?? null };
  return changes;
}

/**
 * Spec §7.6 getAttributeChanges: what differs between two versions of an item (previousVersion 0: the empty
 * item before creation), field by field with labels and formatted values. 404 when a version does not exist.
 */
export async function attributeChanges(
  db: Db,
  component: ComponentDefinition,
  itemId: number,
  versions: { current: number; previous: number },
  language: Language,
  restricted: ReadonlySet<string> = new Set(),
): Promise<AttributeChange[]> {
  const wanted = [versions.current, versions.previous].filter((version) => version > 0);
  const rows = await withCreatedSnapshots(
    db,
    await db
      .select()
      .from(runtimeItemVersions)
      .where(and(eq(runtimeItemVersions.itemId, itemId), inArray(runtimeItemVersions.version, wanted)))
      .orderBy(asc(runtimeItemVersions.version)),
  );
  const current = rows.find((row) => row.version === versions.current);
  const previous = rows.find((row) => row.version === versions.previous);
  if (!current || (versions.previous > 0 && !previous)) throw new AppError('NOT_FOUND');
  const changes = withoutRestricted(
    {
      ...diffItem(itemStateOf(previous), itemStateOf(current)),
      ...workflowChanges(previous, current),
    },
    restricted,
  );
  const names = await userNames(db, userIdsOf(component, [changes]));
  return describeChanges(
    component,
    changes,
    language,
    names,
    await groupNames(db, [changes]),
    await fileNamesOf(db, component, [changes]),
  );
}
