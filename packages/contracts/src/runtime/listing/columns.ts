import { z } from 'zod';
import {
  FIELD_TYPE_TRAITS,
  NUMBER_FORMAT_DECIMALS,
  type WidthRange,
} from '../definition/field-type-registry.ts';
import { type FieldType, FieldTypeSchema } from '../definition/field-types.ts';
import type { SystemFieldKey } from '../query/filter.ts';

/** Spec §3 "Column definition" `items`: the choices of a picklist or status column. */
export const ColumnItemSchema = z.object({
  value: z.string(),
  text: z.string(),
  color: z.string().nullable(),
  image: z.string().nullable(),
  isFontAwesome: z.boolean(),
});
export type ColumnItem = z.infer<typeof ColumnItemSchema>;

/**
 * Spec §3 "Column definition" of a shared data table, with texts already in the caller's language. Besides the
 * spec's names: `system` (a system field key rather than a configured field), `visible` (shown unless the user
 * hides it), `sortable` / `filterable`, and `decimals` (spec §5: integers 0, currency and decimal 2).
 */
export const ColumnDefinitionSchema = z.object({
  /** The field key filters, sorts and row values use. */
  name: z.string(),
  header: z.string(),
  type: FieldTypeSchema,
  system: z.boolean(),
  visible: z.boolean(),
  sortable: z.boolean(),
  filterable: z.boolean(),
  items: z.array(ColumnItemSchema),
  filterAsList: z.boolean(),
  isFileIndex: z.boolean(),
  /** DATE_TIME: the minute step of the time picker (spec §5: 15); null for other types. */
  interval: z.number().int().nullable(),
  dateTimeFormatType: z.number().int().nullable(),
  dateTimeFormat: z.string().nullable(),
  /** Numeric types: decimals shown and accepted by the column filter; null for other types. */
  decimals: z.number().int().nullable(),
  editInGrid: z.boolean(),
  columnWidth: z.number().int(),
  givenName: z.string().nullable(),
});
export type ColumnDefinition = z.infer<typeof ColumnDefinitionSchema>;

/** Spec §9 widths of the columns that mark rows (attachment 90, digital content 120). */
export const ROW_MARKER_COLUMN_WIDTHS = { HasAttachment: 90, HasDigitalContent: 120 } as const;

/** The date picker's minute step of spec §5. */
export const DATE_TIME_STEP_MINUTES = 15;

/** Spec §9 column widths by type (see FieldTypeTraits.columnWidth). */
export function columnWidthRange(type: FieldType): WidthRange {
  return FIELD_TYPE_TRAITS[type].columnWidth;
}

/**
 * Spec §9 default column width of a type: the lower end of its range, except dates shown with a time (format
 * type 0), which need the upper end.
 */
export function defaultColumnWidth(type: FieldType, dateTimeFormatType: number | null = null): number {
  const range = columnWidthRange(type);
  return type === 'DATE_TIME' && dateTimeFormatType === 0 ? range.max : range.min;
}

/** Decimals of a numeric column (spec §5); null for the other types. */
export function columnDecimals(type: FieldType): number | null {
  const format = FIELD_TYPE_TRAITS[type].number;
  return format === null ? null : NUMBER_FORMAT_DECIMALS[format];
}

/**
 * How each system field key (spec §3) appears as a column: its type (so the web app formats and filters it like
 * a configured field of that type) and whether lists show it before the user chooses columns.
 */
export const SYSTEM_COLUMNS: Record<SystemFieldKey, { type: FieldType; visible: boolean }> = {
  ID: { type: 'INTEGER', visible: false },
  FormattedID: { type: 'STRING', visible: true },
  Parent: { type: 'GENERIC_ITEM_TYPE', visible: false },
  Title: { type: 'STRING', visible: true },
  CreationDate: { type: 'DATE_TIME', visible: false },
  ProjectName: { type: 'PROJECT', visible: false },
  ProjectManager: { type: 'USERS', visible: false },
  CreatorName: { type: 'USERS', visible: false },
  StatusName: { type: 'ITEM_TYPE_STATUS', visible: true },
  LastModify: { type: 'DATE_TIME', visible: true },
  ModifierName: { type: 'USERS', visible: false },
  Version: { type: 'INTEGER', visible: false },
  ResponsibleName: { type: 'USERS', visible: true },
  Reason: { type: 'STRING', visible: false },
  Position: { type: 'INTEGER', visible: false },
  // Shown by default only in lists of components whose workflow sets deadlines (list-columns.ts).
  DueDate: { type: 'DATE_TIME', visible: false },
};

/** Headers of the system columns in both languages of the product. */
export const SYSTEM_COLUMN_HEADERS: Record<SystemFieldKey, { 'pt-BR': string; en: string }> = {
  ID: { 'pt-BR': 'ID', en: 'ID' },
  FormattedID: { 'pt-BR': 'Código', en: 'Code' },
  Parent: { 'pt-BR': 'Item pai', en: 'Parent' },
  Title: { 'pt-BR': 'Título', en: 'Title' },
  CreationDate: { 'pt-BR': 'Data de criação', en: 'Created on' },
  ProjectName: { 'pt-BR': 'Projeto', en: 'Project' },
  ProjectManager: { 'pt-BR': 'Gerente do projeto', en: 'Project manager' },
  CreatorName: { 'pt-BR': 'Criado por', en: 'Created by' },
  StatusName: { 'pt-BR': 'Status', en: 'Status' },
  LastModify: { 'pt-BR': 'Última alteração', en: 'Last modified' },
  ModifierName: { 'pt-BR': 'Alterado por', en: 'Modified by' },
  Version: { 'pt-BR': 'Versão', en: 'Version' },
  ResponsibleName: { 'pt-BR': 'Responsável', en: 'Responsible' },
  Reason: { 'pt-BR': 'Motivo', en: 'Reason' },
  Position: { 'pt-BR': 'Posição', en: 'Position' },
  DueDate: { 'pt-BR': 'Prazo', en: 'Due date' },
};
