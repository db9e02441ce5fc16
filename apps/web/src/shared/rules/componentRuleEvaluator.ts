import {
  applyReferenceLookups,
  evaluateComponentRules,
  lookupFieldsOf,
  messageIn,
  type ReferencedItemsSource,
  type RuleComponent,
  withEmptyLookups,
} from '@der/contracts';
import type { FormRuleEvaluator, FormRuleState } from '../ui/FormRenderer/formRendererTypes.ts';

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * The form renderer's rule evaluator for a component: the shared rule engine (the same one the server runs
 * before saving), its answer reshaped for the renderer. Only the messages of validation rules are taken: the
 * §5 field checks run per field in the renderer, shown once the field is touched. Lookup fields are computed
 * first from the referenced items `referencedItems` answers, as the server does before its rules.
 */
export function componentRuleEvaluator(
  component: RuleComponent,
  isNew: boolean,
  referencedItems?: ReferencedItemsSource,
  /** A draft (new, or in the initial status): requirements from leaving it wait, as on the server. */
  draft = false,
): FormRuleEvaluator {
  const computedKeys = new Set([
    ...component.rules.filter((rule) => rule.kind === 'computedValue').map((rule) => rule.field),
    ...(referencedItems ? lookupFieldsOf(component).map((field) => field.key) : []),
  ]);
  return async ({ values, event, changedField, language }): Promise<FormRuleState> => {
    const looked = referencedItems ? await applyReferenceLookups(component, values, referencedItems) : values;
    const evaluated = await evaluateComponentRules(component, looked, event, changedField, { isNew, draft });
    // A lookup that became empty empties its field (the server's save clears it alike).
    const result = referencedItems
      ? { ...evaluated, values: withEmptyLookups(component, evaluated.values) }
      : evaluated;
    const computed: Record<string, unknown> = {};
    const assigned: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(result.values)) {
      if (computedKeys.has(key)) computed[key] = value;
      else if (!sameValue(values[key], value)) assigned[key] = value;
    }
    const messages: Record<string, string> = {};
    for (const error of result.errors) {
      if (error.ruleId && !(error.field in messages))
        messages[error.field] = messageIn(error.message, language);
    }
    return {
      hidden: new Set(Object.keys(result.visibility).filter((key) => !result.visibility[key])),
      required: new Set(Object.keys(result.required).filter((key) => result.required[key])),
      requiredLater: new Set(Object.keys(result.requiredLater)),
      computed,
      assigned,
      messages,
    };
  };
}
