import type { PrintBinding, PrintField, PrintLayout, PrintStaticField } from '@der/contracts';

/** A field the designer draws: one of a page's, or one of the header/footer drawn on every page. */
export type DesignField = PrintField | PrintStaticField;

/** Where a field lives. By index, not name: a name being retyped may be empty or repeated for a moment. */
export type FieldRef = { area: 'page'; page: number; index: number } | { area: 'static'; index: number };

/** What every part of the inspector gets: the layout, the field it edits (and where it is), and the next layout. */
export interface FieldEditorProps<Field extends DesignField = DesignField> {
  layout: PrintLayout;
  fieldRef: FieldRef;
  field: Field;
  onChange: (layout: PrintLayout) => void;
}

/** An edit that keeps the field's kind, so it may be written back to a page or to the header/footer. */
export type FieldUpdate = <F extends DesignField>(field: F) => F;

/** The designer's grid when a field is moved: half a millimetre, finer than a printed line's thickness. */
const GRID_MM = 0.5;
/** The smallest side a field may be given: pdfme draws nothing for a zero-sized box. */
const MIN_LENGTH_MM = 0.1;

export const refKey = (ref: FieldRef): string =>
  ref.area === 'page' ? `page-${ref.page}-${ref.index}` : `static-${ref.index}`;

export const sameRef = (a: FieldRef | null, b: FieldRef | null): boolean =>
  a !== null && b !== null && refKey(a) === refKey(b);

export function findField(layout: PrintLayout, ref: FieldRef): DesignField | undefined {
  return resolveField(layout, ref)?.field;
}

/** The field with the kind of list it is in, which says what it may hold (a binding, or fixed content). */
export function resolveField(
  layout: PrintLayout,
  ref: FieldRef,
): { area: 'page'; field: PrintField } | { area: 'static'; field: PrintStaticField } | undefined {
  if (ref.area === 'page') {
    const field = layout.template.schemas[ref.page]?.[ref.index];
    return field && { area: 'page', field };
  }
  const field = layout.template.basePdf.staticSchema[ref.index];
  return field && { area: 'static', field };
}

/** What is drawn on one page: the header/footer first (they lie under the page's fields), then its fields. */
export function listPageFields(
  layout: PrintLayout,
  page: number,
): Array<{ ref: FieldRef; field: DesignField }> {
  const statics = layout.template.basePdf.staticSchema.map((field, index) => ({
    ref: { area: 'static', index } as const,
    field,
  }));
  const fields = (layout.template.schemas[page] ?? []).map((field, index) => ({
    ref: { area: 'page', page, index } as const,
    field,
  }));
  return [...statics, ...fields];
}

function withTemplate(layout: PrintLayout, template: Partial<PrintLayout['template']>): PrintLayout {
  return { ...layout, template: { ...layout.template, ...template } };
}

export function updatePageField(
  layout: PrintLayout,
  ref: Extract<FieldRef, { area: 'page' }>,
  update: (field: PrintField) => PrintField,
): PrintLayout {
  const schemas = layout.template.schemas.map((fields, page) =>
    page === ref.page ? fields.map((field, index) => (index === ref.index ? update(field) : field)) : fields,
  );
  return withTemplate(layout, { schemas });
}

function updateStaticField(
  layout: PrintLayout,
  index: number,
  update: (field: PrintStaticField) => PrintStaticField,
): PrintLayout {
  const basePdf = layout.template.basePdf;
  const staticSchema = basePdf.staticSchema.map((field, current) =>
    current === index ? update(field) : field,
  );
  return withTemplate(layout, { basePdf: { ...basePdf, staticSchema } });
}

/** The layout with one field changed by `update`; unchanged when `ref` names no field. */
export function updateField(layout: PrintLayout, ref: FieldRef, update: FieldUpdate): PrintLayout {
  return ref.area === 'page'
    ? updatePageField(layout, ref, update)
    : updateStaticField(layout, ref.index, update);
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), Math.max(min, max));
const snap = (value: number) => Math.round(value / GRID_MM) * GRID_MM;
/** Down, not to the nearest: the farthest grid position must still leave the field on the page. */
const snapDown = (value: number) => Math.floor(value / GRID_MM) * GRID_MM;

/** The field placed at `position`, on the half-millimetre grid and wholly on the page. */
export function moveField(
  layout: PrintLayout,
  ref: FieldRef,
  position: { x: number; y: number },
): PrintLayout {
  const page = layout.template.basePdf;
  return updateField(layout, ref, (field) => ({
    ...field,
    position: {
      x: clamp(snap(position.x), 0, snapDown(page.width - field.width)),
      y: clamp(snap(position.y), 0, snapDown(page.height - field.height)),
    },
  }));
}

/** The field moved by `dx`, `dy` millimetres (the arrow keys). */
export function nudgeField(layout: PrintLayout, ref: FieldRef, dx: number, dy: number): PrintLayout {
  const field = findField(layout, ref);
  if (!field) return layout;
  return moveField(layout, ref, { x: field.position.x + dx, y: field.position.y + dy });
}

/** The field given a new size, kept on the page (from its current position). */
export function resizeField(
  layout: PrintLayout,
  ref: FieldRef,
  size: { width: number; height: number },
): PrintLayout {
  const page = layout.template.basePdf;
  return updateField(layout, ref, (field) => ({
    ...field,
    width: clamp(size.width, MIN_LENGTH_MM, page.width - field.position.x),
    height: clamp(size.height, MIN_LENGTH_MM, page.height - field.position.y),
  }));
}

export function renameField(layout: PrintLayout, ref: FieldRef, name: string): PrintLayout {
  return updateField(layout, ref, (field) => ({ ...field, name }));
}

/** Where a text or QR code field's value comes from; other fields have no single binding and stay as they are. */
export function setBinding(layout: PrintLayout, ref: FieldRef, binding: PrintBinding): PrintLayout {
  if (ref.area !== 'page') return layout;
  return updatePageField(layout, ref, (field) =>
    field.type === 'text' || field.type === 'qrcode' ? { ...field, binding } : field,
  );
}

/** The binding of one `{name}` of a multiVariableText. */
export function setVariableBinding(
  layout: PrintLayout,
  ref: FieldRef,
  name: string,
  binding: PrintBinding,
): PrintLayout {
  if (ref.area !== 'page') return layout;
  return updatePageField(layout, ref, (field) =>
    field.type === 'multiVariableText'
      ? { ...field, variables: { ...field.variables, [name]: binding } }
      : field,
  );
}

/** Top, right, bottom, left, as pdfme's blank page holds them. */
export type Padding = PrintLayout['template']['basePdf']['padding'];

export function setPadding(layout: PrintLayout, padding: Padding): PrintLayout {
  return withTemplate(layout, { basePdf: { ...layout.template.basePdf, padding } });
}
