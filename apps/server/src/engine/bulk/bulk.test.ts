import { and, count, eq, inArray } from 'drizzle-orm';
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
import { runtimeItems, runtimeItemVersions } from '../items/items.table.ts';
import { bulkJobItems } from './bulk.table.ts';
import { BULK_LEASE_MS, type BulkWorker, createBulkWorker } from './bulk.worker.ts';

const BASE = 1600;
const PROJECT = BASE + 1;
const REQUEST = BASE + 2;
const START = new Date('2026-03-10T15:00:00.000Z');

type Who = 'analyst' | 'other' | 'applicant' | 'admin' | 'ungranted';

let app: FastifyInstance;
let clock = START;
const people = {} as Record<Who, { id: number; name: string; token: string }>;
let projectId: number;
let hiddenProjectId: number;

beforeAll(async () => {
  app = await buildTestApp({ now: () => clock });
  await app.ready();
  const db = app.database.db;
  Object.assign(
    people,
    await buildPeople(app, ['analyst', 'other', 'applicant', 'admin'], {
      admin: { isAdministrator: true },
      applicant: { kind: 'requerente' },
    }),
  );
  const analysts = await buildGroup(db, { name: ANALYSTS, memberIds: [people.analyst.id, people.other.id] });
  await buildGroup(db, { name: BOARD, memberIds: [] });
  await buildComponents(app, BASE, {
    components: workflowComponents(BASE),
    operations: workflowOperations(BASE),
  });
  Object.assign(
    people,
    await buildPeople(app, ['ungranted'], { ungranted: { grantFixtureApplications: false } }),
  );
  const admin = actorOf(people.admin, { isAdministrator: true });
  projectId = (await buildItem(db, admin, { componentId: PROJECT, title: 'Projeto' })).id;
  hiddenProjectId = (await buildItem(db, admin, { componentId: PROJECT, title: 'Oculto' })).id;
  await grantProjectAccess(db, projectId, [{ groupId: analysts.id }, { userId: people.applicant.id }]);
}, 120_000);
afterAll(() => app.close());

const post = (path: string, who: Who, payload: Record<string, unknown>, language = 'pt-BR') =>
  app.inject({
    method: 'POST',
    url: `/api/genericItem/${path}`,
    headers: { ...bearer(people[who].token), 'accept-language': language },
    payload,
  });

/** Requests of the analyst's in the project (Rascunho); `ativo: false` ones fail 'enviar' by its rule. */
async function newRequests(n: number, data: Record<string, unknown> = {}, project = projectId) {
  const ids: number[] = [];
  for (let index = 0; index < n; index++) {
    const row = await buildItem(app.database.db, actorOf(people.analyst), {
      componentId: REQUEST,
      projectId: project,
      data: { nome: 'Pedido', tipo: 'unica', ativo: true, ...data },
    });
    ids.push(row.id);
  }
  return ids;
}

const newWorker = (
  options: { batchSize?: number; concurrency?: number; itemsPerSecond?: number } = {},
): BulkWorker =>
  createBulkWorker({ db: app.database.db, now: () => clock, log: app.log, pollMs: 1000, ...options });

/** Runs rounds until nothing is left to claim. */
async function drain(worker: BulkWorker) {
  for (let round = 0; round < 100; round++) if ((await worker.runOnce()).claimed === 0) return;
  throw new Error('the worker never ran out of items');
}

async function start(who: Who, payload: Record<string, unknown>, language = 'pt-BR') {
  const response = await post('executeBulkOperation', who, { componentId: REQUEST, ...payload }, language);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number; status: string; total: number };
}

const job = async (who: Who, id: number) => {
  const response = await post('getBulkJob', who, { id });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    job: {
      status: string;
      total: number;
      done: number;
      failed: number;
      interrupted: number;
      remaining: number;
    };
    errors: Array<{
      itemId: number;
      field: string;
      code: string;
      message: string;
      state: string;
      formattedId: string | null;
    }>;
  };
};

/** The items' statuses, in the order of `ids`. */
async function statuses(ids: number[]) {
  const rows = await app.database.db
    .select({ id: runtimeItems.id, status: runtimeItems.status })
    .from(runtimeItems)
    .where(inArray(runtimeItems.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row.status]));
  return ids.map((id) => byId.get(id));
}

/** How many versions each item has beyond its creation: a write run twice would show 2. */
async function writesPerItem(ids: number[]) {
  const rows = await app.database.db
    .select({ itemId: runtimeItemVersions.itemId, writes: count() })
    .from(runtimeItemVersions)
    .where(and(inArray(runtimeItemVersions.itemId, ids), eq(runtimeItemVersions.action, 'update')))
    .groupBy(runtimeItemVersions.itemId);
  return new Map(rows.map((row) => [row.itemId, Number(row.writes)]));
}

