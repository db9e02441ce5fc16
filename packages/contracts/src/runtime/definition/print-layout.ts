import { z } from 'zod';
import type { SystemFieldKey } from '../query/filter.ts';
import { FieldKeySchema } from './field.ts';
import { LocalizedTextSchema } from './localized-text.ts';
import { ColorSchema, DefinitionIdSchema } from './primitives.ts';

/**
 * A print layout of a component (the print-layout viewer and `generateDocument` effects): a pdfme template held
 * in the definition — a blank page spec (`basePdf`) whose `staticSchema` is the header and footer of every page,
 * and `schemas`, the fields of each page — where every field says where its value comes from (`binding`) and how
 * it is written (`format`). The server turns the bindings into pdfme inputs and pdfme draws the PDF; the
 * definition never holds code. Lengths are millimetres, as in pdfme.
 */

/** How a value is written, by spec §9: BRL with comma decimals, dates 0 DD/MM/YYYY HH:mm, 1 DD/MM/YYYY, 2 HH:mm. */
export const PrintFormatSchema = z.discriminatedUnion('kind', [
  /** As the field's type shows it on a form (currency as BRL, dates by the field's own format type …). */
  z.object({ kind: z.literal('auto') }),
  z.object({ kind: z.literal('text') }),
  z.object({ kind: z.literal('integer') }),
  z.object({ kind: z.literal('decimal'), digits: z.number().int().min(0).max(6).default(2) }),
  z.object({ kind: z.literal('currency') }),
  z.object({ kind: z.literal('date'), dateFormatType: z.union([z.literal(0), z.literal(1), z.literal(2)]) }),
  z.object({ kind: z.literal('boolean') }),
  /** 11 digits as a CPF (000.000.000-00), 14 characters as a CNPJ (00.000.000/0000-00). */
  z.object({ kind: z.literal('cpfCnpj') }),
]);
export type PrintFormat = z.infer<typeof PrintFormatSchema>;
export type PrintFormatInput = z.input<typeof PrintFormatSchema>;

/**
 * Values a layout may print that are no field of the item: where and when it is printed, `signature`, a
 * sentence saying the document is signed with the department's A1 — empty unless it really will be — and
 * `documentCheckUrl`, the public check address (/validarDocumento?uid=) of the document a workflow generates —
 * empty when the layout is only viewed, since such a print is no issued document.
 */
export const PRINT_CONTEXT_KEYS = [
  'publicUrl',
  'printedAt',
  'printedBy',
  'layoutName',
  'signature',
  'documentCheckUrl',
] as const;
export type PrintContextKey = (typeof PRINT_CONTEXT_KEYS)[number];

/**
 * The system keys a printed item carries (the server's item-print-source: the item's values plus StatusName,
 * CreationDate and LastModify) — what the layout designer offers. The schema accepts every system key, but the
 * others would print empty.
 */
export const PRINTABLE_SYSTEM_KEYS = [
  'FormattedID',
  'Title',
  'StatusName',
  'CreationDate',
  'LastModify',
  'ID',
  'Version',
  'Position',
  'Reason',
] as const satisfies ReadonlyArray<SystemFieldKey>;

/** `{{key}}` of a template binding: a field key, a system key or a context key. */
export const PRINT_TEMPLATE_PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

/** The keys a template text names, in order. */
export function printTemplateKeys(text: string): string[] {
  return [...text.matchAll(PRINT_TEMPLATE_PLACEHOLDER)].map((match) => match[1] ?? '');
}

/** Paragraphs are longer than labels. */
const LongLocalizedTextSchema = z.object({
  'pt-BR': z.string().trim().min(1).max(4000),
  en: z.string().trim().min(1).max(4000),
});

