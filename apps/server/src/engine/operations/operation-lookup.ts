import type { OperationDefinition } from '@der/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { applicationDefinitions } from '../definitions/definitions.table.ts';
import type { ItemActor } from '../items/items.service.ts';
import { belongsToGroupNamed } from '../workflow/group-membership.ts';

export interface FoundOperation {
  applicationId: number;
  operation: OperationDefinition;
}

/**
 * The operation with this id in the current definition documents (operation ids are unique in a document; the
 * first application holding it wins, as menu links name operations without their application).
 */
export async function findOperation(db: Db, operationId: number): Promise<FoundOperation | null> {
  const rows = await db
    .select({
      applicationId: applicationDefinitions.applicationId,
      document: applicationDefinitions.document,
    })
    .from(applicationDefinitions)
    .where(
      sql`${applicationDefinitions.document} @> ${JSON.stringify({ operations: [{ id: operationId }] })}::jsonb`,
    )
    .orderBy(applicationDefinitions.applicationId)
    .limit(1);
  const row = rows[0];
  const operation = row?.document.operations?.find((candidate) => candidate.id === operationId);
  return row && operation ? { applicationId: row.applicationId, operation } : null;
}

/** Administrators run every operation; others when they belong to one of its groups (names compared case-insensitively). */
export async function mayRunOperation(
  db: Db,
  actor: ItemActor,
  operation: OperationDefinition,
): Promise<boolean> {
  if (actor.isAdministrator) return true;
  return belongsToGroupNamed(db, actor.userId, operation.groups);
}
