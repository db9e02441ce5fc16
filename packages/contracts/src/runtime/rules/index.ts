export * from './field-requirement.ts';
// The field rules' helpers (refuse, accept, the checks of each kind of value) stay internal: only what
// callers of the rules use is exported.
export type { CheckedField, FieldRuleIssue, FieldRuleResult, FieldValueResult } from './field-rule-types.ts';
export * from './field-rules.ts';
export * from './form-rules.ts';
export { checkNumericRange, hasAtMostTwoDecimals } from './number-field-value.ts';
export * from './reference-lookups.ts';
export * from './rule-expression.ts';
export * from './rule-functions.ts';
export * from './rule-values.ts';
export { DEFAULT_TEXT_MAX, matchesMask } from './text-field-value.ts';
export * from './time-entry-note-rule.ts';
export * from './unique-values.ts';