/** Where a field's value comes from. */
export const PrintBindingSchema = z.discriminatedUnion('kind', [
  /** A configured field or a system key (FormattedID, StatusName …) of the item (of the row, in a table). */
  z.object({
    kind: z.literal('field'),
    field: FieldKeySchema,
    format: PrintFormatSchema.default({ kind: 'auto' }),
  }),
  z.object({ kind: z.literal('context'), key: z.enum(PRINT_CONTEXT_KEYS) }),
  /** Fixed text in both languages (labels, headings, paragraphs). */
  z.object({ kind: z.literal('literal'), text: LongLocalizedTextSchema }),
  /** Text with `{{key}}` placeholders (fields, system and context keys), each written as `auto`: 'Nome: {{nome}}'. */
  z.object({ kind: z.literal('template'), text: LongLocalizedTextSchema }),
]);
export type PrintBinding = z.infer<typeof PrintBindingSchema>;
export type PrintBindingInput = z.input<typeof PrintBindingSchema>;

const FieldNameSchema = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,62}$/);
const OffsetSchema = z.number().min(0).max(2000);
const LengthSchema = z.number().positive().max(2000);
const OptionalColorSchema = z.union([ColorSchema, z.literal('')]);

const BoxShape = {
  name: FieldNameSchema,
  position: z.strictObject({ x: OffsetSchema, y: OffsetSchema }),
  width: LengthSchema,
  height: LengthSchema,
};

const TextStyleShape = {
  fontSize: z.number().min(4).max(96).default(10),
  alignment: z.enum(['left', 'center', 'right', 'justify']).default('left'),
  verticalAlignment: z.enum(['top', 'middle', 'bottom']).default('top'),
  lineHeight: z.number().min(0.5).max(3).default(1.2),
  fontColor: ColorSchema.default('#000000'),
  backgroundColor: OptionalColorSchema.default(''),
  /** 'expand': the box grows with its text and pushes what is below it (onto the next page if needed). */
  overflow: z.enum(['visible', 'expand']).default('visible'),
};

export const PrintTextFieldSchema = z.strictObject({
  type: z.literal('text'),
  ...BoxShape,
  ...TextStyleShape,
  binding: PrintBindingSchema,
});

/** pdfme's multiVariableText: `{name}` placeholders of `text` filled by their bindings. */
export const PrintMultiVariableTextFieldSchema = z.strictObject({
  type: z.literal('multiVariableText'),
  ...BoxShape,
  ...TextStyleShape,
  text: LongLocalizedTextSchema,
  variables: z.record(FieldNameSchema, PrintBindingSchema),
});

/**
 * The rows of a table: the item's children of a component, the items a reference field links, or the rows of
 * one of the item's TABLE fields (columns bound to its column keys, e.g. a route's segments).
 */
export const PrintTableRowsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('children'), componentId: DefinitionIdSchema }),
  z.object({ kind: z.literal('linked'), field: FieldKeySchema }),
  z.object({ kind: z.literal('tableField'), field: FieldKeySchema }),
]);
export type PrintTableRows = z.infer<typeof PrintTableRowsSchema>;

export const PrintTableColumnSchema = z.strictObject({
  header: LocalizedTextSchema,
  /** Share of the table's width, in percent; the columns' shares add up to 100. */
  width: z.number().positive().max(100),
  alignment: z.enum(['left', 'center', 'right']).default('left'),
  /** A field of the row's item (or a literal/context/template). */
  binding: PrintBindingSchema,
});

/** A table that continues on the next pages with its header repeated (pdfme's dynamic table). */
export const PrintTableFieldSchema = z.strictObject({
  type: z.literal('table'),
  ...BoxShape,
  rows: PrintTableRowsSchema,
  columns: z.array(PrintTableColumnSchema).min(1).max(20),
  repeatHead: z.boolean().default(true),
  fontSize: z.number().min(4).max(48).default(9),
  headBackgroundColor: ColorSchema.default('#2E5A88'),
  headFontColor: ColorSchema.default('#FFFFFF'),
  borderColor: ColorSchema.default('#888888'),
  alternateBackgroundColor: OptionalColorSchema.default('#F2F5F9'),
  /** Printed as the only row when there are none. */
  emptyText: LocalizedTextSchema.optional(),
});

