import type { FieldDefinitionInput } from '@der/contracts';

/** Limits by legal framing (domain.md): the fields the limit checks add to a request. */
export const AET_LIMIT_FIELDS = [] satisfies FieldDefinitionInput[];
