import {
  assertNever,
  FIELD_KEY_PATTERN,
  type FieldDefinition,
  type FieldStorageKind,
  storageKindOf,
} from '@der/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { runtimeItems } from './items.table.ts';

/** The storage kinds whose values are one scalar per item: these get expression indexes. */
export type IndexableStorageKind = Extract<
  FieldStorageKind,
  'text' | 'number' | 'boolean' | 'instant' | 'reference'
>;

export function isIndexableKind(kind: FieldStorageKind): kind is IndexableStorageKind {
  return (
    kind === 'text' || kind === 'number' || kind === 'boolean' || kind === 'instant' || kind === 'reference'
  );
}

/**
 * The key as an SQL string literal. It is interpolated as text, not bound as a parameter, on purpose: an
 * expression index matches a query only when the query's expression is the same tree, constant included
 * (`data->>$1` never matches `data->>'key'`). The key was validated by FIELD_KEY_PATTERN (letters, digits,
 * underscores); the check is repeated here and quotes are doubled anyway, so nothing else can reach SQL.
 */
function keyLiteral(key: string): SQL {
  if (!FIELD_KEY_PATTERN.test(key)) throw new Error(`invalid field key ${JSON.stringify(key)}`);
  return sql.raw(`'${key.replaceAll("'", "''")}'`);
}

/**
 * THE typed expression of a configured field's value over runtime_items.data — the one the definition import
 * indexes (`CREATE INDEX … ON runtime_items ((<this>), id) WHERE component_id = <id>`) and the one the filter
 * compiler and sorts must use, so that PostgreSQL serves them from those indexes:
 *
 * - number → `((data->>'key')::numeric)`
 * - text, instant → `(data->>'key')` (instants are fixed-width ISO UTC text: text order is time order)
 * - boolean → `((data->>'key')::boolean)`
 * - reference → `((data->>'key')::bigint)`
 * - references, files, rows → `(data->'key')`, the JSON array (containment `@>` tests; not indexed)
 *
 * `data` is the column to read (default runtime_items.data; the index DDL passes the bare column name).
 */
export function fieldValueExpression(
  field: Pick<FieldDefinition, 'key' | 'type' | 'multiple'>,
  data: PgColumn | SQL = runtimeItems.data,
): SQL {
  const key = keyLiteral(field.key);
  const kind = storageKindOf(field);
  switch (kind) {
    case 'number':
      return sql`((${data}->>${key})::numeric)`;
    case 'text':
    case 'instant':
      return sql`(${data}->>${key})`;
    case 'boolean':
      return sql`((${data}->>${key})::boolean)`;
    case 'reference':
      return sql`((${data}->>${key})::bigint)`;
    case 'references':
    case 'files':
    case 'rows':
      return sql`(${data}->${key})`;
    default:
      return assertNever(kind);
  }
}
