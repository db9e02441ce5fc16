import { z } from 'zod';
import { requiredText } from '../common/fields.ts';

/** What an additional field can be attached to. Registration forms use `permissionario` and `requerente`. */
export const ADDITIONAL_FIELD_ENTITIES = ['user', 'permissionario', 'requerente', 'company'] as const;
export type AdditionalFieldEntity = (typeof ADDITIONAL_FIELD_ENTITIES)[number];

/** The entities whose fields the public registration forms show (no session). */
export const PUBLIC_ADDITIONAL_FIELD_ENTITIES = ['permissionario', 'requerente'] as const;
export type PublicAdditionalFieldEntity = (typeof PUBLIC_ADDITIONAL_FIELD_ENTITIES)[number];

/**
 * The field types of spec §3 that make sense for a single additional value. Values travel as JSON:
 * STRING and PICKLIST (the option's `value`) as strings; INTEGER, DECIMAL and CURRENCY as numbers (numeric
 * strings such as "12,50" are accepted and normalised); BOOLEAN as a boolean; DATE_TIME as an ISO instant.
 */
export const ADDITIONAL_FIELD_TYPES = [
  'STRING',
  'INTEGER',
  'DECIMAL',
  'CURRENCY',
  'BOOLEAN',
  'DATE_TIME',
  'PICKLIST',
] as const;
export type AdditionalFieldType = (typeof ADDITIONAL_FIELD_TYPES)[number];

/** Numeric bounds of spec §5 (default minimum and maximum of a numeric field). */
export const ADDITIONAL_FIELD_NUMBER_MIN = -1e22;
export const ADDITIONAL_FIELD_NUMBER_MAX = 1e21;
/** Longest STRING value. */
export const ADDITIONAL_FIELD_TEXT_MAX = 4000;

/** An identifier: a letter, then letters, digits or underscores (it keys the stored JSON value). */
export const ADDITIONAL_FIELD_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;

export const AdditionalFieldOptionSchema = z.object({
  value: requiredText(100),
  text: requiredText(200),
});
export type AdditionalFieldOption = z.infer<typeof AdditionalFieldOptionSchema>;

/**
 * The values of a record's additional fields, keyed by field name (as stored in its `additional_fields` jsonb).
 * The server checks them against the entity's active definitions; values of fields no longer active are kept.
 */
export const AdditionalFieldValuesSchema = z.record(z.string(), z.unknown());
export type AdditionalFieldValues = z.infer<typeof AdditionalFieldValuesSchema>;

/** A definition as the administration area sees it. */
export const AdditionalFieldSchema = z.object({
  id: z.number().int(),
  entity: z.enum(ADDITIONAL_FIELD_ENTITIES),
  name: z.string(),
  labelPtBr: z.string(),
  labelEn: z.string(),
  type: z.enum(ADDITIONAL_FIELD_TYPES),
  required: z.boolean(),
  /** PICKLIST only; empty otherwise. */
  options: z.array(AdditionalFieldOptionSchema),
  position: z.number().int(),
  active: z.boolean(),
});
export type AdditionalField = z.infer<typeof AdditionalFieldSchema>;

/** What a form needs to render a field (public list: active fields only, ordered by position). */
export const PublicAdditionalFieldSchema = AdditionalFieldSchema.omit({
  id: true,
  entity: true,
  active: true,
});
export type PublicAdditionalField = z.infer<typeof PublicAdditionalFieldSchema>;

export const AdditionalFieldListQuerySchema = z.object({
  /** Omitted: the fields of every entity. */
  entity: z.enum(ADDITIONAL_FIELD_ENTITIES).optional(),
});

export const PublicAdditionalFieldListQuerySchema = z.object({
  entity: z.enum(PUBLIC_ADDITIONAL_FIELD_ENTITIES, { error: 'required' }),
});

/**
 * Creates (id 0 or absent) or replaces a definition. A name already used by another field of the same
 * entity answers 409 ADDITIONAL_FIELD_DUPLICATE_NAME naming `body.name`. PICKLIST needs at least one option, with distinct values.
 */
export const AdditionalFieldSaveBodySchema = z
  .object({
    id: z.number().int().min(0).default(0),
    entity: z.enum(ADDITIONAL_FIELD_ENTITIES, { error: 'required' }),
    name: requiredText(63).refine((value) => ADDITIONAL_FIELD_NAME_PATTERN.test(value), {
      error: 'invalidValue',
    }),
    labelPtBr: requiredText(200),
    labelEn: requiredText(200),
    type: z.enum(ADDITIONAL_FIELD_TYPES, { error: 'required' }),
    required: z.boolean().default(false),
    options: z.array(AdditionalFieldOptionSchema).max(500).default([]),
    position: z.number().int().min(0).max(100_000).default(0),
    active: z.boolean().default(true),
  })
  .superRefine((body, context) => {
    if (body.type === 'PICKLIST') {
      if (body.options.length === 0)
        context.addIssue({ code: 'custom', path: ['options'], message: 'required' });
      const values = new Set<string>();
      body.options.forEach((option, index) => {
        if (values.has(option.value)) {
          context.addIssue({ code: 'custom', path: ['options', index, 'value'], message: 'invalidValue' });
        }
        values.add(option.value);
      });
    }
  })
  .transform((body) => ({ ...body, options: body.type === 'PICKLIST' ? body.options : [] }));
export type AdditionalFieldSaveBody = z.input<typeof AdditionalFieldSaveBodySchema>;

export const AdditionalFieldIdBodySchema = z.object({ id: z.number().int().positive() });
