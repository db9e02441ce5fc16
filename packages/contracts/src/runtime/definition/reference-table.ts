import { z } from 'zod';
import { LocalizedTextSchema } from './localized-text.ts';
import { DefinitionKeySchema } from './primitives.ts';

/** The kinds of value a reference table's column holds (dates as ISO `YYYY-MM-DD` text). */
export const REFERENCE_COLUMN_TYPES = ['string', 'number', 'boolean', 'date'] as const;

/**
 * A column of a reference table: its key (what rules and the server read), its label, and what it holds. A
 * `legalBasis`-like free text is a string column like any other.
 */
export const ReferenceTableColumnSchema = z.object({
  key: DefinitionKeySchema,
  label: LocalizedTextSchema,
  type: z.enum(REFERENCE_COLUMN_TYPES),
});
export type ReferenceTableColumn = z.infer<typeof ReferenceTableColumnSchema>;

export const ReferenceCellSchema = z.union([z.string().max(2_000), z.number(), z.boolean(), z.null()]);
export type ReferenceCell = z.infer<typeof ReferenceCellSchema>;

/**
 * Configuration an application's rules and processes read: the department's limits by legal framing, its fee
 * table, the automatic-issuance envelope, the list of travel conditions… (domain.md: "they are configuration,
 * never code"). Versioned, validated, exported and imported with the definition; rows are plain objects keyed by
 * the columns' keys, so a rule reads them with `$table('key')` and the server with `referenceTableRows`.
 */
export const ReferenceTableSchema = z
  .object({
    key: DefinitionKeySchema,
    name: LocalizedTextSchema,
    description: LocalizedTextSchema.optional(),
    columns: z.array(ReferenceTableColumnSchema).min(1).max(40),
    rows: z.array(z.record(z.string(), ReferenceCellSchema)).max(5_000).default([]),
  })
  .superRefine((table, context) => {
    const keys = new Set<string>();
    table.columns.forEach((column, index) => {
      if (keys.has(column.key))
        context.addIssue({
          code: 'custom',
          path: ['columns', index, 'key'],
          message: 'duplicate column key',
        });
      keys.add(column.key);
    });
    const types = new Map(table.columns.map((column) => [column.key, column.type]));
    table.rows.forEach((row, rowIndex) => {
      for (const [key, cell] of Object.entries(row)) {
        const type = types.get(key);
        if (type === undefined) {
          context.addIssue({ code: 'custom', path: ['rows', rowIndex, key], message: 'unknown column' });
          continue;
        }
        if (cell === null) continue;
        const ok =
          type === 'number'
            ? typeof cell === 'number' && Number.isFinite(cell)
            : type === 'boolean'
              ? typeof cell === 'boolean'
              : type === 'date'
                ? typeof cell === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(cell)
                : typeof cell === 'string';
        if (!ok)
          context.addIssue({ code: 'custom', path: ['rows', rowIndex, key], message: `expected a ${type}` });
      }
    });
  });
export type ReferenceTable = z.infer<typeof ReferenceTableSchema>;
export type ReferenceTableInput = z.input<typeof ReferenceTableSchema>;

/** The rows of an application's reference table, or [] when the definition has none of that key. */
export function referenceTableRows(
  definition: { referenceTables?: ReferenceTable[] | undefined },
  key: string,
): Array<Record<string, ReferenceCell>> {
  return definition.referenceTables?.find((table) => table.key === key)?.rows ?? [];
}
