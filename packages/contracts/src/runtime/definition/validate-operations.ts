import { compileRuleExpression, RuleExpressionError } from '../rules/rule-expression.ts';
import type { ApplicationDefinition } from './application.ts';
import type { PathSegment } from './definition-path.ts';
import { checkFieldRef, createComponentScope, type ErrorCollector } from './validation-scope.ts';

/** Reports an expression JSONata (with the rule guards) refuses to compile. */
function checkExpression(expression: string, path: PathSegment[], collector: ErrorCollector): void {
  try {
    compileRuleExpression(expression);
  } catch (error) {
    const reason = error instanceof RuleExpressionError ? error.message : String(error);
    collector.report(path, `invalid expression: ${reason}`);
  }
}

/**
 * Operations: unique ids, unique prompt field keys, expressions that compile, and an effect naming a component
 * of the application, a saved query of that component and writable configured fields of it.
 */
export function checkOperations(definition: ApplicationDefinition, collector: ErrorCollector): void {
  const seen = new Map<number, number>();
  definition.operations.forEach((operation, index) => {
    const path: PathSegment[] = ['operations', index];
    const first = seen.get(operation.id);
    if (first !== undefined)
      collector.report(
        [...path, 'id'],
        `duplicate operation id ${operation.id} (also at operations[${first}].id)`,
      );
    else seen.set(operation.id, index);
    checkExpression(operation.message, [...path, 'message'], collector);

    const promptKeys = new Set<string>();
    operation.prompt?.fields.forEach((field, fieldIndex) => {
      if (promptKeys.has(field.key))
        collector.report(
          [...path, 'prompt', 'fields', fieldIndex, 'key'],
          `duplicate prompt field '${field.key}'`,
        );
      promptKeys.add(field.key);
    });

    const effect = operation.effect;
    if (!effect) return;
    const effectPath: PathSegment[] = [...path, 'effect'];
    const component = definition.components.find((candidate) => candidate.id === effect.componentId);
    if (!component) {
      collector.report([...effectPath, 'componentId'], `unknown component ${effect.componentId}`);
      return;
    }
    if (!component.queries.some((query) => query.id === effect.queryId))
      collector.report(
        [...effectPath, 'queryId'],
        `unknown saved query ${effect.queryId} in component ${component.id}`,
      );
    const scope = createComponentScope(component, effectPath, collector);
    for (const [key, expression] of Object.entries(effect.set)) {
      const field = checkFieldRef(scope, key, ['set', key], { systemKeys: ['Title'] });
      if (field?.deprecated) collector.report([...effectPath, 'set', key], `field '${key}' is deprecated`);
      checkExpression(expression, [...effectPath, 'set', key], collector);
    }
    if (
      effect.action !== undefined &&
      !component.workflow?.actions.some((action) => action.key === effect.action)
    )
      collector.report(
        [...effectPath, 'action'],
        `unknown workflow action '${effect.action}' in component ${component.id}`,
      );
    if (effect.reason !== undefined) checkExpression(effect.reason, [...effectPath, 'reason'], collector);
    if (effect.when !== undefined) checkExpression(effect.when, [...effectPath, 'when'], collector);
  });
}
