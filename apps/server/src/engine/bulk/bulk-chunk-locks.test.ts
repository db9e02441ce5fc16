import { type ComponentDefinition, ComponentDefinitionSchema } from '@der/contracts';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import {
  actorOf,
  buildComponents,
  buildItem,
  buildPeople,
  grantProjectAccess,
} from '../../../test/factories/runtime.ts';
import { buildGroup } from '../../../test/factories/shell.ts';
import {
  ANALYSTS,
  BOARD,
  workflowComponents,
  workflowOperations,
} from '../../../test/fixtures/workflow-definition.ts';
import { bearer } from '../../../test/helpers/auth.ts';
import { messages } from '../../modules/messages/messages.table.ts';
import { runtimeItems } from '../items/items.table.ts';
import { runtimeItemFollowers } from '../links/followers.table.ts';
import { workflowApprovals } from '../workflow/workflow.table.ts';
import { type BulkWorker, createBulkWorker } from './bulk.worker.ts';
import { savesWriteOnlyTheirItem } from './bulk-chunk-locks.ts';

const BASE = 1800;
const PROJECT = BASE + 1;
const REQUEST = BASE + 2;

describe('savesWriteOnlyTheirItem', () => {
  const request = ComponentDefinitionSchema.parse(
    workflowComponents(BASE).find((component) => component.id === REQUEST),
  );
  const withWorkflow = (workflow: ComponentDefinition['workflow']): ComponentDefinition => ({
    ...request,
    workflow,
  });

  it('holds for field updates and for actions whose effects are setField, assignResponsible and notify', () => {
    expect(savesWriteOnlyTheirItem(request, { kind: 'update', changes: { peso: 1 } })).toBe(true);
    // 'enviar' enters 'emAnalise' (assignResponsible, notify); 'assumir' assigns; 'emitir' enters a setField.
    for (const action of ['enviar', 'assumir', 'emitir', 'pedirCorrecao'])
      expect(savesWriteOnlyTheirItem(request, { kind: 'action', action }), action).toBe(true);
  });

  it('does not hold for an action running an operation, its own or on entering its status', () => {
    expect(savesWriteOnlyTheirItem(request, { kind: 'action', action: 'indeferir' })).toBe(false);
    expect(savesWriteOnlyTheirItem(request, { kind: 'action', action: 'girar' })).toBe(false);
    const workflow = request.workflow!;
    const operationOnEnter = withWorkflow({
      ...workflow,
      statuses: workflow.statuses.map((status) =>
        status.key === 'correcao'
          ? { ...status, onEnter: [{ kind: 'runOperation', operationId: BASE * 10 + 3 }] }
          : status,
      ),
    });
    expect(savesWriteOnlyTheirItem(operationOnEnter, { kind: 'action', action: 'pedirCorrecao' })).toBe(
      false,
    );
  });
});

