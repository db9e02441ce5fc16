import {
  type ReferenceRows,
  type ReferenceTable,
  ReferenceTableSchema,
  type ReferenceTableSource,
} from '@der/contracts';
import type { Db } from '../../infra/db/database.ts';
import { applicationDocumentPart } from './application-document-part.ts';

/**
 * The reference tables of the current definition of a component's application (limits by framing, fee
 * table, envelope…): what rules read with $table and processes read with referenceTableRows. [] when the
 * definition has none.
 */
export async function referenceTablesOfComponent(db: Db, componentId: number): Promise<ReferenceTable[]> {
  const tables: unknown = await applicationDocumentPart(db, componentId, 'referenceTables');
  // Stored documents passed the schema at import; parsing again gives the tables their typed shape.
  return Array.isArray(tables) ? tables.map((table) => ReferenceTableSchema.parse(table)) : [];
}

/**
 * $table's source on the server for one evaluation run (a save, a form event): the component's tables are
 * read on the first $table call and kept for the rest of the run, so components whose rules read no table
 * cost no query.
 */
export function referenceTablesLoader(db: Db, componentId: number): ReferenceTableSource {
  let loaded: Promise<ReferenceTable[]> | undefined;
  return async (key: string): Promise<ReferenceRows | undefined> => {
    loaded ??= referenceTablesOfComponent(db, componentId);
    return (await loaded).find((table) => table.key === key)?.rows;
  };
}
