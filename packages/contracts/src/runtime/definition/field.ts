import { z } from 'zod';
import { INLINE_EDITABLE_FIELD_TYPES, storageKindOfType } from './field-type-registry.ts';
import { DATE_TIME_FORMAT_TYPES, type FieldStorageKind, FieldTypeSchema } from './field-types.ts';
import { LocalizedTextSchema } from './localized-text.ts';

/**
 * A configured field key: a letter, then letters, digits or underscores. It keys the value in the item's
 * `data` JSON and is what filters and sorts name; it is checked against the definition, never put into SQL.
 */
export const FIELD_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;
export const FieldKeySchema = z.string().regex(FIELD_KEY_PATTERN, { error: 'invalidFieldKey' });

/** Spec §3 "Dropdown option": value, text, color (plus the English text). */
export const PicklistOptionSchema = z.object({
  value: z.string().trim().min(1).max(100),
  text: LocalizedTextSchema,
  color: z
    .string()
    .regex(/^#[0-9A-Fa-f]{6}$/)
    .optional(),
});
export type PicklistOption = z.infer<typeof PicklistOptionSchema>;

/**
 * When a required field must hold a value. 'always' (the default): from the item's creation on.
 * 'leavingInitialStatus': a draft in the workflow's initial status may be saved without it; the action that
 * takes the item out of that status (e.g. 'enviar' from 'rascunho'), and every save past it, requires it.
 */
export const FIELD_REQUIREMENT_STAGES = ['always', 'leavingInitialStatus'] as const;
export type FieldRequirementStage = (typeof FIELD_REQUIREMENT_STAGES)[number];

/** The column types a TABLE field's rows may hold: values checked by the same §5 rules as fields. */
export const TABLE_COLUMN_TYPES = ['STRING', 'INTEGER', 'DECIMAL', 'BOOLEAN', 'PICKLIST'] as const;

/**
 * One column of a TABLE field (e.g. a route segment's road, km start, km end, municipality; a drawing's sheet,
 * verdict and comments). A PICKLIST column, and only it, has options.
 */
export const TableColumnSchema = z
  .object({
    key: FieldKeySchema,
    type: z.enum(TABLE_COLUMN_TYPES),
    label: LocalizedTextSchema,
    required: z.boolean().default(false),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    maxLength: z.number().int().min(1).max(10_000).optional(),
    uppercase: z.boolean().default(false),
    /** Width in grid columns of 12 on the form's table. */
    columnSpan: z.number().int().min(1).max(12).optional(),
    options: z.array(PicklistOptionSchema).max(50).optional(),
  })
  .refine(
    (column) => (column.type === 'PICKLIST') === (column.options !== undefined && column.options.length > 0),
    {
      path: ['options'],
      message: 'a PICKLIST column, and only a PICKLIST column, has options',
    },
  );
export type TableColumn = z.infer<typeof TableColumnSchema>;
export type TableColumnInput = z.input<typeof TableColumnSchema>;

/**
 * Values of the signed-in account a field may come from (the requerente's own name, CPF/CNPJ …): filled when a
 * new item starts. For external users (requerentes, permissionários) the identity ones (ACCOUNT_IDENTITY_VALUES)
 * are the account's and nobody else's: the server refuses any other value; e-mail and phone are a suggestion.
 */
export const ACCOUNT_VALUES = ['name', 'cpfCnpj', 'personType', 'companyName', 'email', 'phone'] as const;
export type AccountValue = (typeof ACCOUNT_VALUES)[number];
export const ACCOUNT_IDENTITY_VALUES: readonly AccountValue[] = [
  'name',
  'cpfCnpj',
  'personType',
  'companyName',
];

/** Most rows a TABLE field holds when its definition sets none. */
export const TABLE_DEFAULT_MAX_ROWS = 100;

/** How a lookup folds the referenced items' values: in the references' order, or an aggregate over them. */
export const LOOKUP_AGGREGATES = ['first', 'last', 'sum', 'min', 'max', 'count', 'countFilled'] as const;
export type LookupAggregate = (typeof LOOKUP_AGGREGATES)[number];

/** A lookup field's source: `aggregate` of `field` over the items the reference field `reference` holds. */
export const FieldLookupSchema = z.object({
  reference: FieldKeySchema,
  field: FieldKeySchema,
  aggregate: z.enum(LOOKUP_AGGREGATES),
});
export type FieldLookup = z.infer<typeof FieldLookupSchema>;

/** One configured field of a component (an item type). */
export const FieldDefinitionSchema = z
  .object({
    key: FieldKeySchema,
    type: FieldTypeSchema,
    label: LocalizedTextSchema,
    /** Spec §3 column definition `givenName`: a short caption for grids. */
    givenName: LocalizedTextSchema.optional(),
    required: z.boolean().default(false),
    /** Filled from the signed-in account (ACCOUNT_VALUES); identity values are bound to it for external users. */
    fromAccount: z.enum(ACCOUNT_VALUES).optional(),
    /** When `required` applies (FIELD_REQUIREMENT_STAGES); absent: always. */
    requiredFrom: z.enum(FIELD_REQUIREMENT_STAGES).optional(),
    /** Kept in the definition but no longer offered on forms (data of a removed field is kept too). */
    deprecated: z.boolean().default(false),
    /** Filters and sorts on this field are served by an expression index. */
    indexed: z.boolean().default(false),
    /** Only the department writes it (fee, protocol and permit numbers, opinions…): read-only for external users. */
    departmentOnly: z.boolean().optional(),
    /** Reference types: hold several ids instead of one. */
    multiple: z.boolean().default(false),
    /** PICKLIST: the options. */
    options: z.array(PicklistOptionSchema).default([]),
    /** Numeric types: bounds (spec §5 defaults −1e22 … 1e21 apply when absent). */
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    /** STRING: longest value; an input mask (react-imask pattern, e.g. '000.000.000-00'); upper-cased as typed. */
    maxLength: z.number().int().min(1).max(1_000_000).optional(),
    mask: z.string().max(100).optional(),
    uppercase: z.boolean().default(false),
    /** STRING: a named pattern the value must match. */
    pattern: z.enum(['email', 'cpf', 'cnpj', 'cpfCnpj', 'cep', 'phone', 'plate', 'renavam']).optional(),
    /** DATE_TIME: display format type of spec §9 and the custom format (type 3). */
    dateTimeFormatType: z.union(DATE_TIME_FORMAT_TYPES.map((value) => z.literal(value))).default(1),
    dateTimeFormat: z.string().max(50).optional(),
    /** GENERIC_ITEM_TYPE: the component whose items this field references. */
    targetComponentId: z.number().int().positive().optional(),
    /**
     * The value is unique among the component's items — 'creator': among the items of the same creator (a
     * requerente's fleet), 'component': among all of them — compared in its canonical form (uniqueKeyOf: a
     * plate's old and Mercosul forms are one value). The server refuses a duplicate naming the field.
     */
    unique: z.enum(['creator', 'component']).optional(),
    /**
     * Once the field holds a value and the item has left its initial status, a user changes it only in a save
     * that runs one of these workflow actions (e.g. a fee fixed at sending, changed by 'alterarTaxa' with its
     * reason in the history); an ordinary save changing it is refused naming the field. The actions' own
     * setField effects are not users' changes.
     */
    changeActions: z.array(z.string().min(1).max(63)).min(1).optional(),
    /**
     * A value read from the items a GENERIC_ITEM_TYPE field of this component references (lookup/rollup): e.g.
     * the `cmt` of the first unit of `composicao`, the sum of their `pbt`. Computed in the browser and again on
     * the server at save (rules/reference-lookups.ts) — never typed: a value sent for it is replaced.
     */
    lookup: FieldLookupSchema.optional(),
    /** Shared data tables: the column can be edited in the grid (inline-editable kinds of spec §3 only). */
    editInGrid: z.boolean().default(false),
    /** Shared data tables: the column filter lists the values to choose from. */
    filterAsList: z.boolean().default(false),
    /** Shared data tables: width in px (spec §9 defaults by type apply when absent). */
    columnWidth: z.number().int().min(40).max(2000).optional(),
    /**
     * A constant a new item starts with: a string for text kinds (a PICKLIST option value), a number for
     * numeric kinds, a boolean for BOOLEAN. Computed defaults are `defaultValue` business rules.
     */
    defaultValue: z.union([z.string().max(10_000), z.number(), z.boolean()]).optional(),
    /** TABLE: the columns of each row, and the most rows it holds (TABLE_DEFAULT_MAX_ROWS when absent). */
    columns: z.array(TableColumnSchema).max(20).optional(),
    maxRows: z.number().int().min(1).max(1000).optional(),
  })
  .superRefine((field, context) => {
    if (field.type === 'PICKLIST' && field.options.length === 0) {
      context.addIssue({
        code: 'custom',
        path: ['options'],
        message: 'a PICKLIST field needs at least one option',
      });
    }
    if (field.type === 'GENERIC_ITEM_TYPE' && field.targetComponentId === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['targetComponentId'],
        message: 'a GENERIC_ITEM_TYPE field names the component it references',
      });
    }
    if (field.minimum !== undefined && field.maximum !== undefined && field.minimum > field.maximum) {
      context.addIssue({ code: 'custom', path: ['minimum'], message: 'minimum is greater than maximum' });
    }
    if (field.editInGrid && !INLINE_EDITABLE_FIELD_TYPES.includes(field.type)) {
      context.addIssue({
        code: 'custom',
        path: ['editInGrid'],
        message: `a ${field.type} field is not editable in the grid`,
      });
    }
    if ((field.type === 'TABLE') !== (field.columns !== undefined && field.columns.length > 0)) {
      context.addIssue({
        code: 'custom',
        path: ['columns'],
        message: 'a TABLE field, and only a TABLE field, has columns',
      });
    }
    const defaultProblem = defaultValueProblem(field);
    if (defaultProblem) context.addIssue({ code: 'custom', path: ['defaultValue'], message: defaultProblem });
  });
export type FieldDefinition = z.infer<typeof FieldDefinitionSchema>;
export type FieldDefinitionInput = z.input<typeof FieldDefinitionSchema>;

/** Why a field's constant default does not fit the field, or null when it fits (or there is none). */
function defaultValueProblem(
  field: Pick<FieldDefinition, 'type' | 'multiple' | 'options' | 'defaultValue'>,
): string | null {
  const value = field.defaultValue;
  if (value === undefined) return null;
  const kind = storageKindOf(field);
  const expected = kind === 'text' ? 'string' : kind === 'number' || kind === 'boolean' ? kind : null;
  if (expected === null) return `a ${field.type} field has no constant default (use a defaultValue rule)`;
  if (typeof value !== expected) return `the default of a ${field.type} field must be a ${expected}`;
  if (field.type === 'PICKLIST' && !field.options.some((option) => option.value === value)) {
    return `the default '${String(value)}' is not among the options`;
  }
  return null;
}

/** How a field's value is kept in the item's `data` JSON (see FieldStorageKind). */
export function storageKindOf(field: Pick<FieldDefinition, 'type' | 'multiple'>): FieldStorageKind {
  return storageKindOfType(field.type, field.multiple);
}
