import {
  evaluateRuleExpression,
  type RuleComponent,
  referenceTableSource,
  toRuleValue,
} from '@der/contracts';
import type { FormValues } from '../ui/FormRenderer/formRendererTypes.ts';

/**
 * The form's indicators evaluated by the shared rule engine with the reference tables the form view carried,
 * so `$table('limitesAet')` reads in the browser the same rows the server's save reads; the values are read as
 * the rules read them (a table's cells by their column types: the form holds them as text while editing).
 */
export function ruleExpressionEvaluator(
  tables: RuleComponent['referenceTables'],
  fields: RuleComponent['fields'] = [],
): (expression: string, values: FormValues) => Promise<unknown> {
  const source = referenceTableSource(tables ?? []);
  const byKey = new Map(fields.map((field) => [field.key, field]));
  return (expression, values) =>
    evaluateRuleExpression(
      expression,
      Object.fromEntries(
        Object.entries(values).map(([key, value]) => {
          const field = byKey.get(key);
          return [key, field ? toRuleValue(field, value) : value];
        }),
      ),
      { tables: source },
    );
}
