import type { ComponentDefinitionInput } from '@der/contracts';
import { and, asc, eq } from 'drizzle-orm';
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
import { testComponents } from '../../../test/fixtures/test-definition.ts';
import { bearer } from '../../../test/helpers/auth.ts';
import { runHousekeepingRound } from '../../housekeeping/housekeeping-round.ts';
import type { EmailPayload } from '../../infra/outbox/outbox.service.ts';
import { outbox } from '../../infra/outbox/outbox.table.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import { groupMembers } from '../../modules/groups/groups.table.ts';
import { messages } from '../../modules/messages/messages.table.ts';
import { runtimeItems } from '../items/items.table.ts';
import { saveItem } from '../items/save-item.ts';
import { sweepDeadlines } from './deadline-sweeper.ts';

const BASE = 1600;
const PROJECT = BASE + 1;
const TASK = BASE + 2;
const QUEUE = 'Fila SLA';
const CHIEFS = 'Chefia SLA';
const label = (text: string) => ({ 'pt-BR': text, en: text });
/** A São Paulo wall-clock time ('2026-03-06T15:00') as an instant: the test clock every save and sweep is given. */
const sp = (local: string) => new Date(`${local}:00-03:00`);

/**
 * Novo (2 working days) → Fila (a group's queue, 4 working hours, warned at half) → Em análise (taken by an
 * analyst, 4 working hours, escalated to the chiefs) ↔ Pausado (no deadline) → Fim.
 */
function taskComponents(): ComponentDefinitionInput[] {
  const [project, request] = testComponents(BASE);
  return [
    project!,
    {
      ...request!,
      workflow: {
        statuses: [
          { key: 'novo', name: label('Novo'), initial: true, sla: { amount: 2, unit: 'workingDays' } },
          {
            key: 'fila',
            name: label('Na fila'),
            sla: { amount: 4, unit: 'workingHours', warnAtPercent: 50 },
          },
          {
            key: 'analise',
            name: label('Em análise'),
            sla: { amount: 4, unit: 'workingHours', warnAtPercent: 50, escalateToGroup: CHIEFS },
          },
          { key: 'pausado', name: label('Pausado') },
          { key: 'fim', name: label('Fim'), final: true },
        ],
        actions: [
          {
            key: 'enfileirar',
            name: label('Enfileirar'),
            from: ['novo'],
            to: 'fila',
            effects: [{ kind: 'assignResponsible', to: { kind: 'group', group: QUEUE } }],
          },
          {
            key: 'assumir',
            name: label('Assumir'),
            from: ['fila'],
            to: 'analise',
            effects: [{ kind: 'assignResponsible', to: { kind: 'actor' } }],
          },
          { key: 'anotar', name: label('Anotar'), from: ['analise'], to: 'analise' },
          { key: 'pausar', name: label('Pausar'), from: ['analise'], to: 'pausado' },
          { key: 'retomar', name: label('Retomar'), from: ['pausado'], to: 'analise' },
        ],
      },
    },
  ];
}

type Who = 'creator' | 'analyst1' | 'analyst2' | 'chief' | 'outsider';
let app: FastifyInstance;
let people: Record<Who, { id: number; name: string; token: string }>;
let projectId: number;
const emails = new Map<number, string>();

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  const db = app.database.db;
  people = await buildPeople(app, ['creator', 'analyst1', 'analyst2', 'chief', 'outsider']);
  const queue = await buildGroup(db, { name: QUEUE, memberIds: [people.analyst1.id, people.analyst2.id] });
  const chiefs = await buildGroup(db, { name: CHIEFS, memberIds: [people.chief.id] });
  // The outsider is in the chiefs' group too but cannot see the project: a reminder quotes the item, so no.
  await db.insert(groupMembers).values({
    groupId: chiefs.id,
    userId: people.outsider.id,
  });
  await buildComponents(app, BASE, { components: taskComponents() });
  const admin = actorOf({ id: people.creator.id }, { isAdministrator: true });
  projectId = (await buildItem(db, admin, { componentId: PROJECT, title: 'Projeto SLA' })).id;
  await grantProjectAccess(db, projectId, [
    { userId: people.creator.id },
    { groupId: queue.id },
    { userId: people.chief.id },
  ]);
  const rows = await db.select({ id: users.id, email: users.email }).from(users);
  for (const row of rows) emails.set(row.id, row.email);
});
afterAll(() => app.close());

