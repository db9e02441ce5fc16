import {
  assertNever,
  type Language,
  localize,
  type PrintField,
  type PrintLayout,
  type PrintStaticField,
} from '@der/contracts';
import type { Schema, Template } from '@pdfme/common';

type Box = Pick<PrintField, 'name' | 'position' | 'width' | 'height'>;

const box = (field: Box) => ({
  name: field.name,
  position: { ...field.position },
  width: field.width,
  height: field.height,
});

type TextStyle = Pick<
  Extract<PrintField, { type: 'text' }>,
  'fontSize' | 'alignment' | 'verticalAlignment' | 'lineHeight' | 'fontColor' | 'backgroundColor' | 'overflow'
>;

function textStyle(field: TextStyle) {
  return {
    fontSize: field.fontSize,
    alignment: field.alignment,
    verticalAlignment: field.verticalAlignment,
    lineHeight: field.lineHeight,
    characterSpacing: 0,
    fontColor: field.fontColor,
    backgroundColor: field.backgroundColor,
    ...(field.overflow === 'expand' ? { overflow: 'expand' } : {}),
  };
}

const cellStyle = (fontSize: number, fontColor: string, backgroundColor: string) => ({
  alignment: 'left',
  verticalAlignment: 'middle',
  fontSize,
  lineHeight: 1,
  characterSpacing: 0,
  fontColor,
  backgroundColor,
  borderColor: '',
  borderWidth: { top: 0.1, right: 0.1, bottom: 0.1, left: 0.1 },
  padding: { top: 1.2, right: 1.5, bottom: 1.2, left: 1.5 },
});

/** One field as pdfme's schema (its binding stays ours: pdfme only sees the resolved input). */
function pageSchema(field: PrintField, language: Language): Schema {
  switch (field.type) {
    case 'text':
      return { type: 'text', ...box(field), ...textStyle(field) };
    case 'multiVariableText': {
      const text = localize(field.text, language);
      return {
        type: 'multiVariableText',
        ...box(field),
        ...textStyle({ ...field, overflow: 'visible' }),
        text,
        content: '{}',
        variables: Object.keys(field.variables),
      };
    }
    case 'table':
      return {
        type: 'table',
        ...box(field),
        showHead: true,
        repeatHead: field.repeatHead,
        head: field.columns.map((column) => localize(column.header, language)),
        headWidthPercentages: field.columns.map((column) => column.width),
        tableStyles: { borderColor: field.borderColor, borderWidth: 0.2 },
        headStyles: {
          ...cellStyle(field.fontSize, field.headFontColor, field.headBackgroundColor),
          borderColor: field.borderColor,
        },
        bodyStyles: {
          ...cellStyle(field.fontSize, '#000000', ''),
          borderColor: field.borderColor,
          alternateBackgroundColor: field.alternateBackgroundColor,
        },
        columnStyles: {
          alignment: Object.fromEntries(field.columns.map((column, index) => [index, column.alignment])),
        },
      };
    case 'image':
      return { type: 'image', ...box(field) };
    case 'qrcode':
      return { type: 'qrcode', ...box(field), backgroundColor: '#ffffff', barColor: field.barColor };
    case 'line':
      return { type: 'line', ...box(field), color: field.color };
    case 'rectangle':
      return {
        type: 'rectangle',
        ...box(field),
        borderWidth: field.borderWidth,
        borderColor: field.borderColor,
        color: field.color,
        radius: 0,
      };
    default:
      return assertNever(field);
  }
}

/** Header and footer fields carry their content themselves (readOnly): pdfme fills the page variables. */
function staticSchema(field: PrintStaticField, language: Language): Schema {
  switch (field.type) {
    case 'text':
      return {
        type: 'text',
        ...box(field),
        ...textStyle({ ...field, overflow: 'visible' }),
        content: localize(field.content, language),
        readOnly: true,
      };
    case 'image':
      return { type: 'image', ...box(field), content: field.content, readOnly: true };
    case 'line':
    case 'rectangle':
      return { ...pageSchema(field, language), readOnly: true };
    default:
      return assertNever(field);
  }
}

/**
 * The layout as a pdfme Template in the reader's language. `skip`: fields left out (a QR code with nothing to
 * encode: pdfme cannot draw an empty one, and a blank square says the same).
 */
export function toPdfmeTemplate(
  layout: PrintLayout,
  language: Language,
  skip: ReadonlySet<string>,
): Template {
  const page = layout.template.basePdf;
  return {
    basePdf: {
      width: page.width,
      height: page.height,
      padding: [...page.padding],
      staticSchema: page.staticSchema.map((field) => staticSchema(field, language)),
    },
    schemas: layout.template.schemas.map((fields) =>
      fields.filter((field) => !skip.has(field.name)).map((field) => pageSchema(field, language)),
    ),
  } as Template;
}
