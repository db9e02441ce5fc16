import {
  BULK_VALUE_KINDS,
  type BulkJob,
  type BulkJobDetail,
  type BulkOperation,
  type BulkOptions,
  type BulkValueKind,
  type ComponentDefinition,
  type ExecuteBulkOperationBodySchema,
  FIELD_TYPE_TRAITS,
  type ListBulkJobsBody,
  type LoadBulkResponsiblesBodySchema,
  type LoadBulkResponsiblesResult,
  localize,
  MAX_BULK_ERRORS_SHOWN,
} from '@der/contracts';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { runtimeComponents } from '../definitions/definitions.table.ts';
import { grantedComponentOrThrow } from '../items/application-grant.ts';
import type { ItemActor } from '../items/create-items.ts';
import { checkChanges } from '../items/item-changes.ts';
import { runtimeItems } from '../items/items.table.ts';
import { refusalOfIssue, SaveRefusedError } from '../items/save-refusals.ts';
import { visibleItemCondition } from '../query/item-visibility.ts';
import { actionOrThrow } from '../workflow/item-transition.ts';
import { statusView } from '../workflow/status-view.ts';
import { workflowRefusal } from '../workflow/workflow-refusals.ts';
import { bulkJobItems, bulkJobs } from './bulk.table.ts';
import { bulkRefusal } from './bulk-refusals.ts';
import { loadBulkResponsibles } from './bulk-responsibles.ts';
import { insertBulkItems, resolveBulkTarget } from './bulk-target.ts';
import { findJobView, listJobViews } from './bulk-views.ts';

/** Fields a bulk update may set from the bulk dialog: one plain value each (not rich text, dates, references). */
const isBulkValueKind = (kind: string): kind is BulkValueKind =>
  (BULK_VALUE_KINDS as readonly string[]).includes(kind);

/**
 * The operation checked once for the whole job, so a mistake is one refusal and not one per item: the action
 * exists (and its required reason is given), or the values fit their fields.
 */
function checkOperation(
  component: ComponentDefinition,
  operation: BulkOperation,
  actor: ItemActor,
): BulkOperation {
  if (operation.kind === 'action') {
    const action = actionOrThrow(component, operation.action, actor);
    const reason = operation.reason?.trim() || null;
    if (action.reasonRequired && reason === null)
      throw workflowRefusal('reason', 'reasonRequired', actor.language);
    return { ...operation, reason };
  }
  if (Object.keys(operation.changes).length === 0)
    throw bulkRefusal('changes', 'emptyChanges', actor.language);
  const checked = checkChanges(component, operation.changes, 'update');
  if (checked.issues.length > 0)
    throw new SaveRefusedError(
      checked.issues.map((issue) => refusalOfIssue(issue, actor.language)),
      'changes.',
    );
  return operation;
}

/**
 * Bulk jobs (spec §4 "Bulk operation", §7.6 executeBulkOperation): started here, run by the bulk workers
 * (bulk.worker.ts). Only the creator (or an administrator) sees and controls a job; anyone else gets 404.
 */