/** A fixed picture (a logo): a PNG or JPEG data URL kept in the definition (at most ~1.5 MB). */
export const PrintImageFieldSchema = z.strictObject({
  type: z.literal('image'),
  ...BoxShape,
  content: z
    .string()
    .max(2_000_000)
    .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+=*$/),
});

export const PrintQrCodeFieldSchema = z.strictObject({
  type: z.literal('qrcode'),
  ...BoxShape,
  binding: PrintBindingSchema,
  barColor: ColorSchema.default('#000000'),
});

export const PrintLineFieldSchema = z.strictObject({
  type: z.literal('line'),
  ...BoxShape,
  color: ColorSchema.default('#000000'),
});

export const PrintRectangleFieldSchema = z.strictObject({
  type: z.literal('rectangle'),
  ...BoxShape,
  borderWidth: z.number().min(0).max(20).default(0.3),
  borderColor: OptionalColorSchema.default('#000000'),
  color: OptionalColorSchema.default(''),
});

export const PrintFieldSchema = z.discriminatedUnion('type', [
  PrintTextFieldSchema,
  PrintMultiVariableTextFieldSchema,
  PrintTableFieldSchema,
  PrintImageFieldSchema,
  PrintQrCodeFieldSchema,
  PrintLineFieldSchema,
  PrintRectangleFieldSchema,
]);
export type PrintField = z.infer<typeof PrintFieldSchema>;
export type PrintFieldInput = z.input<typeof PrintFieldSchema>;
export type PrintFieldType = PrintField['type'];

/** Only these pdfme page variables may appear, as `{currentPage}` and `{totalPages}`, in a header or footer. */
export const PRINT_PAGE_VARIABLES = ['currentPage', 'totalPages'] as const;

/** Header and footer: drawn on every page; their texts are literal, with `{currentPage}` / `{totalPages}`. */
export const PrintStaticFieldSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('text'),
    ...BoxShape,
    ...TextStyleShape,
    content: LocalizedTextSchema,
  }),
  PrintImageFieldSchema,
  PrintLineFieldSchema,
  PrintRectangleFieldSchema,
]);
export type PrintStaticField = z.infer<typeof PrintStaticFieldSchema>;
export type PrintStaticFieldInput = z.input<typeof PrintStaticFieldSchema>;

export const PrintBlankPageSchema = z.strictObject({
  width: z.number().min(50).max(1200).default(210),
  height: z.number().min(50).max(1200).default(297),
  /** Top, right, bottom, left: where the fields may go; a table breaks at the bottom padding. */
  padding: z.tuple([OffsetSchema, OffsetSchema, OffsetSchema, OffsetSchema]).default([15, 15, 15, 15]),
  staticSchema: z.array(PrintStaticFieldSchema).max(50).default([]),
});

export const PrintTemplateSchema = z.strictObject({
  basePdf: PrintBlankPageSchema,
  /** The fields of each page of the template (a table or expanding text may add pages after them). */
  schemas: z.array(z.array(PrintFieldSchema).max(300)).min(1).max(50),
});
export type PrintTemplate = z.infer<typeof PrintTemplateSchema>;

export const PrintLayoutSchema = z.object({
  id: DefinitionIdSchema,
  name: LocalizedTextSchema,
  /** Raised by whoever edits the layout: documents record the version they were printed with. */
  version: z.number().int().min(1).max(1_000_000).default(1),
  /** generateDocument signs the document with the department's A1 (also when the effect asks for it). */
  sign: z.boolean().default(false),
  template: PrintTemplateSchema,
});
export type PrintLayout = z.infer<typeof PrintLayoutSchema>;
export type PrintLayoutInput = z.input<typeof PrintLayoutSchema>;
