import type { ValidationMessageKey } from '../../common/validation-messages.ts';
import type { FieldDefinition } from '../definition/field.ts';
import type { LocalizedText } from '../definition/localized-text.ts';

// The shapes the field rules of spec §5 share: the field a value is checked against, what a check answers,
// and the constructors of those answers (internal to the rules; only the types are exported by the package).

/** A refused value: a key of VALIDATION_MESSAGES and the parameters its text quotes. */
export interface FieldRuleIssue {
  message: ValidationMessageKey;
  /** Values the message quotes; a LocalizedText one (a label) is quoted in the message's language. */
  params?: Record<string, string | number | LocalizedText>;
}

export type FieldRuleResult = { ok: true } | { ok: false; issue: FieldRuleIssue };

/** A value that keeps its field's rules, in its storage form (null: no value), or why it is refused. */
export type FieldValueResult = { ok: true; value: unknown } | { ok: false; issue: FieldRuleIssue };

/** The fields a value is checked against. */
export type CheckedField = Pick<
  FieldDefinition,
  | 'type'
  | 'required'
  | 'multiple'
  | 'minimum'
  | 'maximum'
  | 'maxLength'
  | 'pattern'
  | 'mask'
  | 'uppercase'
  | 'options'
  | 'columns'
  | 'maxRows'
>;

export const OK: FieldRuleResult = { ok: true };
export const refuse = (
  message: ValidationMessageKey,
  params?: FieldRuleIssue['params'],
): { ok: false; issue: FieldRuleIssue } => ({
  ok: false,
  issue: params ? { message, params } : { message },
});
export const accept = (value: unknown): FieldValueResult => ({ ok: true, value });
export const ruleResult = (checked: FieldValueResult): FieldRuleResult => (checked.ok ? OK : checked);