describe('executeBulkOperation refusals', () => {
  it("refuses an empty selection without a filter: 'Select at least one item!' in the caller's language", async () => {
    const pt = await post('executeBulkOperation', 'analyst', {
      componentId: REQUEST,
      operation: { kind: 'action', action: 'enviar' },
      itemIds: [],
    });
    expect(pt.statusCode).toBe(400);
    expect(pt.json()).toMatchObject({
      code: 'BULK_SELECTION_EMPTY',
      Message: 'Selecione pelo menos um item!',
    });
    expect(pt.json().details[0].field).toBe('itemIds');
    const en = await post(
      'executeBulkOperation',
      'analyst',
      { componentId: REQUEST, operation: { kind: 'action', action: 'enviar' } },
      'en',
    );
    expect(en.json().Message).toBe('Select at least one item!');
  });

  it('refuses external accounts (403) and ungranted applications (404)', async () => {
    const [id] = await newRequests(1);
    const body = { componentId: REQUEST, operation: { kind: 'action', action: 'enviar' }, itemIds: [id] };
    const external = await post('executeBulkOperation', 'applicant', body);
    expect(external.statusCode).toBe(403);
    expect(external.json().code).toBe('BULK_OPERATION_FORBIDDEN');
    expect((await post('getBulkOptions', 'applicant', { componentId: REQUEST })).statusCode).toBe(403);
    const ungranted = await post('executeBulkOperation', 'ungranted', body);
    expect(ungranted.statusCode).toBe(404);
    expect((await post('getBulkOptions', 'ungranted', { componentId: REQUEST })).statusCode).toBe(404);
  });

  it('refuses an unknown action, a missing required reason, and values that do not fit, naming the field', async () => {
    const [id] = await newRequests(1);
    const refusal = async (operation: Record<string, unknown>) => {
      const response = await post('executeBulkOperation', 'analyst', {
        componentId: REQUEST,
        operation,
        itemIds: [id],
      });
      expect(response.statusCode, response.body).toBe(400);
      return response.json().details[0] as { field: string; message: string };
    };
    expect((await refusal({ kind: 'action', action: 'voar' })).field).toBe('action');
    expect(await refusal({ kind: 'action', action: 'pedirCorrecao', reason: '  ' })).toMatchObject({
      field: 'reason',
      message: 'Informe o motivo desta ação',
    });
    expect((await refusal({ kind: 'update', changes: {} })).field).toBe('changes');
    expect((await refusal({ kind: 'update', changes: { peso: 5000 } })).field).toBe('changes.peso');
    expect((await refusal({ kind: 'update', changes: { naoExiste: 1 } })).field).toBe('changes.naoExiste');
  });

  it('refuses a filter that matches nothing', async () => {
    const response = await post('executeBulkOperation', 'analyst', {
      componentId: REQUEST,
      operation: { kind: 'action', action: 'enviar' },
      filter: { filters: [{ field: 'nome', operator: 'eq', value: 'Nenhum assim' }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('filter');
  });
});

describe('a bulk job', () => {
  it('runs each item through the one write path: rules refuse some, with their messages, the rest move', async () => {
    const good = await newRequests(5);
    const bad = await newRequests(3, { ativo: false });
    const created = await start('analyst', {
      operation: { kind: 'action', action: 'enviar' },
      itemIds: [...good, bad[0], ...bad, good[0]],
    });
    expect(created).toMatchObject({ status: 'pending', total: 8 });
    await drain(newWorker({ batchSize: 3 }));
    const { job: finished, errors } = await job('analyst', created.id);
    expect(finished).toMatchObject({ status: 'finished', total: 8, done: 5, failed: 3, remaining: 0 });
    expect(errors.map((error) => error.itemId)).toEqual(bad);
    expect(errors[0]).toMatchObject({
      field: 'action',
      code: 'condition',
      message: 'Marque ativo antes de enviar.',
      state: 'failed',
    });
    expect(errors[0]!.formattedId).toBeTruthy();
    expect(await statuses(good)).toEqual(good.map(() => 'emAnalise'));
    expect(await statuses(bad)).toEqual(bad.map(() => 'rascunho'));
    // Retry after fixing the data: only the failed items run again.
    await app.database.db
      .update(runtimeItems)
      .set({ data: { nome: 'Pedido', tipo: 'unica', ativo: true } })
      .where(inArray(runtimeItems.id, bad));
    const retried = await post('retryBulkJob', 'analyst', { id: created.id });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'pending', failed: 0, remaining: 3 });
    await drain(newWorker());
    expect((await job('analyst', created.id)).job).toMatchObject({ status: 'finished', done: 8, failed: 0 });
    const writes = await writesPerItem([...good, ...bad]);
    expect([...good, ...bad].map((id) => writes.get(id))).toEqual([...good, ...bad].map(() => 1));
    const again = await post('retryBulkJob', 'analyst', { id: created.id });
    expect(again.statusCode).toBe(400);
    expect(again.json().details[0].field).toBe('id');
  });

  it("writes the items' errors in the creator's language", async () => {
    const bad = await newRequests(1, { ativo: false });
    const created = await start(
      'analyst',
      { operation: { kind: 'action', action: 'enviar' }, itemIds: bad },
      'en',
    );
    await drain(newWorker());
    expect((await job('analyst', created.id)).errors[0]!.message).toBe('Tick active before sending.');
  });

  it('updates a field over every item of a filter the creator sees, and none they do not', async () => {
    const mine = await newRequests(4, { nome: 'Filtrado' });
    const hidden = (
      await buildItem(app.database.db, actorOf(people.admin, { isAdministrator: true }), {
        componentId: REQUEST,
        projectId: hiddenProjectId,
        data: { nome: 'Filtrado', tipo: 'unica' },
      })
    ).id;
    const created = await start('analyst', {
      operation: { kind: 'update', changes: { peso: 7 } },
      filter: { filters: [{ field: 'nome', operator: 'eq', value: 'Filtrado' }] },
    });
    expect(created).toMatchObject({ total: 4 });
    await drain(newWorker());
    expect((await job('analyst', created.id)).job).toMatchObject({ status: 'finished', done: 4 });
    const rows = await app.database.db
      .select()
      .from(runtimeItems)
      .where(inArray(runtimeItems.id, [...mine, hidden]));
    for (const row of rows) expect(row.data.peso ?? null).toBe(row.id === hidden ? null : 7);
  });

  it('reports a selected item the creator may not see as not found, telling nothing of it', async () => {
    const hidden = (
      await buildItem(app.database.db, actorOf(people.admin, { isAdministrator: true }), {
        componentId: REQUEST,
        projectId: hiddenProjectId,
        data: { nome: 'Segredo', tipo: 'unica', ativo: true },
      })
    ).id;
    const created = await start('analyst', {
      operation: { kind: 'action', action: 'enviar' },
      itemIds: [hidden],
    });
    await drain(newWorker());
    const { errors } = await job('analyst', created.id);
    expect(errors[0]).toMatchObject({ itemId: hidden, code: 'NOT_FOUND', formattedId: null });
    expect(await statuses([hidden])).toEqual(['rascunho']);
  });

  it('stops at an interruption (items not run become interrupted), and a retry runs them', async () => {
    const ids = await newRequests(10);
    const created = await start('analyst', { operation: { kind: 'action', action: 'enviar' }, itemIds: ids });
    const worker = newWorker({ batchSize: 3 });
    await worker.runOnce();
    const interrupted = await post('interruptBulkJob', 'analyst', { id: created.id });
    expect(interrupted.statusCode, interrupted.body).toBe(200);
    expect(interrupted.json()).toMatchObject({
      status: 'interrupted',
      done: 3,
      interrupted: 7,
      remaining: 0,
    });
    expect((await worker.runOnce()).claimed).toBe(0);
    expect(await statuses(ids)).toEqual([
      ...ids.slice(0, 3).map(() => 'emAnalise'),
      ...ids.slice(3).map(() => 'rascunho'),
    ]);
    const twice = await post('interruptBulkJob', 'analyst', { id: created.id });
    expect(twice.statusCode).toBe(400);
    expect((await job('analyst', created.id)).errors.every((error) => error.state === 'interrupted')).toBe(
      true,
    );
    expect((await post('retryBulkJob', 'analyst', { id: created.id })).statusCode).toBe(200);
    await drain(worker);
    expect((await job('analyst', created.id)).job).toMatchObject({
      status: 'finished',
      done: 10,
      interrupted: 0,
    });
  });

  it('resumes after a restart: a dead worker’s claimed items go to another once the lease ends, each run once', async () => {
    const ids = await newRequests(6);
    const created = await start('analyst', { operation: { kind: 'action', action: 'enviar' }, itemIds: ids });
    // The old instance claims a batch and dies before writing it.
    const dead = newWorker({ batchSize: 4 });
    expect(await dead.claim(clock)).toHaveLength(4);
    const next = newWorker({ batchSize: 10 });
    expect((await next.runOnce()).claimed).toBe(2);
    expect((await job('analyst', created.id)).job).toMatchObject({
      status: 'running',
      done: 2,
      remaining: 4,
    });
    clock = new Date(clock.getTime() + BULK_LEASE_MS + 1000);
    try {
      await drain(next);
    } finally {
      clock = START;
    }
    expect((await job('analyst', created.id)).job).toMatchObject({ status: 'finished', done: 6 });
    const writes = await writesPerItem(ids);
    expect(ids.map((id) => writes.get(id))).toEqual(ids.map(() => 1));
  });

  it('is shared by two workers on one database: every item exactly once', async () => {
    const ids = await newRequests(30);
    const created = await start('analyst', {
      operation: { kind: 'update', changes: { eixos: 3 } },
      itemIds: ids,
    });
    const one = newWorker({ batchSize: 4, concurrency: 2 });
    const two = newWorker({ batchSize: 4, concurrency: 2 });
    const results = await Promise.all([drain(one).then(() => 'one'), drain(two).then(() => 'two')]);
    expect(results).toEqual(['one', 'two']);
    expect((await job('analyst', created.id)).job).toMatchObject({ status: 'finished', done: 30, failed: 0 });
    const writes = await writesPerItem(ids);
    expect(ids.map((id) => writes.get(id))).toEqual(ids.map(() => 1));
    const claims = await app.database.db
      .select({ attempts: bulkJobItems.attempts })
      .from(bulkJobItems)
      .where(eq(bulkJobItems.jobId, created.id));
    expect(claims.every((row) => row.attempts === 1)).toBe(true);
  });
});

describe('BULK_ITEMS_PER_SECOND', () => {
  it('spaces the items a worker writes to the rate it is given', async () => {
    const ids = await newRequests(4);
    await start('analyst', { operation: { kind: 'update', changes: { eixos: 2 } }, itemIds: ids });
    const began = Date.now();
    expect((await newWorker({ itemsPerSecond: 10 }).runOnce()).done).toBe(4);
    // Four items at 10 per second: at least 100 ms between one and the next.
    expect(Date.now() - began).toBeGreaterThanOrEqual(390);
  });
});

describe('who sees and controls a job', () => {
  it("answers another user's job as unknown (404) and lists only one's own; an administrator may open it", async () => {
    const ids = await newRequests(2);
    const created = await start('analyst', { operation: { kind: 'action', action: 'enviar' }, itemIds: ids });
    for (const path of ['getBulkJob', 'interruptBulkJob', 'retryBulkJob'])
      expect((await post(path, 'other', { id: created.id })).statusCode, path).toBe(404);
    const listed = await post('listBulkJobs', 'other', {});
    expect(listed.json().jobs.map((entry: { id: number }) => entry.id)).not.toContain(created.id);
    const mine = await post('listBulkJobs', 'analyst', {});
    expect(mine.json().jobs[0]).toMatchObject({ id: created.id, description: 'Enviar', total: 2 });
    expect((await post('getBulkJob', 'admin', { id: created.id })).statusCode).toBe(200);
    expect((await post('interruptBulkJob', 'admin', { id: created.id })).json().status).toBe('interrupted');
  });

  it("offers the component's workflow actions and plainly typed fields", async () => {
    const response = await post('getBulkOptions', 'analyst', { componentId: REQUEST });
    expect(response.statusCode).toBe(200);
    const options = response.json() as {
      actions: Array<{ key: string; reasonRequired: boolean }>;
      fields: Array<{ key: string }>;
    };
    expect(options.actions.find((action) => action.key === 'pedirCorrecao')?.reasonRequired).toBe(true);
    expect(options.fields.map((field) => field.key)).toEqual(
      expect.arrayContaining(['nome', 'peso', 'ativo']),
    );
    expect(options.fields.map((field) => field.key)).not.toContain('antigo');
    const tipo = (options.fields as Array<{ key: string; kind: string; options: unknown[] }>).find(
      (field) => field.key === 'tipo',
    );
    expect(tipo?.kind).toBe('choice');
    expect(tipo?.options.length).toBeGreaterThan(0);
    // Dates and references are not set from one plain value in the bulk dialog.
    expect(options.fields.map((field) => field.key)).not.toContain('partida');
    expect(options.fields.map((field) => field.key)).not.toContain('analista');
  });
});
