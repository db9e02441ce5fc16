import type { LocalizedText, PrintLayout } from '@der/contracts';
import { type FieldRef, updateField, updatePageField } from './printLayoutDesign.ts';

export const TEXT_ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;
export type TextAlignment = (typeof TEXT_ALIGNMENTS)[number];

/** The colours a field may have: a line's or a fill (`color`), a border, a QR code's bars. */
export type ColorProperty = 'color' | 'borderColor' | 'barColor';

/** The font size of a text, a multi-variable text, a header/footer text or a table; others stay as they are. */
export function setFontSize(layout: PrintLayout, ref: FieldRef, fontSize: number): PrintLayout {
  return updateField(layout, ref, (field) => ('fontSize' in field ? { ...field, fontSize } : field));
}

/** The alignment of a text-like field (tables align per column). */
export function setAlignment(layout: PrintLayout, ref: FieldRef, alignment: TextAlignment): PrintLayout {
  return updateField(layout, ref, (field) => ('alignment' in field ? { ...field, alignment } : field));
}

/** One colour of a field that has it; the contract's pattern (#RRGGBB) is checked with the rest of the layout. */
export function setColor(
  layout: PrintLayout,
  ref: FieldRef,
  property: ColorProperty,
  value: string,
): PrintLayout {
  return updateField(layout, ref, (field) => (property in field ? { ...field, [property]: value } : field));
}

/** The text of a multiVariableText, its `{name}` placeholders filled by its variables. */
export function setMultiVariableText(layout: PrintLayout, ref: FieldRef, text: LocalizedText): PrintLayout {
  if (ref.area !== 'page') return layout;
  return updatePageField(layout, ref, (field) =>
    field.type === 'multiVariableText' ? { ...field, text } : field,
  );
}

/** The fixed text of a header/footer field ({currentPage} and {totalPages} are pdfme's page variables). */
export function setStaticContent(layout: PrintLayout, ref: FieldRef, content: LocalizedText): PrintLayout {
  return updateField(layout, ref, (field) =>
    'content' in field && field.type === 'text' ? { ...field, content } : field,
  );
}
