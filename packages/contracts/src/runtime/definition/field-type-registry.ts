import { FIELD_TYPES, type FieldStorageKind, type FieldType } from './field-types.ts';

/**
 * What a value of a field type is: which §5 rule checks it and how it is stored (FieldStorageKind).
 *
 * - text: plain text (length, named pattern, mask); richText: HTML (length; the server sanitises it).
 * - choice: one of the field's PICKLIST options; status: a workflow status key.
 * - number, boolean, instant: as their storage kinds.
 * - reference: a positive id (a list of them when the field is `multiple`); usersOrGroups: `{ kind, id }`
 *   entries; files: a list of stored-file ids; rows: the rows of a TABLE field, each checked by its columns.
 */
export type FieldValueKind =
  | 'text'
  | 'richText'
  | 'choice'
  | 'status'
  | 'number'
  | 'boolean'
  | 'instant'
  | 'reference'
  | 'usersOrGroups'
  | 'files'
  | 'rows';

/** Spec §9 number formats; also §5's rules (integers are whole, currency keeps 2 decimals). */
export type FieldNumberFormat = 'integer' | 'decimal' | 'currency' | 'percent' | 'duration';

/** The records a reference field's ids point at. */
export type FieldReferenceTarget =
  | 'user'
  | 'group'
  | 'userOrGroup'
  | 'company'
  | 'orgUnit'
  | 'project'
  | 'item'
  | 'calendar'
  | 'resource';

/**
 * The per-column filter of a shared data table (spec §2.9 "per-column filters by type"); `listedChoice` is a
 * choice among the column's items when it lists them (references have no text to match), else no filter.
 */
export type FieldFilterKind = 'text' | 'number' | 'date' | 'boolean' | 'choice' | 'listedChoice';

/**
 * How the grid edits a cell in place (spec §3 inline-editable kinds); `listedChoice` is a choice among the
 * column's items when it lists them (the grid has no search chooser).
 */
export type FieldGridEditor = 'text' | 'integer' | 'decimal' | 'boolean' | 'choice' | 'listedChoice';

/**
 * What a spreadsheet cell holds (spec §9 export/import): a number, Sim/Não, a São Paulo wall-clock date, the
 * text (rich text without its markup), the display texts of choices and references, or a count of files.
 */
export type FieldSheetCell =
  | 'number'
  | 'boolean'
  | 'instant'
  | 'text'
  | 'richText'
  | 'displayTexts'
  | 'fileCount'
  | 'rowCount';

export interface WidthRange {
  min: number;
  max: number;
}

/** Everything the platform knows about one field type, read wherever the type decides something. */
export interface FieldTypeTraits {
  value: FieldValueKind;
  /** Numeric types: their format; null for the others. */
  number: FieldNumberFormat | null;
  /** Reference types: what their ids point at; null for the others. */
  reference: FieldReferenceTarget | null;
  /** The column filter; null: the column cannot be filtered by value. */
  filter: FieldFilterKind | null;
  /** Spec §3 "editable inline" form field kinds (a definition may set editInGrid). */
  inlineEditable: boolean;
  /** The grid's in-place editor; null: edited on the form only. */
  gridEditor: FieldGridEditor | null;
  sheetCell: FieldSheetCell;
  /**
   * Spec §9 column widths: string 300, generic item 300, users 200–300, integer 150–250, picklist 200–250,
   * status 250, date 150–200, boolean 150–200, currency/decimal/percent/duration 200. Types the spec does not
   * name read like the nearest one (references like a generic item, files like a string).
   */
  columnWidth: WidthRange;
}

const W300 = { min: 300, max: 300 };
const W_USERS = { min: 200, max: 300 };
const W_NUMBER = { min: 200, max: 200 };

const NUMBER = { value: 'number', reference: null, filter: 'number', sheetCell: 'number' } as const;
const REFERENCE = { value: 'reference', number: null, sheetCell: 'displayTexts' } as const;
const FILES = {
  value: 'files',
  number: null,
  reference: null,
  filter: null,
  gridEditor: null,
  sheetCell: 'fileCount',
  columnWidth: W300,
} as const;

/**
 * The one registry of field types: a new type is a compile error here until it is described, and the
 * switches that used to map types one by one (storage, checks, filters, grid editors, sheet cells, widths,
 * reference lookups) read it instead.
 */
