import { evaluateRuleExpression, type RuleComponent, referenceTableSource } from '@der/contracts';
import type { FormValues } from '../../../shared/ui/FormRenderer/formRendererTypes.ts';

/**
 * The form's indicators evaluated by the shared rule engine with the reference tables the form view carried,
 * so `$table('limitesAet')` reads in the browser the same rows the server's save reads.
 */
export function ruleExpressionEvaluator(
  tables: RuleComponent['referenceTables'],
): (expression: string, values: FormValues) => Promise<unknown> {
  const source = referenceTableSource(tables ?? []);
  return (expression, values) => evaluateRuleExpression(expression, values, { tables: source });
}