async function newTask(at: Date) {
  const [row] = await app.database.db.transaction((tx) =>
    saveItem(
      tx,
      actorOf(people.creator),
      { componentId: TASK, changes: { nome: 'Tarefa' }, create: { projectId } },
      { now: at },
    ).then((saved) => [saved.row]),
  );
  return row!;
}

async function itemRow(id: number) {
  const [row] = await app.database.db.select().from(runtimeItems).where(eq(runtimeItems.id, id));
  return row!;
}

async function act(who: Who, itemId: number, action: string, at: Date) {
  const { version } = await itemRow(itemId);
  return app.database.db.transaction((tx) =>
    saveItem(
      tx,
      actorOf(people[who]),
      { componentId: TASK, itemId, version, changes: {}, transition: { action } },
      { now: at },
    ),
  );
}

/** The bell messages and the e-mails queued in the outbox for each person, by subject. */
async function remindersOf(who: Who) {
  const userId = people[who].id;
  const bell = await app.database.db
    .select({ title: messages.title, text: messages.messageText })
    .from(messages)
    .where(eq(messages.userId, userId))
    .orderBy(asc(messages.id));
  const mail = (
    await app.database.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(and(eq(outbox.kind, 'email')))
      .orderBy(asc(outbox.id))
  )
    .map((row) => row.payload as unknown as EmailPayload)
    .filter((payload) => payload.to === emails.get(userId) && payload.template === 'workflowNotification')
    .map((payload) => (JSON.parse(payload.data) as { subject: string }).subject);
  return { bell: bell.map((row) => row.title), mail, texts: bell.map((row) => row.text) };
}

describe('due dates on the one write path', () => {
  it('a new item in a status with an SLA is due after the working days, warned at 75 % of the working time', async () => {
    // Friday 15:00 + 2 working days = Tuesday 15:00; 75 % of its 16 working hours = 12 h → Tuesday 10:00.
    const task = await newTask(sp('2026-03-06T15:00'));
    expect(task.dueAt).toEqual(sp('2026-03-10T15:00'));
    expect(task.dueSoonAt).toEqual(sp('2026-03-10T10:00'));
    const stored = await itemRow(task.id);
    expect(stored.dueAt).toEqual(sp('2026-03-10T15:00'));
    expect(stored.warnedAt).toBeNull();
  });

  it('entering a status recomputes the deadline, staying keeps it, leaving for one without an SLA clears it', async () => {
    const task = await newTask(sp('2026-03-06T15:00'));
    // Monday 16:00 + 4 working hours = Tuesday 11:00 (one hour on Monday, three on Tuesday); half at 09:00.
    const queued = await act('creator', task.id, 'enfileirar', sp('2026-03-09T16:00'));
    expect(queued.row).toMatchObject({
      status: 'fila',
      dueAt: sp('2026-03-10T11:00'),
      dueSoonAt: sp('2026-03-10T09:00'),
    });
    // Across lunch: 11:30 + 4 h = 16:30.
    const taken = await act('analyst1', task.id, 'assumir', sp('2026-03-10T11:30'));
    expect(taken.row).toMatchObject({ status: 'analise', dueAt: sp('2026-03-10T16:30') });
    const noted = await act('analyst1', task.id, 'anotar', sp('2026-03-10T14:00'));
    expect(noted.row.dueAt).toEqual(sp('2026-03-10T16:30'));
    const paused = await act('analyst1', task.id, 'pausar', sp('2026-03-10T15:00'));
    expect(paused.row).toMatchObject({ status: 'pausado', dueAt: null, dueSoonAt: null });
    const resumed = await act('analyst1', task.id, 'retomar', sp('2026-03-11T09:00'));
    // 09:00 + 4 working hours: three before lunch, one after → 14:00; half at 11:00.
    expect(resumed.row).toMatchObject({ dueAt: sp('2026-03-11T14:00'), dueSoonAt: sp('2026-03-11T11:00') });
  });

  it('an edit that does not change the status leaves the deadline alone', async () => {
    const task = await newTask(sp('2026-03-06T15:00'));
    const saved = await app.database.db.transaction((tx) =>
      saveItem(
        tx,
        actorOf(people.creator),
        { componentId: TASK, itemId: task.id, version: task.version, changes: { nome: 'Outro nome' } },
        { now: sp('2026-03-09T09:00') },
      ),
    );
    expect(saved.row.dueAt).toEqual(sp('2026-03-10T15:00'));
  });
});

