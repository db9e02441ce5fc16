import {
  assertNever,
  type ComponentDefinition,
  type FieldDefinition,
  type FieldType,
  SYSTEM_COLUMNS,
  SYSTEM_FIELD_KEYS,
  type SystemFieldKey,
  storageKindOf,
} from '@der/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '../../modules/accounts/accounts.table.ts';
import { fieldValueExpression } from '../items/field-expression.ts';
import { runtimeItems } from '../items/items.table.ts';

/**
 * How a field's values compare in SQL. The storage kinds of configured fields, plus `timestamp` for the
 * timestamptz system columns (CreationDate, LastModify), which compare as instants but are not ISO text.
 */
export type ComparableKind =
  | 'text'
  | 'number'
  | 'boolean'
  | 'instant'
  | 'timestamp'
  | 'reference'
  | 'references'
  | 'files';

/** A field a filter or sort may name, resolved against the definition: never built from the request's text. */
export interface QueryField {
  /** The name as the definition spells it (a configured key or a system field key). */
  name: string;
  kind: ComparableKind;
  type: FieldType;
  /** The typed value expression filters compare (for configured fields, THE indexed expression). */
  expression: SQL;
  /** What ORDER BY uses: the expression, or a readable name for user and project references. */
  sortExpression: SQL | null;
  /** Only USERS_OR_GROUPS keeps `{ kind, id }` objects in its arrays. */
  usersOrGroups: boolean;
  /**
   * The SQL type numbers are bound as: `numeric` for configured fields (their indexed expression's type);
   * the integer system columns (ID, Version, Position) bind as their own type, so their btree indexes serve
   * comparisons (an `id > 5::numeric` would cast every id instead).
   */
  numericType: 'numeric' | 'bigint' | 'integer';
  field: FieldDefinition | null;
  system: SystemFieldKey | null;
}

const userName = (column: SQL | AnyPgColumn): SQL =>
  sql`(select ${users.name} from ${users} where ${users.id} = ${column})`;

/** The project item of a row is another runtime_items row: read through a plain alias in a scalar subquery. */
const projectTitle = sql`(select project_item.title from runtime_items project_item where project_item.id = ${runtimeItems.projectId})`;
const projectManagerId = sql`(select project_item.responsible_id from runtime_items project_item where project_item.id = ${runtimeItems.projectId})`;

function systemField(key: SystemFieldKey): QueryField {
  const base = {
    name: key,
    type: SYSTEM_COLUMNS[key].type,
    usersOrGroups: false,
    numericType: key === 'ID' ? ('bigint' as const) : ('integer' as const),
    field: null,
    system: key,
  };
  const plain = (kind: ComparableKind, expression: SQL | AnyPgColumn): QueryField => {
    const wrapped = sql`${expression}`;
    return { ...base, kind, expression: wrapped, sortExpression: wrapped };
  };
  switch (key) {
    case 'ID':
      return plain('number', runtimeItems.id);
    case 'FormattedID':
      return plain('text', runtimeItems.formattedId);
    case 'Parent':
      return plain('reference', runtimeItems.parentId);
    case 'Title':
      return plain('text', runtimeItems.title);
    case 'CreationDate':
      return plain('timestamp', runtimeItems.createdAt);
    case 'LastModify':
      return plain('timestamp', runtimeItems.modifiedAt);
    case 'StatusName':
      return plain('text', runtimeItems.status);
    case 'Version':
      return plain('number', runtimeItems.version);
    case 'Position':
      return plain('number', runtimeItems.position);
    case 'Reason':
      return plain('text', runtimeItems.reason);
    case 'DueDate':
      return plain('timestamp', runtimeItems.dueAt);
    case 'ProjectName':
      return {
        ...base,
        kind: 'reference',
        expression: sql`${runtimeItems.projectId}`,
        sortExpression: projectTitle,
      };
    case 'ProjectManager':
      return {
        ...base,
        kind: 'reference',
        expression: projectManagerId,
        sortExpression: userName(projectManagerId),
      };
    case 'CreatorName':
      return {
        ...base,
        kind: 'reference',
        expression: sql`${runtimeItems.creatorId}`,
        sortExpression: userName(runtimeItems.creatorId),
      };
    case 'ModifierName':
      return {
        ...base,
        kind: 'reference',
        expression: sql`${runtimeItems.modifierId}`,
        sortExpression: userName(runtimeItems.modifierId),
      };
    case 'ResponsibleName':
      return {
        ...base,
        kind: 'reference',
        expression: sql`${runtimeItems.responsibleId}`,
        sortExpression: userName(runtimeItems.responsibleId),
      };
    default:
      return assertNever(key);
  }
}

function configuredField(field: FieldDefinition): QueryField {
  const kind = storageKindOf(field);
  const expression = fieldValueExpression(field);
  // Arrays have no useful order; everything else sorts by the indexed expression itself.
  const sortable = kind !== 'references' && kind !== 'files' && kind !== 'rows';
  return {
    name: field.key,
    // A table's rows are a JSON array compared as files are: only whether it has any (isEmpty/isNotEmpty).
    kind: kind === 'rows' ? 'files' : kind,
    type: field.type,
    expression,
    sortExpression: sortable ? expression : null,
    usersOrGroups: field.type === 'USERS_OR_GROUPS',
    numericType: 'numeric',
    field,
    system: null,
  };
}

export function isSystemFieldKey(name: string): name is SystemFieldKey {
  return (SYSTEM_FIELD_KEYS as readonly string[]).includes(name);
}

/**
 * The field a filter, sort or column names: a configured field of the component (deprecated ones included —
 * their data is kept and may still be listed) or a system field key; null when it is neither. Configured keys
 * win over system keys (a definition cannot declare a system key, so they never collide in practice).
 */
export function resolveQueryField(component: ComponentDefinition, name: string): QueryField | null {
  const field = component.fields.find((candidate) => candidate.key === name);
  if (field) return configuredField(field);
  return isSystemFieldKey(name) ? systemField(name) : null;
}
