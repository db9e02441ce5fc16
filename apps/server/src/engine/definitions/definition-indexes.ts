import { createHash } from 'node:crypto';
import { type ComponentDefinition, type FieldDefinition, storageKindOf } from '@der/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { rowsOf } from '../../infra/db/rows-of.ts';
import { fieldValueExpression, isIndexableKind } from '../items/field-expression.ts';

/** Every field index of a component is named with this prefix (so stale ones can be found and dropped). */
function indexPrefix(componentId: number): string {
  return `rif_${componentId}_`;
}

/**
 * A deterministic, valid identifier (≤ 63 characters) for the index of one field: the component, a hash of
 * the key and its storage kind (keys are case-sensitive, and a type change needs a new expression), and a
 * readable part of the key.
 */
export function fieldIndexName(
  componentId: number,
  field: Pick<FieldDefinition, 'key' | 'type' | 'multiple'>,
): string {
  const kind = storageKindOf(field);
  const hash = createHash('sha256').update(`${kind}:${field.key}`).digest('hex').slice(0, 8);
  return `${indexPrefix(componentId)}${hash}_${field.key.toLowerCase().slice(0, 30)}`;
}

/** The fields of a component that get an expression index: `indexed`, not deprecated, one scalar per item. */
export function indexedFields(component: ComponentDefinition): FieldDefinition[] {
  return component.fields.filter(
    (field) => field.indexed && !field.deprecated && isIndexableKind(storageKindOf(field)),
  );
}

/**
 * Brings a component's partial expression indexes in line with its definition: one per indexed field,
 * `CREATE INDEX IF NOT EXISTS <name> ON runtime_items ((<fieldValueExpression>), id) WHERE component_id = <id>`
 * (the same expression the filter compiler uses, so PostgreSQL serves filters and sorts from it, with `id`
 * as the tie-breaker of keyset paging); indexes of fields no longer indexed are dropped. Built from the
 * validated key only, quoted as a literal (field-expression.ts). Runs inside the import's transaction
 * (PostgreSQL and PGlite allow CREATE INDEX there). Returns the names created or kept.
 */
export async function syncFieldIndexes(tx: Db, component: ComponentDefinition): Promise<string[]> {
  const componentId = Number(component.id);
  if (!Number.isSafeInteger(componentId) || componentId <= 0) throw new Error('invalid component id');
  const wanted = new Map(
    indexedFields(component).map((field) => [fieldIndexName(componentId, field), field]),
  );
  for (const [name, field] of wanted) {
    const expression = fieldValueExpression(field, sql.raw('data'));
    await tx.execute(
      sql`create index if not exists ${sql.identifier(name)} on runtime_items (${expression}, id) where component_id = ${sql.raw(String(componentId))}`,
    );
  }
  const existing = await tx.execute<{ indexname: string }>(
    sql`select indexname from pg_indexes where tablename = 'runtime_items' and starts_with(indexname, ${indexPrefix(componentId)})`,
  );
  for (const { indexname } of rowsOf<{ indexname: string }>(existing)) {
    if (!wanted.has(indexname)) await tx.execute(sql`drop index if exists ${sql.identifier(indexname)}`);
  }
  return [...wanted.keys()];
}