describe('the deadline sweeper', () => {
  it('warns the queue once when only a group holds the item, and escalates to that group once when it passes', async () => {
    const task = await newTask(sp('2026-03-06T15:00'));
    await act('creator', task.id, 'enfileirar', sp('2026-03-12T16:00'));
    // Due Friday 13th 11:00, due soon at 09:00.
    const before = await remindersOf('analyst2');
    await sweepDeadlines(app.database.db, sp('2026-03-13T08:59'));
    expect((await itemRow(task.id)).warnedAt).toBeNull();

    await sweepDeadlines(app.database.db, sp('2026-03-13T09:00'));
    await sweepDeadlines(app.database.db, sp('2026-03-13T09:30'));
    const warned = await itemRow(task.id);
    expect(warned.warnedAt).toEqual(sp('2026-03-13T09:00'));
    expect(warned.escalatedAt).toBeNull();
    const subject = `Prazo de ${task.formattedId} vence em 13/03/2026 11:00`;
    for (const who of ['analyst1', 'analyst2'] as const) {
      const after = await remindersOf(who);
      expect(after.bell.filter((title) => title === subject)).toHaveLength(1);
      expect(after.mail.filter((title) => title === subject)).toHaveLength(1);
    }
    expect((await remindersOf('analyst2')).bell.length).toBe(before.bell.length + 1);

    await sweepDeadlines(app.database.db, sp('2026-03-13T11:00'));
    await sweepDeadlines(app.database.db, sp('2026-03-13T12:00'));
    expect((await itemRow(task.id)).escalatedAt).toEqual(sp('2026-03-13T11:00'));
    const overdue = `Prazo vencido: ${task.formattedId}`;
    for (const who of ['analyst1', 'analyst2'] as const) {
      const after = await remindersOf(who);
      expect(after.bell.filter((title) => title === overdue)).toHaveLength(1);
      expect(after.mail.filter((title) => title === overdue)).toHaveLength(1);
    }
    expect((await remindersOf('chief')).bell).not.toContain(overdue);
    expect((await remindersOf('creator')).bell).not.toContain(overdue);
    // Nobody holds a queued item: the message names no responsible.
    expect((await remindersOf('analyst1')).texts.at(-1)).not.toContain('Responsável');
  });

  it('warns the responsible alone and escalates to the status’s configured group (who can see the item)', async () => {
    const task = await newTask(sp('2026-03-06T15:00'));
    await act('creator', task.id, 'enfileirar', sp('2026-03-16T08:00'));
    await act('analyst1', task.id, 'assumir', sp('2026-03-16T08:00'));
    // Due 12:00, due soon 10:00.
    await sweepDeadlines(app.database.db, sp('2026-03-16T10:00'));
    const subject = `Prazo de ${task.formattedId} vence em 16/03/2026 12:00`;
    expect((await remindersOf('analyst1')).bell.filter((title) => title === subject)).toHaveLength(1);
    expect((await remindersOf('analyst2')).bell).not.toContain(subject);
    expect((await remindersOf('chief')).bell).not.toContain(subject);

    await sweepDeadlines(app.database.db, sp('2026-03-16T12:01'));
    const overdue = `Prazo vencido: ${task.formattedId}`;
    const chief = await remindersOf('chief');
    expect(chief.bell.filter((title) => title === overdue)).toHaveLength(1);
    expect(chief.mail.filter((title) => title === overdue)).toHaveLength(1);
    expect(chief.texts.at(-1)).toContain(`Responsável: ${people.analyst1.name}`);
    expect((await remindersOf('analyst1')).bell).not.toContain(overdue);
    expect((await remindersOf('outsider')).bell).not.toContain(overdue);
  });

  it('sends only the escalation for an item already overdue when first swept, and none after it left the status', async () => {
    const late = await newTask(sp('2026-03-06T15:00'));
    await act('creator', late.id, 'enfileirar', sp('2026-03-17T08:00'));
    const moved = await newTask(sp('2026-03-06T15:00'));
    await act('creator', moved.id, 'enfileirar', sp('2026-03-17T08:00'));
    await act('analyst1', moved.id, 'assumir', sp('2026-03-17T08:30'));
    await act('analyst1', moved.id, 'pausar', sp('2026-03-17T09:00'));

    await sweepDeadlines(app.database.db, sp('2026-03-18T08:00'));
    const analyst = await remindersOf('analyst2');
    expect(analyst.bell).toContain(`Prazo vencido: ${late.formattedId}`);
    expect(analyst.bell.some((title) => title.startsWith(`Prazo de ${late.formattedId}`))).toBe(false);
    expect(analyst.bell.some((title) => title.includes(moved.formattedId))).toBe(false);
    const row = await itemRow(late.id);
    expect(row.warnedAt).toEqual(sp('2026-03-18T08:00'));
    expect(row.version).toBe(2);
  });

  it('escalates to the responsible’s groups when neither the status nor a queue names one', async () => {
    const [task] = await app.database.db.transaction(async (tx) => [
      (
        await saveItem(
          tx,
          actorOf(people.creator),
          {
            componentId: TASK,
            changes: { nome: 'Com responsável' },
            create: { projectId, responsibleId: people.analyst1.id },
          },
          { now: sp('2026-03-23T08:00') },
        )
      ).row,
    ]);
    // Monday 08:00 + 2 working days = Wednesday 08:00.
    await sweepDeadlines(app.database.db, sp('2026-03-25T08:00'));
    const overdue = `Prazo vencido: ${task!.formattedId}`;
    expect((await remindersOf('analyst2')).bell.filter((title) => title === overdue)).toHaveLength(1);
    expect((await remindersOf('analyst1')).bell.filter((title) => title === overdue)).toHaveLength(1);
    expect((await remindersOf('chief')).bell).not.toContain(overdue);
  });

  it('gives a reminder again once the item re-enters a status with an SLA', async () => {
    const task = await newTask(sp('2026-03-06T15:00'));
    await act('creator', task.id, 'enfileirar', sp('2026-03-19T08:00'));
    await act('analyst1', task.id, 'assumir', sp('2026-03-19T08:00'));
    await sweepDeadlines(app.database.db, sp('2026-03-19T10:00'));
    await act('analyst1', task.id, 'pausar', sp('2026-03-19T10:30'));
    await act('analyst1', task.id, 'retomar', sp('2026-03-19T13:00'));
    expect((await itemRow(task.id)).warnedAt).toBeNull();
    await sweepDeadlines(app.database.db, sp('2026-03-19T15:00'));
    const titles = (await remindersOf('analyst1')).bell.filter((title) =>
      title.startsWith(`Prazo de ${task.formattedId}`),
    );
    expect(titles).toEqual([
      `Prazo de ${task.formattedId} vence em 19/03/2026 12:00`,
      `Prazo de ${task.formattedId} vence em 19/03/2026 17:00`,
    ]);
  });
});