export function createBulkService(deps: { db: Db; now: () => Date; wake?: () => void }) {
  const { db } = deps;

  /** The caller's own job, or any job for an administrator; 404 otherwise (its id tells nothing). */
  function ownedBy(actor: ItemActor): SQL | undefined {
    return actor.isAdministrator ? undefined : eq(bulkJobs.creatorId, actor.userId);
  }

  async function jobOrThrow(actor: ItemActor, id: number): Promise<BulkJob> {
    const job = await findJobView(db, and(eq(bulkJobs.id, id), ownedBy(actor)) as SQL, actor.language);
    if (!job) throw new AppError('NOT_FOUND');
    return job;
  }

  return {
    /** Spec §7.6 executeBulkOperation: the job and its items written at once; the workers take it from there. */
    async executeBulkOperation(
      actor: ItemActor,
      body: z.output<typeof ExecuteBulkOperationBodySchema>,
    ): Promise<BulkJob> {
      const row = await grantedComponentOrThrow(db, actor, body.componentId, { active: true });
      const component = { definition: row.definition, applicationId: row.applicationId };
      const operation = checkOperation(row.definition, body.operation, actor);
      const target = resolveBulkTarget(actor, component, body);
      const id = await db.transaction(async (tx) => {
        const [job] = await tx
          .insert(bulkJobs)
          .values({
            componentId: row.id,
            creatorId: actor.userId,
            language: actor.language,
            operation,
            target: target.kind,
            total: 0,
            createdAt: deps.now(),
          })
          .returning({ id: bulkJobs.id });
        const total = await insertBulkItems(tx, job!.id, target, actor);
        await tx.update(bulkJobs).set({ total }).where(eq(bulkJobs.id, job!.id));
        return job!.id;
      });
      deps.wake?.();
      return jobOrThrow(actor, id);
    },

    /** A job's progress and the errors of its failed and interrupted items (the first ones, in order). */
    async getBulkJob(actor: ItemActor, id: number): Promise<BulkJobDetail> {
      const job = await jobOrThrow(actor, id);
      const rows = await db
        .select({
          itemId: bulkJobItems.itemId,
          state: bulkJobItems.state,
          field: bulkJobItems.errorField,
          code: bulkJobItems.errorCode,
          message: bulkJobItems.errorMessage,
          // Only what the reader may see of the item itself.
          formattedId: runtimeItems.formattedId,
          title: runtimeItems.title,
        })
        .from(bulkJobItems)
        .leftJoin(runtimeItems, and(eq(runtimeItems.id, bulkJobItems.itemId), visibleItemCondition(actor)))
        .where(and(eq(bulkJobItems.jobId, id), inArray(bulkJobItems.state, ['failed', 'interrupted'])))
        .orderBy(asc(bulkJobItems.position))
        .limit(MAX_BULK_ERRORS_SHOWN);
      return {
        job,
        errors: rows.map((entry) => ({
          ...entry,
          state: entry.state as 'failed' | 'interrupted',
          formattedId: entry.formattedId ?? null,
          title: entry.title ?? null,
        })),
      };
    },

    /** The caller's own jobs, newest first (optionally of one application). */
    listBulkJobs(actor: ItemActor, body: ListBulkJobsBody): Promise<BulkJob[]> {
      const conditions: SQL[] = [eq(bulkJobs.creatorId, actor.userId)];
      if (body.applicationId !== undefined)
        conditions.push(eq(runtimeComponents.applicationId, body.applicationId));
      return listJobViews(db, and(...conditions) as SQL, actor.language);
    },

    /**
     * Stops a job: nothing more is claimed, and its items not written yet become 'interrupted' at once (an item
     * being written finishes first: the update waits for its lock and then sees it done).
     */
    async interruptBulkJob(actor: ItemActor, id: number): Promise<BulkJob> {
      const job = await jobOrThrow(actor, id);
      if (job.status !== 'pending' && job.status !== 'running')
        throw bulkRefusal('id', 'alreadyEnded', actor.language);
      const now = deps.now();
      await db.transaction(async (tx) => {
        // Items before the job: the order the workers lock them in (claim, then the job's status).
        // Locked in id order, as a worker locks the chunk it writes: neither waits for the other in a circle.
        const open = sql`select ${bulkJobItems.id} from ${bulkJobItems} where ${bulkJobItems.jobId} = ${id} and ${bulkJobItems.state} in ('pending', 'claimed') order by ${bulkJobItems.id} for update`;
        await tx
          .update(bulkJobItems)
          .set({ state: 'interrupted', finishedAt: now, claimToken: null, leaseUntil: null })
          .where(sql`${bulkJobItems.id} in (${open})`);
        await tx
          .update(bulkJobs)
          .set({ status: 'interrupted', finishedAt: now })
          .where(and(eq(bulkJobs.id, id), inArray(bulkJobs.status, ['pending', 'running'])));
      });
      return jobOrThrow(actor, id);
    },

    /** Puts the failed and interrupted items back in the queue; the job runs again (Pending). */
    async retryBulkJob(actor: ItemActor, id: number): Promise<BulkJob> {
      await jobOrThrow(actor, id);
      const retried = await db.transaction(async (tx) => {
        const rows = await tx
          .update(bulkJobItems)
          .set({
            state: 'pending',
            errorField: null,
            errorCode: null,
            errorMessage: null,
            finishedAt: null,
            claimToken: null,
            leaseUntil: null,
          })
          .where(and(eq(bulkJobItems.jobId, id), inArray(bulkJobItems.state, ['failed', 'interrupted'])))
          .returning({ id: bulkJobItems.id });
        if (rows.length > 0)
          await tx
            .update(bulkJobs)
            .set({
              status: sql`case when ${bulkJobs.status} = 'running' then 'running' else 'pending' end`,
              finishedAt: null,
            })
            .where(eq(bulkJobs.id, id));
        return rows.length;
      });
      if (retried === 0) throw bulkRefusal('id', 'nothingToRetry', actor.language);
      deps.wake?.();
      return jobOrThrow(actor, id);
    },

    /** Whom the action may hand every item of the job's selection or filter to (bulk-responsibles.ts). */
    loadBulkResponsibles(
      actor: ItemActor,
      body: z.output<typeof LoadBulkResponsiblesBodySchema>,
    ): Promise<LoadBulkResponsiblesResult> {
      return loadBulkResponsibles(db, actor, body);
    },

    /** The workflow actions and the plainly typed fields a bulk operation on the component may use. */
    async getBulkOptions(actor: ItemActor, componentId: number): Promise<BulkOptions> {
      const { definition } = await grantedComponentOrThrow(db, actor, componentId, { active: true });
      return {
        actions: (definition.workflow?.actions ?? []).map((action) => ({
          key: action.key,
          name: localize(action.name, actor.language),
          to: statusView(definition, action.to, actor.language)!,
          reasonRequired: action.reasonRequired,
          responsibleRequired: action.responsibleRequired,
          confirmation: action.confirmation ? localize(action.confirmation, actor.language) : null,
        })),
        fields: definition.fields.flatMap((field) => {
          const kind = FIELD_TYPE_TRAITS[field.type].value;
          if (field.deprecated || field.multiple || !isBulkValueKind(kind)) return [];
          return [
            {
              key: field.key,
              label: localize(field.label, actor.language),
              kind,
              options: (field.options ?? []).map((option) => ({
                value: option.value,
                text: localize(option.text, actor.language),
              })),
            },
          ];
        }),
      };
    },
  };
}
export type BulkService = ReturnType<typeof createBulkService>;
