import {
  assertNever,
  type LocalizedText,
  type PrintFieldInput,
  PrintFieldSchema,
  type PrintLayout,
  type PrintTableRows,
} from '@der/contracts';
import type { FieldRef } from './printLayoutDesign.ts';

/** What an administrator may add in the designer; images (data URLs) and multi-variable texts stay in the JSON. */
export const ADDABLE_FIELD_TYPES = ['text', 'qrcode', 'table', 'line', 'rectangle'] as const;
export type AddableFieldType = (typeof ADDABLE_FIELD_TYPES)[number];

/** A new table's rows and first column (a field of its rows, headed by that field's label). */
export interface TableSeed {
  rows: PrintTableRows;
  column: { key: string; label: LocalizedText };
}

/** Every name in the layout: pdfme keys its inputs by name, so they are unique across pages and header/footer. */
export function listFieldNames(layout: PrintLayout): Set<string> {
  return new Set(
    [...layout.template.basePdf.staticSchema, ...layout.template.schemas.flat()].map((field) => field.name),
  );
}

/** `base` followed by the first number no field uses yet: text1, text2 … */
export function uniqueFieldName(layout: PrintLayout, base: string): string {
  const taken = listFieldNames(layout);
  let number = 1;
  while (taken.has(`${base}${number}`)) number += 1;
  return `${base}${number}`;
}

/** The size a new field starts with, in mm; tables and lines span the page between its side paddings. */
function sizeOf(type: AddableFieldType, contentWidth: number): { width: number; height: number } {
  switch (type) {
    case 'text':
      return { width: Math.min(60, contentWidth), height: 8 };
    case 'qrcode':
      return { width: 25, height: 25 };
    case 'table':
      return { width: contentWidth, height: 30 };
    case 'line':
      return { width: contentWidth, height: 0.5 };
    case 'rectangle':
      return { width: Math.min(40, contentWidth), height: 20 };
    default:
      return assertNever(type);
  }
}

type BoxInput = Pick<PrintFieldInput, 'name' | 'position' | 'width' | 'height'>;

/** The new field's input; the schema fills in the rest (font, colours …) with the contract's defaults. */
function inputOf(type: AddableFieldType, box: BoxInput, table: TableSeed | undefined): PrintFieldInput {
  switch (type) {
    case 'text':
      // A system key every item has: the new field prints something real in the first preview.
      return { ...box, type, binding: { kind: 'field', field: 'FormattedID' } };
    case 'qrcode':
      return { ...box, type, binding: { kind: 'context', key: 'publicUrl' } };
    case 'table':
      if (!table) throw new Error('A table needs its rows and first column');
      return {
        ...box,
        type,
        rows: table.rows,
        columns: [
          { header: table.column.label, width: 100, binding: { kind: 'field', field: table.column.key } },
        ],
      };
    case 'line':
    case 'rectangle':
      return { ...box, type };
    default:
      return assertNever(type);
  }
}

type SimpleFieldType = Exclude<AddableFieldType, 'table'>;
type AddedField = { layout: PrintLayout; ref: FieldRef };

/** A new field at the top-left corner inside the page's padding, named after its type (text1, table2 …). */
export function addField(layout: PrintLayout, page: number, type: SimpleFieldType): AddedField;
export function addField(layout: PrintLayout, page: number, type: 'table', table: TableSeed): AddedField;
export function addField(
  layout: PrintLayout,
  page: number,
  type: AddableFieldType,
  table?: TableSeed,
): AddedField {
  const { width: pageWidth, height: pageHeight, padding } = layout.template.basePdf;
  const [top, right, , left] = padding;
  const contentWidth = Math.max(1, Math.min(pageWidth, pageWidth - left - right));
  const size = sizeOf(type, contentWidth);
  const box: BoxInput = {
    name: uniqueFieldName(layout, type),
    position: {
      x: Math.max(0, Math.min(left, pageWidth - size.width)),
      y: Math.max(0, Math.min(top, pageHeight - size.height)),
    },
    ...size,
  };
  const field = PrintFieldSchema.parse(inputOf(type, box, table));
  const fields = layout.template.schemas[page] ?? [];
  const schemas = layout.template.schemas.map((current, index) =>
    index === page ? [...current, field] : current,
  );
  return {
    layout: { ...layout, template: { ...layout.template, schemas } },
    ref: { area: 'page', page, index: fields.length },
  };
}

export function removeField(layout: PrintLayout, ref: FieldRef): PrintLayout {
  const template = layout.template;
  if (ref.area === 'static') {
    const staticSchema = template.basePdf.staticSchema.filter((_, index) => index !== ref.index);
    return { ...layout, template: { ...template, basePdf: { ...template.basePdf, staticSchema } } };
  }
  const schemas = template.schemas.map((fields, page) =>
    page === ref.page ? fields.filter((_, index) => index !== ref.index) : fields,
  );
  return { ...layout, template: { ...template, schemas } };
}