describe('due dates where the web reads items', () => {
  const post = (url: string, payload: object) =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(people.creator.token), 'accept-language': 'pt-BR' },
      payload,
    });

  it('lists show the DueDate system column (visible where the workflow sets deadlines), rows carry it and filter by it', async () => {
    const task = await newTask(sp('2026-03-06T15:00'));
    const control = await app.inject({
      method: 'GET',
      url: `/api/genericItem/getListControlData?componentID=${TASK}&projectID=${projectId}`,
      headers: bearer(people.creator.token),
    });
    expect(control.statusCode, control.body).toBe(200);
    const column = (control.json().columns as Array<{ name: string }>).find(
      (entry) => entry.name === 'DueDate',
    );
    expect(column).toMatchObject({ header: 'Prazo', type: 'DATE_TIME', system: true, visible: true });

    const page = await post('/api/genericItem/executeFilter', {
      componentID: TASK,
      projectId,
      rowsPerPage: 500,
      filters: [{ field: 'DueDate', operator: 'eq', value: sp('2026-03-10T15:00').toISOString() }],
    });
    expect(page.statusCode, page.body).toBe(200);
    const rows = page.json().rows as Array<{ ID: number; DueDate: string; DueSoonDate: string }>;
    const row = rows.find((candidate) => candidate.ID === task.id);
    expect(row).toMatchObject({
      DueDate: sp('2026-03-10T15:00').toISOString(),
      DueSoonDate: sp('2026-03-10T10:00').toISOString(),
    });
    // Items due at other times (queued, paused, taken) fall outside the filter.
    expect(rows.every((candidate) => candidate.DueDate === sp('2026-03-10T15:00').toISOString())).toBe(true);
  });

  it('lists sort by DueDate, the soonest first and items without a deadline last (a column marked sortable)', async () => {
    const later = await newTask(sp('2026-03-17T09:00'));
    const sooner = await newTask(sp('2026-03-16T09:00'));
    const paused = await newTask(sp('2026-03-16T09:00'));
    for (const [who, action] of [
      ['creator', 'enfileirar'],
      ['analyst1', 'assumir'],
      ['analyst1', 'pausar'],
    ] as const)
      await act(who, paused.id, action, sp('2026-03-16T10:00'));
    const ids = new Set([later.id, sooner.id, paused.id]);
    const sorted = async (sortDirection: 'asc' | 'desc') => {
      const page = await post('/api/genericItem/executeFilter', {
        componentID: TASK,
        projectId,
        rowsPerPage: 500,
        sort: { field: 'DueDate', sortDirection },
      });
      expect(page.statusCode, page.body).toBe(200);
      return (page.json().rows as Array<{ ID: number }>).map((row) => row.ID).filter((id) => ids.has(id));
    };
    expect(await sorted('asc')).toEqual([sooner.id, later.id, paused.id]);
    expect(await sorted('desc')).toEqual([paused.id, later.id, sooner.id]);
    const control = await app.inject({
      method: 'GET',
      url: `/api/genericItem/getListControlData?componentID=${TASK}&projectID=${projectId}`,
      headers: bearer(people.creator.token),
    });
    const column = (control.json().columns as Array<{ name: string }>).find(
      (entry) => entry.name === 'DueDate',
    );
    expect(column).toMatchObject({ sortable: true, filterable: true });
  });

  it('the form answers the item with its deadline', async () => {
    const task = await newTask(sp('2026-03-06T15:00'));
    const response = await post('/api/genericItem/refreshItem', { itemId: task.id, componentId: TASK });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      dueAt: sp('2026-03-10T15:00').toISOString(),
      dueSoonAt: sp('2026-03-10T10:00').toISOString(),
    });
  });
});

