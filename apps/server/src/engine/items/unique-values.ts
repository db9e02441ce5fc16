import { type ComponentDefinition, type FieldDefinition, storedFormsOf, uniqueKeyOf } from '@der/contracts';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import type { FieldIssue } from './item-changes.ts';
import { runtimeItems } from './items.table.ts';

/** One item a save writes, as the uniqueness check needs it. */
export interface UniqueCandidate {
  /** The stored item (null: a new one, which no stored item can be). */
  itemId: number | null;
  /** Its creator: the scope of a field unique per creator (a requerente's fleet). */
  creatorId: number | null;
  /** The field values the save writes (an update: only the changed ones — an unchanged value stays as it is). */
  data: Readonly<Record<string, unknown>>;
}

const uniqueFieldsOf = (component: ComponentDefinition) =>
  component.fields.filter((field) => field.unique !== undefined && !field.deprecated);

/** Whether saves of the component check unique values at all. */
export const hasUniqueFields = (component: ComponentDefinition) => uniqueFieldsOf(component).length > 0;

/** Where one value's duplicates may be: the same component, the same creator for a per-creator field. */
function scopeOf(component: ComponentDefinition, field: FieldDefinition, candidate: UniqueCandidate): SQL {
  const conditions: SQL[] = [eq(runtimeItems.componentId, component.id)];
  if (field.unique === 'creator')
    conditions.push(
      candidate.creatorId === null
        ? sql`${runtimeItems.creatorId} is null`
        : eq(runtimeItems.creatorId, candidate.creatorId),
    );
  if (candidate.itemId !== null) conditions.push(ne(runtimeItems.id, candidate.itemId));
  return and(...conditions) as SQL;
}

/**
 * The values among `candidates` that another item already holds in canonical form (`unique` fields: a plate
 * under its old or Mercosul form is one), or that an earlier candidate of the same save holds: an issue per
 * candidate index naming the field and the value as registered. Each canonical value is first locked for the
 * rest of the transaction (an advisory lock), so two saves of the same new plate cannot both pass the check.
 */
export async function duplicateValueIssues(
  tx: Db,
  component: ComponentDefinition,
  candidates: readonly UniqueCandidate[],
): Promise<Array<{ index: number; issue: FieldIssue }>> {
  const fields = uniqueFieldsOf(component);
  if (fields.length === 0) return [];
  const issues: Array<{ index: number; issue: FieldIssue }> = [];
  for (const field of fields) {
    const seen = new Map<string, string>();
    for (const [index, candidate] of candidates.entries()) {
      if (!Object.hasOwn(candidate.data, field.key)) continue;
      const value = candidate.data[field.key];
      const key = uniqueKeyOf(field, value);
      if (key === null) continue;
      const scopeKey = `${field.unique === 'creator' ? candidate.creatorId : '*'}:${key}`;
      const earlier = seen.get(scopeKey);
      if (earlier !== undefined) {
        issues.push({
          index,
          issue: { field: field.key, message: 'alreadyRegistered', params: { value: earlier } },
        });
        continue;
      }
      seen.set(scopeKey, String(value));
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`unique:${component.id}:${field.key}:${scopeKey}`}))`,
      );
      const [existing] = await tx
        .select({ value: sql<string>`${runtimeItems.data}->>${field.key}` })
        .from(runtimeItems)
        .where(
          and(
            scopeOf(component, field, candidate),
            inArray(sql`${runtimeItems.data}->>${field.key}`, storedFormsOf(field, value)),
          ),
        )
        .limit(1);
      if (existing)
        issues.push({
          index,
          issue: { field: field.key, message: 'alreadyRegistered', params: { value: existing.value } },
        });
    }
  }
  return issues;
}
