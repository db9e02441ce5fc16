import { type FieldDefinition, FORM_MODES, type FormMode } from '@der/contracts';
import type { FormRuleState, FormValues } from './formRendererTypes.ts';
import { isEmptyValue } from './validateFieldValue.ts';

/**
 * The values a form starts with: the item's values, and for a new standard item the fields' constant
 * defaults. Bulk and filter forms start empty (an empty field means "leave as is" / "no condition").
 */
export function initialFormValues(
  fields: readonly FieldDefinition[],
  values: FormValues,
  mode: FormMode,
): FormValues {
  if (mode !== FORM_MODES.standard && mode !== FORM_MODES.fieldList) return { ...values };
  const result: FormValues = {};
  for (const field of fields) {
    if (field.defaultValue !== undefined) result[field.key] = field.defaultValue;
  }
  return { ...result, ...values };
}

/**
 * What a submit hands over: in bulk mode only the fields the user changed (the others stay as they are on
 * every item); otherwise every value but those of fields hidden by a rule.
 */
export function valuesToSubmit(
  values: FormValues,
  initial: FormValues,
  mode: FormMode,
  hidden: ReadonlySet<string>,
): FormValues {
  const entries = Object.entries(values).filter(([key]) => !hidden.has(key));
  if (mode === FORM_MODES.bulk)
    return Object.fromEntries(entries.filter(([key]) => !sameValue(values[key], initial[key])));
  return Object.fromEntries(entries);
}

/** Equal as stored: '' and null and absent are all "no value". */
function sameValue(a: unknown, b: unknown): boolean {
  const normal = (value: unknown) => (value === '' || value === undefined ? null : value);
  return JSON.stringify(normal(a)) === JSON.stringify(normal(b));
}

/** Required fields (by definition or rule, and shown) still empty; none in the modes that require nothing. */
export function missingRequiredFields(
  fields: readonly FieldDefinition[],
  values: FormValues,
  ruleState: FormRuleState,
  mode: FormMode,
): string[] {
  if (mode !== FORM_MODES.standard) return [];
  return fields
    .filter(
      (field) => (field.required || ruleState.required.has(field.key)) && !ruleState.hidden.has(field.key),
    )
    .filter((field) => isEmptyValue(values[field.key]))
    .map((field) => field.key);
}