describe('two sweepers at once (two instances on one database)', () => {
  it('send each reminder once between them', async () => {
    const at = sp('2026-03-20T13:00');
    // Reminders of the other tests' items first: only these three are left for the two sweepers.
    await sweepDeadlines(app.database.db, at);
    const tasks = [];
    for (let index = 0; index < 3; index += 1) {
      const task = await newTask(sp('2026-03-06T15:00'));
      await act('creator', task.id, 'enfileirar', sp('2026-03-20T08:00'));
      tasks.push(task);
    }
    const [first, second] = await Promise.all([
      sweepDeadlines(app.database.db, at),
      sweepDeadlines(app.database.db, at),
    ]);
    expect(first.dueEscalations + second.dueEscalations).toBe(3);
    const bell = (await remindersOf('analyst1')).bell;
    for (const task of tasks)
      expect(bell.filter((title) => title === `Prazo vencido: ${task.formattedId}`)).toHaveLength(1);
  });
});

describe('the housekeeping round', () => {
  it('prunes and then sends the reminders that came due, saying how many of each', async () => {
    const task = await newTask(sp('2026-03-30T08:00'));
    await act('creator', task.id, 'enfileirar', sp('2026-03-30T08:00'));
    const counts = await runHousekeepingRound(app.database.db, sp('2026-03-30T10:00'));
    expect(counts).toMatchObject({ dueWarnings: 1, dueEscalations: 0, rateLimitHits: 0 });
    expect((await itemRow(task.id)).warnedAt).toEqual(sp('2026-03-30T10:00'));
  });
});