describe('the items of a chunk read and locked in one statement', () => {
  let app: FastifyInstance;
  const people = {} as Record<'analyst' | 'admin', { id: number; name: string; token: string }>;
  let projectId: number;

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    const db = app.database.db;
    Object.assign(people, await buildPeople(app, ['analyst', 'admin'], { admin: { isAdministrator: true } }));
    const analysts = await buildGroup(db, { name: ANALYSTS, memberIds: [people.analyst.id] });
    await buildGroup(db, { name: BOARD, memberIds: [] });
    await buildComponents(app, BASE, {
      components: workflowComponents(BASE),
      operations: workflowOperations(BASE),
    });
    const admin = actorOf(people.admin, { isAdministrator: true });
    projectId = (await buildItem(db, admin, { componentId: PROJECT, title: 'Projeto' })).id;
    await grantProjectAccess(db, projectId, [{ groupId: analysts.id }]);
  }, 120_000);
  afterAll(() => app.close());

  async function newRequests(n: number, data: Record<string, unknown>): Promise<number[]> {
    const ids: number[] = [];
    for (let index = 0; index < n; index++)
      ids.push(
        (
          await buildItem(app.database.db, actorOf(people.analyst), {
            componentId: REQUEST,
            projectId,
            data: { nome: 'Pedido', tipo: 'unica', ativo: true, ...data },
          })
        ).id,
      );
    return ids;
  }

  /** One transaction at a time (on PostgreSQL too): a job's items of a round are one chunk. */
  const oneLane = () =>
    createBulkWorker({
      db: app.database.db,
      now: () => new Date(),
      log: app.log,
      pollMs: 1000,
      batchSize: 10,
    });

  /** Runs a bulk job of the analyst's to its end; answers its counts and its items' errors. */
  async function runJob(
    operation: Record<string, unknown>,
    itemIds: number[],
    worker: BulkWorker = oneLane(),
  ) {
    const started = await app.inject({
      method: 'POST',
      url: '/api/genericItem/executeBulkOperation',
      headers: bearer(people.analyst.token),
      payload: { componentId: REQUEST, operation, itemIds },
    });
    expect(started.statusCode, started.body).toBe(200);
    const totals = { done: 0, failed: 0 };
    for (let round = 0; round < 20; round++) {
      const result = await worker.runOnce();
      totals.done += result.done;
      totals.failed += result.failed;
      if (result.claimed === 0) {
        const detail = await app.inject({
          method: 'POST',
          url: '/api/genericItem/getBulkJob',
          headers: bearer(people.analyst.token),
          payload: { id: (started.json() as { id: number }).id },
        });
        const errors = (detail.json() as { errors: Array<{ code: string; message: string }> }).errors;
        return { ...totals, errors: errors.map((error) => `${error.code}: ${error.message}`) };
      }
    }
    throw new Error('the worker never ran out of items');
  }

  async function itemsById(ids: number[]) {
    const rows = await app.database.db.select().from(runtimeItems).where(inArray(runtimeItems.id, ids));
    return new Map(rows.map((row) => [row.id, row]));
  }

  it('closes the approvals an earlier pass left open on the items it moves on, and only theirs', async () => {
    const ids = await newRequests(4, {});
    expect(await runJob({ kind: 'action', action: 'enviar' }, ids)).toEqual({
      done: 4,
      failed: 0,
      errors: [],
    });
    // Approvals of 'aprovar' given in this pass, still short of the two it needs, on two of the items.
    const withApprovals = [ids[1]!, ids[3]!];
    await app.database.db.insert(workflowApprovals).values(
      withApprovals.map((itemId) => ({
        itemId,
        actionKey: 'aprovar',
        userId: people.admin.id,
        actedBy: people.admin.id,
        reason: null,
        approvedAt: new Date(),
      })),
    );
    const untouched = await newRequests(1, {});
    await app.database.db.insert(workflowApprovals).values({
      itemId: untouched[0]!,
      actionKey: 'aprovar',
      userId: people.admin.id,
      actedBy: people.admin.id,
      reason: null,
      approvedAt: new Date(),
    });
    expect(await runJob({ kind: 'action', action: 'pedirCorrecao', reason: 'Ajustar' }, ids)).toEqual({
      done: 4,
      failed: 0,
      errors: [],
    });
    const open = await app.database.db
      .select({ itemId: workflowApprovals.itemId })
      .from(workflowApprovals)
      .where(
        and(inArray(workflowApprovals.itemId, [...ids, ...untouched]), eq(workflowApprovals.closed, false)),
      );
    expect(open).toEqual([{ itemId: untouched[0] }]);
    for (const row of (await itemsById(ids)).values()) expect(row.status).toBe('correcao');
  });

  it('lets each item read itself when an earlier save of the chunk may write it (an operation effect)', async () => {
    const [first] = await newRequests(1, {});
    const periodic = await newRequests(3, { tipo: 'periodo' });
    const ids = [first!, ...periodic];
    expect(await runJob({ kind: 'action', action: 'enviar' }, ids)).toEqual({
      done: 4,
      failed: 0,
      errors: [],
    });
    // 'indeferir' runs 'Arquivar períodos', which renames every 'periodo' request: the first item's save
    // changes the three others of its chunk (a new version each) before their turn.
    expect(await runJob({ kind: 'action', action: 'indeferir', reason: 'Fora do prazo' }, ids)).toEqual({
      done: 4,
      failed: 0,
      errors: [],
    });
    const rows = await itemsById(ids);
    expect(ids.map((id) => rows.get(id)?.status)).toEqual(ids.map(() => 'indeferido'));
    expect(ids.map((id) => rows.get(id)?.data.nome)).toEqual([
      'Pedido',
      'Arquivado',
      'Arquivado',
      'Arquivado',
    ]);
  });

  it("tells the followers of each item of the chunk but the job's creator, and nobody of an item no one else follows", async () => {
    const ids = await newRequests(3, {});
    const db = app.database.db;
    // The admin follows the first and the third; the analyst (who runs the job) follows all three.
    await db
      .insert(runtimeItemFollowers)
      .values([
        { itemId: ids[0]!, userId: people.admin.id },
        { itemId: ids[2]!, userId: people.admin.id },
        ...ids.map((itemId) => ({ itemId, userId: people.analyst.id })),
      ]);
    const before = new Date(Date.now() - 1000);
    // The server's own worker, with the followers' hook as main.ts runs it.
    expect(await runJob({ kind: 'update', changes: { peso: 9 } }, ids, app.bulkWorker)).toEqual({
      done: 3,
      failed: 0,
      errors: [],
    });
    const told = await db
      .select({ userId: messages.userId, text: messages.messageText })
      .from(messages)
      .where(
        and(inArray(messages.userId, [people.admin.id, people.analyst.id]), gt(messages.createdAt, before)),
      );
    const rows = await itemsById(ids);
    expect(told.map((message) => message.userId)).toEqual([people.admin.id, people.admin.id]);
    expect(told.map((message) => message.text).sort()).toEqual(
      [ids[0]!, ids[2]!].map((id) => expect.stringContaining(rows.get(id)!.formattedId)),
    );
  });
});
