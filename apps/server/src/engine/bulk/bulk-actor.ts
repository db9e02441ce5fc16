import type { Language } from '@der/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import { canRunBulkOperations } from '../items/bulk-operations-access.ts';
import type { ItemActor } from '../items/create-items.ts';

/**
 * The job's creator as the worker acts for them, read again at each batch: an account disabled or stripped of
 * the administrator flag since the job started writes nothing more with the old rights. Null when the
 * creator may no longer run bulk operations (the items fail with BULK_OPERATION_FORBIDDEN).
 */
export async function findBulkActor(db: Db, userId: number, language: Language): Promise<ItemActor | null> {
  const [user] = await db
    .select({ kind: users.kind, isAdministrator: users.isAdministrator, disabled: users.disabled })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user || user.disabled || !canRunBulkOperations(user)) return null;
  return { userId, isAdministrator: user.isAdministrator, language, kind: user.kind };
}
