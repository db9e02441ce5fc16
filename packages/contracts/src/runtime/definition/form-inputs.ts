import { z } from 'zod';
import { LocalizedTextSchema } from './localized-text.ts';
import { DefinitionKeySchema, FieldReferenceSchema } from './primitives.ts';

/** Properties every form component has: an optional key, a caption and its width on a 12-column grid. */
export const formComponentBase = {
  /** Unique within the form when given; rules and buttons name components by it. */
  key: DefinitionKeySchema.optional(),
  /** Overrides the field's label (or captions a widget). */
  label: LocalizedTextSchema.optional(),
  columnSpan: z.number().int().min(1).max(12).default(12),
  readOnly: z.boolean().default(false),
};

/** A form component bound to one field of the item (a configured key or a system key such as Title). */
const fieldInput = { ...formComponentBase, field: FieldReferenceSchema };

/** Form components that edit one field (spec §3 "Form component types"). */
export const FIELD_INPUT_SCHEMAS = [
  z.object({ ...fieldInput, type: z.literal('textbox'), multiline: z.boolean().default(false) }),
  z.object({ ...fieldInput, type: z.literal('maskedText'), mask: z.string().max(100).optional() }),
  z.object({ ...fieldInput, type: z.literal('numericPicker'), step: z.number().positive().optional() }),
  z.object({ ...fieldInput, type: z.literal('checkbox') }),
  z.object({ ...fieldInput, type: z.literal('dropdown') }),
  z.object({
    ...fieldInput,
    type: z.literal('radioGroup'),
    direction: z.enum(['row', 'column']).default('row'),
  }),
  z.object({ ...fieldInput, type: z.literal('dateChooser') }),
  /** Hierarchical choices: organisational structures, or items with parents. */
  z.object({ ...fieldInput, type: z.literal('treeDropdown') }),
  /** A RICH_TEXT editor. */
  z.object({ ...fieldInput, type: z.literal('formattedText') }),
  z.object({ ...fieldInput, type: z.literal('image') }),
  z.object({ ...fieldInput, type: z.literal('imageList') }),
  z.object({
    ...fieldInput,
    type: z.literal('fileChooser'),
    /** Accepted extensions, e.g. ['.pdf', '.dwg']; all when empty. */
    accept: z.array(z.string().regex(/^\.[a-z0-9]{1,10}$/)).default([]),
    maxFiles: z.number().int().min(1).max(100).optional(),
  }),
  z.object({ ...fieldInput, type: z.literal('svnFiles') }),
  /** A TABLE field's rows: one line per row, a cell per column, rows added, removed and moved. */
  z.object({ ...fieldInput, type: z.literal('table') }),
] as const;

/** The address block: one field per part, filled by CEP lookup and always editable by hand (domain.md). */
export const AddressComponentSchema = z.object({
  ...formComponentBase,
  type: z.literal('address'),
  fields: z.object({
    cep: FieldReferenceSchema,
    street: FieldReferenceSchema,
    number: FieldReferenceSchema.optional(),
    complement: FieldReferenceSchema.optional(),
    district: FieldReferenceSchema.optional(),
    city: FieldReferenceSchema,
    state: FieldReferenceSchema,
  }),
});
