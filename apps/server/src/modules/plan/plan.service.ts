import type { Language, Plan, PlanLimits } from '@der/contracts';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { users } from '../accounts/accounts.table.ts';
import { type AdminContext, diffFields, errorWithParams } from '../admin-users/admin-context.ts';
import { issuedAets } from '../aet/aet.table.ts';
import { applications } from '../applications/applications.table.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { termsOfUse } from '../sessions/sessions.table.ts';
import { contractedPlan } from './plan.table.ts';

/** What a new installation is contracted for, until an administrator changes it. */
export const DEFAULT_PLAN: PlanLimits = {
  name: 'Plano Institucional DER',
  maxUsers: 500,
  maxApplications: 20,
  maxStorageMiB: 10240,
};

const STORAGE_NOTE: Record<Language, string> = {
  'pt-BR': 'Soma dos PDFs armazenados (AETs emitidas e termos de uso); anexos ainda não são contados.',
  en: 'Sum of the stored PDFs (issued AETs and terms of use); attachments are not counted yet.',
};

export function createPlanService(deps: { db: Db; audit: AuditService; now: () => Date }) {
  const { db } = deps;

  async function readLimits(tx: Db) {
    // The row is created on first read: no seed step, and a concurrent first read inserts it once.
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
    const [row] = await tx.select().from(contractedPlan).where(eq(contractedPlan.id, 1));
    return row!;
  }

  async function countActiveUsers(tx: Db): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(users).where(eq(users.disabled, false));
    return row?.n ?? 0;
  }

  async function view(tx: Db, language: Language): Promise<Plan> {
    const row = await readLimits(tx);
    const [[apps], [aets], [terms]] = await Promise.all([
      tx.select({ n: count() }).from(applications),
      // 4 base64 characters carry 3 bytes: the stored size without decoding every PDF.
      tx.select({ n: sql<string>`coalesce(sum(length(${issuedAets.pdfBase64})), 0)` }).from(issuedAets),
      tx.select({ n: sql<string>`coalesce(sum(length(${termsOfUse.content})), 0)` }).from(termsOfUse),
    ]);
    const base64Chars = Number(aets?.n ?? 0) + Number(terms?.n ?? 0);
    return {
      name: row.name,
      maxUsers: row.maxUsers,
      maxApplications: row.maxApplications,
      maxStorageMiB: row.maxStorageMib,
      updatedAt: row.updatedAt.toISOString(),
      usage: {
        activeUsers: await countActiveUsers(tx),
        applications: apps?.n ?? 0,
        storageUsedBytes: Math.floor((base64Chars * 3) / 4),
        storageNote: STORAGE_NOTE[language],
      },
    };
  }

  return {
    getPlan: (language: Language) => view(db, language),

    async savePlan(input: PlanLimits, ctx: AdminContext): Promise<Plan> {
      return db.transaction(async (tx) => {
        const before = await readLimits(tx);
        await tx
          .update(contractedPlan)
          .set({
            name: input.name,
            maxUsers: input.maxUsers,
            maxApplications: input.maxApplications,
            maxStorageMib: input.maxStorageMiB,
            updatedAt: deps.now(),
          })
          .where(eq(contractedPlan.id, 1));
        const details = diffFields(
          {
            name: before.name,
            maxUsers: before.maxUsers,
            maxApplications: before.maxApplications,
            maxStorageMiB: before.maxStorageMib,
          },
          { ...input },
        );
        await deps.audit.append(tx, {
          action: 'admin.plan.saved',
          actorUserId: ctx.actorUserId,
          ip: ctx.ip,
          target: 'plan:1',
          details,
        });
        return view(tx, ctx.language);
      });
    },

    /**
     * Refuses one more active user beyond the plan (409 PLAN_LIMIT_REACHED). Call inside the transaction that
     * adds or re-activates the user, after taking the user-administration lock, so two saves cannot both pass.
     */
    async assertCanAddActiveUser(tx: Db): Promise<void> {
      const limits = await readLimits(tx);
      if ((await countActiveUsers(tx)) >= limits.maxUsers)
        throw errorWithParams('PLAN_LIMIT_REACHED', { limit: String(limits.maxUsers) });
    },
  };
}
export type PlanService = ReturnType<typeof createPlanService>;
