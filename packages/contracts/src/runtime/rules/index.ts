export * from './field-requirement.ts';
export * from './field-rules.ts';
export * from './form-rules.ts';
export * from './reference-lookups.ts';
export * from './rule-expression.ts';
export * from './rule-functions.ts';
export * from './unique-values.ts';
