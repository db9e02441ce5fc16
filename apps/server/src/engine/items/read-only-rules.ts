import { type ComponentDefinition, evaluateRuleExpression, toRuleValue } from '@der/contracts';
import type { Db } from '../../infra/db/database.ts';
import { referenceTablesLoader } from '../definitions/reference-tables.repo.ts';

/**
 * The fields the component's `readOnly` rules make read-only over the item's stored values (contracts
 * business-rule.ts): a document the analyst accepted cannot be replaced. A rule that fails to evaluate counts
 * as true — a permission fails closed — and a new item (no stored values) is subject to none.
 */
export async function readOnlyByRules(
  db: Db,
  component: ComponentDefinition,
  data: Readonly<Record<string, unknown>> | undefined,
): Promise<string[]> {
  const rules = component.rules.flatMap((rule) => (rule.kind === 'readOnly' ? [rule] : []));
  if (rules.length === 0 || data === undefined) return [];
  const values: Record<string, unknown> = {};
  for (const field of component.fields)
    if (Object.hasOwn(data, field.key)) values[field.key] = toRuleValue(field, data[field.key]);
  const tables = referenceTablesLoader(db, component.id);
  const readOnly: string[] = [];
  for (const rule of rules) {
    const holds = await evaluateRuleExpression(rule.expression, values, { tables }).then(
      (value) => value === true,
      () => true,
    );
    if (holds) readOnly.push(rule.field);
  }
  return readOnly;
}