export const FIELD_TYPE_TRAITS: Readonly<Record<FieldType, FieldTypeTraits>> = {
  STRING: {
    value: 'text',
    number: null,
    reference: null,
    filter: 'text',
    inlineEditable: true,
    gridEditor: 'text',
    sheetCell: 'text',
    columnWidth: W300,
  },
  INTEGER: {
    ...NUMBER,
    number: 'integer',
    inlineEditable: true,
    gridEditor: 'integer',
    columnWidth: { min: 150, max: 250 },
  },
  DECIMAL: {
    ...NUMBER,
    number: 'decimal',
    inlineEditable: true,
    gridEditor: 'decimal',
    columnWidth: W_NUMBER,
  },
  CURRENCY: {
    ...NUMBER,
    number: 'currency',
    inlineEditable: true,
    gridEditor: 'decimal',
    columnWidth: W_NUMBER,
  },
  PERCENTILE: {
    ...NUMBER,
    number: 'percent',
    inlineEditable: true,
    gridEditor: 'decimal',
    columnWidth: W_NUMBER,
  },
  DURATION: { ...NUMBER, number: 'duration', inlineEditable: false, gridEditor: null, columnWidth: W_NUMBER },
  BOOLEAN: {
    value: 'boolean',
    number: null,
    reference: null,
    filter: 'boolean',
    inlineEditable: true,
    gridEditor: 'boolean',
    sheetCell: 'boolean',
    columnWidth: { min: 150, max: 200 },
  },
  DATE_TIME: {
    value: 'instant',
    number: null,
    reference: null,
    filter: 'date',
    inlineEditable: false,
    gridEditor: null,
    sheetCell: 'instant',
    columnWidth: { min: 150, max: 200 },
  },
  RICH_TEXT: {
    value: 'richText',
    number: null,
    reference: null,
    filter: 'text',
    inlineEditable: false,
    gridEditor: null,
    sheetCell: 'richText',
    columnWidth: W300,
  },
  PICKLIST: {
    value: 'choice',
    number: null,
    reference: null,
    filter: 'choice',
    inlineEditable: true,
    gridEditor: 'choice',
    sheetCell: 'displayTexts',
    columnWidth: { min: 200, max: 250 },
  },
  ITEM_TYPE_STATUS: {
    value: 'status',
    number: null,
    reference: null,
    filter: 'choice',
    inlineEditable: false,
    gridEditor: null,
    sheetCell: 'displayTexts',
    columnWidth: { min: 250, max: 250 },
  },
  USERS: {
    ...REFERENCE,
    reference: 'user',
    filter: 'listedChoice',
    inlineEditable: true,
    gridEditor: 'listedChoice',
    columnWidth: W_USERS,
  },
  USERS_OR_GROUPS: {
    ...REFERENCE,
    value: 'usersOrGroups',
    reference: 'userOrGroup',
    filter: 'listedChoice',
    inlineEditable: false,
    gridEditor: null,
    columnWidth: W_USERS,
  },
  GROUPS: {
    ...REFERENCE,
    reference: 'group',
    filter: 'listedChoice',
    inlineEditable: false,
    gridEditor: null,
    columnWidth: W_USERS,
  },
  COMPANY: {
    ...REFERENCE,
    reference: 'company',
    filter: 'listedChoice',
    inlineEditable: false,
    gridEditor: null,
    columnWidth: W300,
  },
  PROJECT: {
    ...REFERENCE,
    reference: 'project',
    filter: 'listedChoice',
    inlineEditable: false,
    gridEditor: null,
    columnWidth: W300,
  },
  CALENDAR: {
    ...REFERENCE,
    reference: 'calendar',
    filter: 'listedChoice',
    inlineEditable: false,
    gridEditor: null,
    columnWidth: W300,
  },
  ORGANIZATIONAL_STRUCTURE: {
    ...REFERENCE,
    reference: 'orgUnit',
    filter: 'listedChoice',
    inlineEditable: false,
    gridEditor: null,
    columnWidth: W300,
  },
  RESOURCES: {
    ...REFERENCE,
    reference: 'resource',
    filter: 'listedChoice',
    inlineEditable: false,
    gridEditor: null,
    columnWidth: W300,
  },
  GENERIC_ITEM_TYPE: {
    ...REFERENCE,
    reference: 'item',
    filter: 'listedChoice',
    inlineEditable: true,
    gridEditor: 'listedChoice',
    columnWidth: W300,
  },
  // Image is a BINARY kind of spec §3's inline list, but the grid has no uploader: it is edited on the form.
  BINARY: { ...FILES, inlineEditable: true },
  SVN_FILES: { ...FILES, inlineEditable: false },
  CVS_FILES: { ...FILES, inlineEditable: false },
  // Rows are edited on the form's table; history shows them as text, a spreadsheet cell counts them.
  TABLE: {
    value: 'rows',
    number: null,
    reference: null,
    filter: null,
    inlineEditable: false,
    gridEditor: null,
    sheetCell: 'rowCount',
    columnWidth: W300,
  },
};

export function fieldTypeTraits(type: FieldType): FieldTypeTraits {
  return FIELD_TYPE_TRAITS[type];
}

/** How each value kind is kept in `data` (a reference becomes a list when its field is `multiple`). */
const STORAGE_OF_VALUE: Readonly<Record<FieldValueKind, FieldStorageKind>> = {
  text: 'text',
  richText: 'text',
  choice: 'text',
  status: 'text',
  number: 'number',
  boolean: 'boolean',
  instant: 'instant',
  reference: 'reference',
  usersOrGroups: 'references',
  files: 'files',
  rows: 'rows',
};

/** How a field's value is kept in the item's `data` JSON (see FieldStorageKind). */
export function storageKindOfType(type: FieldType, multiple: boolean): FieldStorageKind {
  const storage = STORAGE_OF_VALUE[FIELD_TYPE_TRAITS[type].value];
  return storage === 'reference' && multiple ? 'references' : storage;
}

/** Decimals a number format shows and a column filter accepts (spec §5: integers 0, the others 2). */
export const NUMBER_FORMAT_DECIMALS: Readonly<Record<FieldNumberFormat, number>> = {
  integer: 0,
  decimal: 2,
  currency: 2,
  percent: 2,
  duration: 2,
};

/** What a reference type's ids point at; null for types that are not references. */
export function referenceTargetOf(type: FieldType): FieldReferenceTarget | null {
  return FIELD_TYPE_TRAITS[type].reference;
}

/** Whether a type's values are ids of other records (users, groups, companies, units, items…). */
export function isReferenceType(type: FieldType): boolean {
  return FIELD_TYPE_TRAITS[type].reference !== null;
}

/**
 * Field types whose grid cells can be edited in place: the "editable inline" form field kinds of spec §3 (Text,
 * MaskedText and Phone are STRING; Image is BINARY; User is USERS; Component is GENERIC_ITEM_TYPE). Dates, rich
 * text and the other kinds are edited on the form.
 */
export const INLINE_EDITABLE_FIELD_TYPES: readonly FieldType[] = FIELD_TYPES.filter(
  (type) => FIELD_TYPE_TRAITS[type].inlineEditable,
);
