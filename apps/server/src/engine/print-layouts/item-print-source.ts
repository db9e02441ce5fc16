import {
  type ComponentDefinition,
  type FieldDefinition,
  type Language,
  localize,
  type PrintContextKey,
  type PrintField,
  type PrintLayout,
  tableColumnFields,
  tableRowsOf,
} from '@der/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import { valuesOfItem } from '../forms/form-items.ts';
import { findGrantedComponent, grantedComponentItemCondition } from '../items/application-grant.ts';
import {
  hasRestrictedFields,
  restrictedFieldsOf,
  withoutRestricted,
} from '../items/field-read-permissions.ts';
import type { ItemActor } from '../items/item-actor.ts';
import { type RuntimeItemRow, runtimeItems } from '../items/items.table.ts';
import { visibleItemCondition } from '../query/item-visibility.ts';
import type { PrintRecord, PrintSource } from './print-inputs.ts';

/** What `signature` prints on a document the department's A1 signs. */
export const SIGNATURE_SENTENCE = {
  'pt-BR': 'Documento assinado digitalmente pelo DER com certificado ICP-Brasil.',
  en: 'Document digitally signed by DER with an ICP-Brasil certificate.',
} as const;

/** A table prints at most this many rows: a runaway child list must not hold the server for minutes. */
export const MAX_TABLE_ROWS = 5000;

type TableField = Extract<PrintField, { type: 'table' }>;

const fieldsOf = (definition: ComponentDefinition): ReadonlyMap<string, FieldDefinition> =>
  new Map(definition.fields.map((field) => [field.key, field]));

/** The item's values with the system keys a layout may name (status by its name in the reader's language). */
function systemValues(row: RuntimeItemRow, definition: ComponentDefinition, language: Language) {
  const status = definition.workflow?.statuses.find((candidate) => candidate.key === row.status);
  return {
    ...valuesOfItem(row),
    StatusName: status ? localize(status.name, language) : (row.status ?? ''),
    CreationDate: row.createdAt,
    LastModify: row.modifiedAt,
  };
}

/** What the actor may read of one item: the values without the fields its status hides from them. */
async function recordOf(
  db: Db,
  actor: ItemActor,
  definition: ComponentDefinition,
  row: RuntimeItemRow,
  fields: ReadonlyMap<string, FieldDefinition>,
): Promise<PrintRecord> {
  const values = systemValues(row, definition, actor.language);
  if (!hasRestrictedFields(definition)) return { values, fields };
  return { values: withoutRestricted(values, await restrictedFieldsOf(db, actor, definition, row)), fields };
}

function linkedIds(value: unknown): number[] {
  const entries = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  return entries
    .map((entry) =>
      entry && typeof entry === 'object' && 'id' in entry ? (entry as { id: unknown }).id : entry,
    )
    .filter((id): id is number => typeof id === 'number' && Number.isInteger(id));
}

/**
 * A table's rows, read like every list: only items the actor can see, of an application granted to them.
 * Linked items keep the order the reference field gives them; children are ordered as their lists are.
 */
async function tableRows(
  db: Db,
  actor: ItemActor,
  definition: ComponentDefinition,
  item: RuntimeItemRow,
  itemValues: Readonly<Record<string, unknown>>,
  table: TableField,
): Promise<PrintRecord[]> {
  const rowsSpec = table.rows;
  if (rowsSpec.kind === 'tableField') {
    // The item's own rows, read with the item's values (its restricted fields already left out).
    const columns = tableColumnFields(definition.fields.find((field) => field.key === rowsSpec.field) ?? {});
    const fields = new Map(columns.map((column) => [column.key, column]));
    return tableRowsOf(itemValues[rowsSpec.field])
      .slice(0, MAX_TABLE_ROWS)
      .map((values) => ({ values, fields }));
  }
  const componentId =
    rowsSpec.kind === 'children'
      ? rowsSpec.componentId
      : definition.fields.find((field) => field.key === rowsSpec.field)?.targetComponentId;
  if (componentId === undefined) return [];
  const component = await findGrantedComponent(db, actor, componentId);
  if (!component) return [];
  const ids =
    rowsSpec.kind === 'linked' ? linkedIds(itemValues[rowsSpec.field]).slice(0, MAX_TABLE_ROWS) : [];
  if (rowsSpec.kind === 'linked' && ids.length === 0) return [];
  const rows = await db
    .select()
    .from(runtimeItems)
    .where(
      and(
        eq(runtimeItems.componentId, componentId),
        rowsSpec.kind === 'children' ? eq(runtimeItems.parentId, item.id) : inArray(runtimeItems.id, ids),
        visibleItemCondition(actor),
        grantedComponentItemCondition(actor, runtimeItems.componentId),
      ),
    )
    .orderBy(asc(runtimeItems.position), asc(runtimeItems.id))
    .limit(MAX_TABLE_ROWS);
  if (rowsSpec.kind === 'linked') {
    const order = new Map(ids.map((id, index) => [id, index]));
    rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  }
  const fields = fieldsOf(component.definition);
  return Promise.all(rows.map((row) => recordOf(db, actor, component.definition, row, fields)));
}

/**
 * Everything a layout prints of an item the actor can already see (the caller checked it): its values as the
 * actor may read them, each table's rows, and who prints it when.
 */
export async function loadItemPrintSource(
  db: Db,
  actor: ItemActor,
  definition: ComponentDefinition,
  item: RuntimeItemRow,
  layout: PrintLayout,
  context: {
    publicUrl: string;
    at: Date;
    printedAtText: string;
    signed: boolean;
    documentCheckUrl?: string;
  },
): Promise<PrintSource> {
  const record = await recordOf(db, actor, definition, item, fieldsOf(definition));
  const tables = layout.template.schemas
    .flat()
    .filter((field): field is TableField => field.type === 'table');
  const rows = new Map<string, PrintRecord[]>();
  for (const table of tables)
    rows.set(table.name, await tableRows(db, actor, definition, item, record.values, table));
  const [printer] = await db.select({ name: users.name }).from(users).where(eq(users.id, actor.userId));
  const printContext: Record<PrintContextKey, string> = {
    publicUrl: context.publicUrl.replace(/\/+$/, ''),
    printedAt: context.printedAtText,
    printedBy: printer?.name ?? '',
    layoutName: localize(layout.name, actor.language),
    signature: context.signed ? SIGNATURE_SENTENCE[actor.language] : '',
    documentCheckUrl: context.documentCheckUrl ?? '',
  };
  return { record, rows, context: printContext, language: actor.language };
}
