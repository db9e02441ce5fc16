import {
  type FieldIssue,
  formatValidationMessage,
  type Language,
  type Plan,
  type PlanLimits,
} from '@der/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import type { AdminContext } from '../admin-users/admin-context.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { diffFields } from '../audit/field-diff.ts';
import { contractedPlan } from './plan.table.ts';
import {
  assertCanAddActiveUser,
  assertCanAddApplications,
  assertCanStoreBytes,
  lockPlanResources,
} from './plan-guards.ts';
import {
  BYTES_PER_MIB,
  countActiveUsers,
  countApplications,
  type PlanRow,
  readPlanRow,
  storageUsedBytes,
} from './plan-usage.ts';

const STORAGE_NOTE: Record<Language, string> = {
  'pt-BR': 'Soma dos PDFs armazenados (AETs emitidas e termos de uso); anexos ainda não são contados.',
  en: 'Sum of the stored PDFs (issued AETs and terms of use); attachments are not counted yet.',
};

interface Usage {
  activeUsers: number;
  applications: number;
  storageUsedBytes: number;
}

// One after the other: `tx` is one connection, which runs one statement at a time anyway.
async function readUsage(tx: Db): Promise<Usage> {
  const activeUsers = await countActiveUsers(tx);
  const applications = await countApplications(tx);
  return { activeUsers, applications, storageUsedBytes: await storageUsedBytes(tx) };
}

function toPlan(row: PlanRow, usage: Usage, language: Language): Plan {
  return {
    name: row.name,
    maxUsers: row.maxUsers,
    maxApplications: row.maxApplications,
    maxStorageMiB: row.maxStorageMib,
    updatedAt: row.updatedAt.toISOString(),
    usage: { ...usage, storageNote: STORAGE_NOTE[language] },
  };
}

/** The limits a plan change would put below what is already in use, one issue per field (400). */
function limitsBelowUsage(input: PlanLimits, usage: Usage, language: Language): FieldIssue[] {
  const storageUsedMiB = Math.ceil(usage.storageUsedBytes / BYTES_PER_MIB);
  const checks = [
    ['maxUsers', input.maxUsers, usage.activeUsers, 'planMaxUsersBelowUsage'],
    ['maxApplications', input.maxApplications, usage.applications, 'planMaxApplicationsBelowUsage'],
    ['maxStorageMiB', input.maxStorageMiB, storageUsedMiB, 'planMaxStorageBelowUsage'],
  ] as const;
  return checks
    .filter(([, limit, used]) => limit < used)
    .map(([field, , used, key]) => ({
      field: `body.${field}`,
      // Translated here: the shared handler fills no placeholders of field messages.
      message: formatValidationMessage(key, language, { usage: used }),
    }));
}

export function createPlanService(deps: { db: Db; audit: AuditService; now: () => Date }) {
  const { db } = deps;

  return {
    getPlan: async (language: Language) => toPlan(await readPlanRow(db), await readUsage(db), language),

    /** Refuses (400, per field) limits below the current usage: they would block every later insert. */
    async savePlan(input: PlanLimits, ctx: AdminContext): Promise<Plan> {
      return db.transaction(async (tx) => {
        await lockPlanResources(tx);
        const before = await readPlanRow(tx, 'update');
        const usage = await readUsage(tx);
        const issues = limitsBelowUsage(input, usage, ctx.language);
        if (issues.length > 0) throw new AppError('VALIDATION_FAILED', issues);
        const [after] = await tx
          .update(contractedPlan)
          .set({
            name: input.name,
            maxUsers: input.maxUsers,
            maxApplications: input.maxApplications,
            maxStorageMib: input.maxStorageMiB,
            updatedAt: deps.now(),
          })
          .where(eq(contractedPlan.id, 1))
          .returning();
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
        return toPlan(after!, usage, ctx.language);
      });
    },

    /**
     * Refuses one more active user beyond the plan (409 PLAN_LIMIT_REACHED). Call inside the transaction that
     * adds or re-activates the user, after taking the user-administration lock, so two saves cannot both pass.
     */
    assertCanAddActiveUser,

    /**
     * Refuses `count` more applications beyond the plan (409 PLAN_LIMIT_REACHED). For whatever creates
     * applications (the runtime-definition import): call inside its transaction, before the inserts.
     */
    assertCanAddApplications,

    /**
     * Refuses storing `bytes` more file bytes beyond the plan (409 PLAN_LIMIT_REACHED). Terms-of-use uploads
     * and issued AETs call the function of plan-guards.ts directly, inside their insert's transaction.
     */
    assertCanStoreBytes,
  };
}
export type PlanService = ReturnType<typeof createPlanService>;
