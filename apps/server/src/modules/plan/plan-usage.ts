import type { PlanLimits } from '@der/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { runtimeFiles } from '../../engine/files/files.table.ts';
import type { Db } from '../../infra/db/database.ts';
import { users } from '../accounts/accounts.table.ts';
import { applications } from '../applications/applications.table.ts';
import { termsOfUse } from '../sessions/sessions.table.ts';
import { contractedPlan } from './plan.table.ts';

export const BYTES_PER_MIB = 1024 * 1024;

/** What a new installation is contracted for, until an administrator changes it. */
export const DEFAULT_PLAN: PlanLimits = {
  name: 'Plano Institucional DER',
  maxUsers: 500,
  maxApplications: 20,
  maxStorageMiB: 10240,
};

export type PlanRow = typeof contractedPlan.$inferSelect;

/**
 * The plan's one row, created with the defaults on first read (no seed step; a concurrent first read inserts
 * it once). `share` is taken by the guards and `update` by savePlan: a plan change waits for the inserts
 * that were checked against the old limits to commit, so it then counts them.
 */
export async function readPlanRow(tx: Db, lock: 'share' | 'update' | 'none' = 'none'): Promise<PlanRow> {
  await tx
    .insert(contractedPlan)
    .values({
      id: 1,
      name: DEFAULT_PLAN.name,
      maxUsers: DEFAULT_PLAN.maxUsers,
      maxApplications: DEFAULT_PLAN.maxApplications,
      maxStorageMib: DEFAULT_PLAN.maxStorageMiB,
    })
    .onConflictDoNothing();
  const query = tx.select().from(contractedPlan).where(eq(contractedPlan.id, 1));
  const [row] = await (lock === 'none' ? query : query.for(lock));
  return row!;
}

export async function countActiveUsers(tx: Db): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(users).where(eq(users.disabled, false));
  return row?.n ?? 0;
}

export async function countApplications(tx: Db): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(applications);
  return row?.n ?? 0;
}

/**
 * Bytes of the files the platform stores: terms-of-use PDFs (kept as base64; 4 base64 characters carry 3
 * bytes, so the size is known without decoding every PDF) and the files of forms — issued AETs' signed PDFs
 * among them (runtime_files, their size column). One statement: the sums used to run at once on one connection, which
 * a transaction's client queues (node-postgres deprecates that and pg@9 refuses it).
 */
export async function storageUsedBytes(tx: Db): Promise<number> {
  const result = await tx.execute(sql`
    select
      (select coalesce(sum(length(${termsOfUse.content})), 0) from ${termsOfUse}) as "base64Chars",
      (select coalesce(sum(${runtimeFiles.size}), 0) from ${runtimeFiles}) as "fileBytes"`);
  // Both drivers (node-postgres and PGlite) answer execute() with { rows }.
  const [row] = (result as unknown as { rows: Array<{ base64Chars: string; fileBytes: string }> }).rows;
  return Math.floor((Number(row?.base64Chars ?? 0) * 3) / 4) + Number(row?.fileBytes ?? 0);
}
