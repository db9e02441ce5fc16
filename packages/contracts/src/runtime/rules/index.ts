export * from './field-rules.ts';
export * from './form-rules.ts';
export * from './rule-expression.ts';
export * from './rule-functions.ts';
