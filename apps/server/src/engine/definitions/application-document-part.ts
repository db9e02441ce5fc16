import type { ApplicationDefinition } from '@der/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { applicationDefinitions, runtimeComponents } from './definitions.table.ts';

/**
 * One top-level part of the current definition document of a component's application (its operations, its
 * reference tables…), read alone (`document -> part`) rather than the whole document; undefined when the
 * component is unknown or its definition has no such part.
 */
export async function applicationDocumentPart<Part extends keyof ApplicationDefinition>(
  db: Db,
  componentId: number,
  part: Part,
): Promise<ApplicationDefinition[Part] | undefined> {
  const [row] = await db
    .select({ value: sql<ApplicationDefinition[Part] | null>`${applicationDefinitions.document} -> ${part}` })
    .from(runtimeComponents)
    .innerJoin(
      applicationDefinitions,
      eq(applicationDefinitions.applicationId, runtimeComponents.applicationId),
    )
    .where(eq(runtimeComponents.id, componentId))
    .limit(1);
  return row?.value ?? undefined;
}
