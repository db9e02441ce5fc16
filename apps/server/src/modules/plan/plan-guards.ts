import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { type AppError, errorWithParams } from '../../infra/http/app-error.ts';
import {
  BYTES_PER_MIB,
  countActiveUsers,
  countApplications,
  readPlanRow,
  storageUsedBytes,
} from './plan-usage.ts';

// Any constants: each serialises the writers of one resource, so two inserts cannot both pass the last slot.
const APPLICATIONS_LIMIT_LOCK = 4_242_101;
const STORAGE_LIMIT_LOCK = 4_242_102;

/*
 * The guards of the contracted plan. Each refuses with 409 PLAN_LIMIT_REACHED; its params name the limit
 * (`variant`: the plan field) so the message says which one, and carry the numbers it quotes. Call them inside
 * the transaction that inserts, before the insert: the lock and the plan row's share lock are held until it
 * commits.
 */

/** The error handler fills the message's placeholders from the params (errorWithParams). */
function planLimitReached(params: Record<string, string>): AppError {
  return errorWithParams('PLAN_LIMIT_REACHED', params);
}

/** One more active user (call after taking the user-administration lock of admin-users). */
export async function assertCanAddActiveUser(tx: Db): Promise<void> {
  const limits = await readPlanRow(tx, 'share');
  if ((await countActiveUsers(tx)) >= limits.maxUsers)
    throw planLimitReached({ variant: 'maxUsers', limit: String(limits.maxUsers) });
}

/** `count` more applications (e.g. an import that creates several at once). */
export async function assertCanAddApplications(tx: Db, count: number): Promise<void> {
  if (count <= 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${APPLICATIONS_LIMIT_LOCK})`);
  const limits = await readPlanRow(tx, 'share');
  const existing = await countApplications(tx);
  if (existing + count > limits.maxApplications)
    throw planLimitReached({
      variant: 'maxApplications',
      limit: String(limits.maxApplications),
      used: String(existing),
      requested: String(count),
    });
}

/** `bytes` more of stored files (a terms-of-use PDF, an issued AET PDF …). */
export async function assertCanStoreBytes(tx: Db, bytes: number): Promise<void> {
  if (bytes <= 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${STORAGE_LIMIT_LOCK})`);
  const limits = await readPlanRow(tx, 'share');
  const used = await storageUsedBytes(tx);
  if (used + bytes > limits.maxStorageMib * BYTES_PER_MIB)
    throw planLimitReached({
      variant: 'maxStorageMiB',
      limit: String(limits.maxStorageMib),
      usedBytes: String(used),
      requestedBytes: String(bytes),
    });
}

/** Taken by savePlan before it compares the new limits with the usage, so no guarded insert runs meanwhile. */
export async function lockPlanResources(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${APPLICATIONS_LIMIT_LOCK})`);
  await tx.execute(sql`select pg_advisory_xact_lock(${STORAGE_LIMIT_LOCK})`);
}
