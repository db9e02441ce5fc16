import type { FieldDefinition } from '@der/contracts';

/**
 * A configured value in storage form (field-values.ts) with its field. A file of its own so the reference
 * checkers of other engine parts (files/file-references.ts) can take it without importing the items' checker.
 */
export interface FieldValue {
  field: FieldDefinition;
  value: unknown;
}
