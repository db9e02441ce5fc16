import { z } from 'zod';

/** The field types of generic items (spec §3 "Field types of generic items"). */
export const FIELD_TYPES = [
  'STRING',
  'INTEGER',
  'DECIMAL',
  'CURRENCY',
  'PERCENTILE',
  'DURATION',
  'BOOLEAN',
  'DATE_TIME',
  'RICH_TEXT',
  'PICKLIST',
  'ITEM_TYPE_STATUS',
  'USERS',
  'USERS_OR_GROUPS',
  'GROUPS',
  'COMPANY',
  'PROJECT',
  'CALENDAR',
  'ORGANIZATIONAL_STRUCTURE',
  'RESOURCES',
  'GENERIC_ITEM_TYPE',
  'BINARY',
  'SVN_FILES',
  'CVS_FILES',
  /** An ordered table of rows, each with the field's own columns (e.g. the segments of a route). */
  'TABLE',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export const FieldTypeSchema = z.enum(FIELD_TYPES);

/** Numeric default bounds of spec §5 / §9. */
export const NUMERIC_FIELD_MIN = -1e22;
export const NUMERIC_FIELD_MAX = 1e21;

/** Date display formats of spec §9: 0 DD/MM/YYYY HH:mm, 1 DD/MM/YYYY, 2 HH:mm, 3 custom. */
export const DATE_TIME_FORMAT_TYPES = [0, 1, 2, 3] as const;
export type DateTimeFormatType = (typeof DATE_TIME_FORMAT_TYPES)[number];

/**
 * How a configured value is stored in the item's `data` JSON, and therefore how it is compared, sorted and
 * indexed. Every field type maps to exactly one storage kind (see `storageKindOf`).
 *
 * - text: a JSON string, compared as text (STRING, RICH_TEXT, PICKLIST value, ITEM_TYPE_STATUS key).
 * - number: a JSON number (INTEGER, DECIMAL, CURRENCY, PERCENTILE, DURATION in hours).
 * - boolean: a JSON boolean.
 * - instant: an ISO-8601 UTC string `YYYY-MM-DDTHH:mm:ss.sssZ` (fixed width, so text order is time order).
 * - reference: a JSON number, the id of a user, group, company, project, calendar, structure, resource or item.
 * - references: a JSON array of such ids (USERS_OR_GROUPS holds `{ kind: 'user' | 'group', id }` objects).
 * - files: a JSON array of stored-file ids (BINARY, SVN_FILES, CVS_FILES).
 * - rows: a JSON array of objects, one per row of a TABLE field, keyed by its columns.
 */
export type FieldStorageKind =
  | 'text'
  | 'number'
  | 'boolean'
  | 'instant'
  | 'reference'
  | 'references'
  | 'files'
  | 'rows';
