import type { ComponentDefinitionInput } from '@der/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import {
  actorOf,
  buildComponents,
  buildItem,
  buildPeople,
  grantProjectAccess,
  type Person,
} from '../../../test/factories/runtime.ts';
import { testComponents } from '../../../test/fixtures/test-definition.ts';
import { bearer } from '../../../test/helpers/auth.ts';
import { auditLog } from '../../modules/audit/audit.table.ts';
import { runtimeComponents } from '../definitions/definitions.table.ts';
import { resourceProjects, resources } from '../resources/resources.table.ts';
import {
  workCalendarHolidays,
  workCalendarPeriods,
  workCalendars,
} from '../work-calendars/work-calendars.table.ts';

const BASE = 1_330;
const PROJECT = BASE + 1;
const TASK = BASE + 3;
const ACTIVITY = BASE + 4;
// Tuesday 10 March 2026, 12:00 in São Paulo.
const NOW = new Date('2026-03-10T15:00:00.000Z');
const label = (pt: string, en: string) => ({ 'pt-BR': pt, en });

function components(): ComponentDefinitionInput[] {
  const [project] = testComponents(BASE);
  const timed = (id: number, name: string, timeEntry: 'task' | 'activity'): ComponentDefinitionInput => ({
    id,
    name: `${name}${BASE}`,
    label: label(name, name),
    pluralLabel: label(`${name}s`, `${name}s`),
    formattedIdPattern: `${name.slice(0, 3).toUpperCase()}-{SEQ:4}`,
    timeEntry,
    fields: [
      { key: 'inicio', type: 'DATE_TIME', label: label('Início', 'Start') },
      { key: 'fim', type: 'DATE_TIME', label: label('Fim', 'End') },
    ],
    scheduleViews: [
      { id: id * 10, name: label('Cronograma', 'Schedule'), startField: 'inicio', endField: 'fim' },
    ],
  });
  return [project!, timed(TASK, 'Tarefa', 'task'), timed(ACTIVITY, 'Atividade', 'activity')];
}

type Who = 'worker' | 'supervisor' | 'stranger' | 'admin';
let app: FastifyInstance;
let people: Record<Who, Person>;
let applicationId: number;
const ids = {} as Record<'project' | 'task' | 'activity' | 'hidden' | 'workerResource', number>;

beforeAll(async () => {
  app = await buildTestApp({ now: () => NOW });
  await app.ready();
  const db = app.database.db;
  people = await buildPeople(app, ['worker', 'supervisor', 'stranger', 'admin'] as const, {
    admin: { isAdministrator: true },
  });
  await buildComponents(app, BASE, { components: components() });
  const [component] = await db
    .select({ applicationId: runtimeComponents.applicationId })
    .from(runtimeComponents)
    .where(eq(runtimeComponents.id, TASK));
  applicationId = component!.applicationId;
  const admin = actorOf(people.admin, { isAdministrator: true });
  ids.project = (await buildItem(db, admin, { componentId: PROJECT, title: 'Duplicação GO-060' })).id;
  const other = (await buildItem(db, admin, { componentId: PROJECT, title: 'Projeto alheio' })).id;
  await grantProjectAccess(db, ids.project, [{ userId: people.worker.id }, { userId: people.supervisor.id }]);
  await grantProjectAccess(db, other, [{ userId: people.stranger.id }]);
  const item = async (componentId: number, projectId: number, title: string, responsibleId?: number) =>
    (
      await buildItem(db, admin, {
        componentId,
        projectId,
        title,
        data: { inicio: '2026-03-02T11:00:00.000Z', fim: '2026-03-31T20:00:00.000Z' },
        ...(responsibleId ? { responsibleId } : {}),
      })
    ).id;
  ids.task = await item(TASK, ids.project, 'Levantamento topográfico', people.worker.id);
  ids.activity = await item(ACTIVITY, ids.project, 'Projeto executivo', people.worker.id);
  ids.hidden = await item(TASK, other, 'Tarefa de outro projeto');
  // The worker's calendar: Mon–Fri 08:00–12:00 and 13:00–17:00 with a state holiday on Thursday 12 March.
  const [calendar] = await db.insert(workCalendars).values({ name: 'Expediente de teste' }).returning();
  await db.insert(workCalendarPeriods).values(
    [1, 2, 3, 4, 5].flatMap((weekday) => [
      { calendarId: calendar!.id, weekday, start: '08:00', end: '12:00' },
      { calendarId: calendar!.id, weekday, start: '13:00', end: '17:00' },
    ]),
  );
  await db.insert(workCalendarHolidays).values({
    calendarId: calendar!.id,
    day: '2026-03-12',
    name: 'Feriado estadual de teste',
    scope: 'estadual',
  });
  const [resource] = await db
    .insert(resources)
    .values({
      kind: 'user',
      userId: people.worker.id,
      calendarId: calendar!.id,
      supervisorId: people.supervisor.id,
      costPerHour: '120.00',
    })
    .returning();
  ids.workerResource = resource!.id;
  const [truck] = await db
    .insert(resources)
    .values({ kind: 'asset', name: 'Caminhão de teste', costPerHour: '200.00' })
    .returning();
  await db.insert(resourceProjects).values({ resourceId: truck!.id, projectId: ids.project });
});
afterAll(() => app.close());

const headers = (who: Who) => ({ ...bearer(people[who].token), 'accept-language': 'pt-BR' });
const get = (who: Who, path: string, query: Record<string, string>) =>
  app.inject({ method: 'GET', url: `/api/timesheet/${path}`, query, headers: headers(who) });
const post = (who: Who, path: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/api/timesheet/${path}`, payload, headers: headers(who) });
const week = { from: '2026-03-09', to: '2026-03-15' };
const load = (who: Who, extra: Record<string, string> = {}) =>
  get(who, 'loadTimesheet', { applicationId: String(applicationId), ...week, ...extra });
const save = (who: Who, body: Record<string, unknown>) =>
  post(who, 'saveTimesheet', { applicationId, ...body });
const fieldOf = (response: { json: () => unknown }) =>
  (response.json() as { details: Array<{ field: string; message: string }> }).details[0]!;

describe('myTimesheet', () => {
  it("answers the week's days by the user's calendar, and the tasks and activities they work on", async () => {
    const response = await load('worker');
    expect(response.statusCode).toBe(200);
    const sheet = response.json();
    expect(sheet.days.map((day: { expectedMinutes: number }) => day.expectedMinutes)).toEqual([
      480, 480, 480, 0, 480, 0, 0,
    ]);
    expect(sheet.days[3]).toMatchObject({ day: '2026-03-12', holiday: true, contracted: false });
    expect(sheet.rows.map((row: { title: string; kind: string }) => [row.title, row.kind]).sort()).toEqual([
      ['Levantamento topográfico', 'task'],
      ['Projeto executivo', 'activity'],
    ]);
    expect(sheet).toMatchObject({ editable: true, timesheetType: '0', autoTimesheetType: '0' });
  });

  it('saves a cell and a note in one transaction and reads them back', async () => {
    const response = await save('worker', {
      entries: [
        { itemId: ids.task, day: '2026-03-09', minutes: 240 },
        { itemId: ids.activity, day: '2026-03-09', startTime: '13:00', endTime: '16:30', note: 'Reunião' },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().entries.map((entry: { minutes: number }) => entry.minutes)).toEqual([240, 210]);
    const sheet = (await load('worker')).json();
    expect(sheet.entries).toHaveLength(2);
  });

  it("refuses a note that ends before it starts, with the spec's message naming the field", async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/timesheet/saveTimesheet',
      payload: {
        applicationId,
        entries: [{ itemId: ids.task, day: '2026-03-10', startTime: '15:00', endTime: '14:00' }],
      },
      headers: { ...bearer(people.worker.token), 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(400);
    expect(fieldOf(response)).toEqual({
      field: 'entries.0.endTime',
      message: 'A time-entry note must start before its end.',
    });
  });

  it('refuses half a note, overlapping notes, more than 24 hours a day, and leaves the day as it was', async () => {
    const half = await save('worker', {
      entries: [{ itemId: ids.task, day: '2026-03-10', startTime: '08:00' }],
    });
    expect(fieldOf(half).field).toBe('entries.0.endTime');
    const overlap = await save('worker', {
      entries: [{ itemId: ids.task, day: '2026-03-09', startTime: '15:00', endTime: '17:00' }],
    });
    expect(overlap.statusCode).toBe(400);
    expect(fieldOf(overlap).message).toBe('Dois apontamentos do dia se sobrepõem no horário.');
    const overfull = await save('worker', {
      entries: [{ itemId: ids.task, day: '2026-03-09', minutes: 1_200 }],
    });
    expect(fieldOf(overfull).message).toBe('O dia passa de 24 horas apontadas.');
    expect((await load('worker')).json().entries).toHaveLength(2);
  });

  it('refuses an item the user cannot see and one their timesheetType does not admit', async () => {
    const hidden = await save('worker', {
      entries: [{ itemId: ids.hidden, day: '2026-03-10', minutes: 60 }],
    });
    expect(fieldOf(hidden)).toMatchObject({ field: 'entries.0.itemId' });
    const db = app.database.db;
    const { users } = await import('../../modules/accounts/accounts.table.ts');
    await db.update(users).set({ timesheetType: '2' }).where(eq(users.id, people.worker.id));
    const onTask = await save('worker', { entries: [{ itemId: ids.task, day: '2026-03-10', minutes: 60 }] });
    expect(fieldOf(onTask).message).toBe('O seu tipo de apontamento não admite horas neste tipo de item.');
    await db.update(users).set({ timesheetType: '4' }).where(eq(users.id, people.worker.id));
    const manual = await save('worker', {
      entries: [{ itemId: ids.activity, day: '2026-03-10', minutes: 60 }],
    });
    expect(fieldOf(manual)).toMatchObject({ field: 'entries' });
    expect((await load('worker')).json().editable).toBe(false);
    await db.update(users).set({ timesheetType: '0' }).where(eq(users.id, people.worker.id));
  });

  it("answers 409 to a stale version and 404 to another user's entry", async () => {
    const [entry] = (await load('worker')).json().entries;
    const changed = await save('worker', { entries: [{ ...pick(entry), minutes: 180 }] });
    expect(changed.statusCode).toBe(200);
    const stale = await save('worker', { entries: [{ ...pick(entry), minutes: 120 }] });
    expect(stale.statusCode).toBe(409);
    const theirs = await save('stranger', { deletions: [{ id: entry.id, version: 2 }] });
    expect(theirs.statusCode).toBe(404);
  });

  it("lets the supervisor and administrators read the worker's timesheet, and nobody else", async () => {
    const userId = String(people.worker.id);
    expect((await load('supervisor', { userId })).statusCode).toBe(200);
    expect((await load('supervisor', { userId })).json().editable).toBe(false);
    expect((await load('admin', { userId })).statusCode).toBe(200);
    expect((await load('stranger', { userId })).statusCode).toBe(404);
  });
});

function pick(entry: { id: number; version: number; itemId: number; day: string }) {
  return { id: entry.id, version: entry.version, itemId: entry.itemId, day: entry.day };
}

describe('the timesheets form component', () => {
  it('answers the time entered on an item to those who see it, 404 to others', async () => {
    const seen = await get('supervisor', 'loadItemTimesheet', { itemId: String(ids.activity) });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      itemId: ids.activity,
      totalMinutes: 180,
      people: [{ userId: people.worker.id, minutes: 180 }],
    });
    // The note of 13:00–16:30 was changed to three hours without times by the 409 case above.
    expect(seen.json().entries).toEqual([
      expect.objectContaining({ day: '2026-03-09', minutes: 180, startTime: null }),
    ]);
    expect((await get('stranger', 'loadItemTimesheet', { itemId: String(ids.activity) })).statusCode).toBe(
      404,
    );
  });
});

describe('the activityResource form component', () => {
  it("answers the project's resources and whoever entered time on the item, with the hours and their cost", async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/resource/getActivityResources',
      query: { itemId: String(ids.activity) },
      headers: headers('supervisor'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      itemId: ids.activity,
      resources: [
        {
          resourceId: expect.any(Number),
          kind: 'asset',
          name: 'Caminhão de teste',
          costPerHour: 200,
          minutes: 0,
          cost: 0,
        },
        {
          resourceId: ids.workerResource,
          kind: 'user',
          name: people.worker.name,
          costPerHour: 120,
          minutes: 180,
          cost: 360,
        },
      ],
      totalMinutes: 180,
      totalCost: 360,
    });
    const hidden = await app.inject({
      method: 'GET',
      url: '/api/resource/getActivityResources',
      query: { itemId: String(ids.activity) },
      headers: headers('stranger'),
    });
    expect(hidden.statusCode).toBe(404);
  });
});

describe('automatic notes', () => {
  it('fill the contracted days without entries with the expected hours, and only for users who have them', async () => {
    const refused = await post('worker', 'fillAutomaticEntries', {
      applicationId,
      from: '2026-03-02',
      to: '2026-03-08',
    });
    expect(refused.statusCode).toBe(400);
    const db = app.database.db;
    const { users } = await import('../../modules/accounts/accounts.table.ts');
    await db.update(users).set({ autoTimesheetType: '1' }).where(eq(users.id, people.worker.id));
    const filled = await post('worker', 'fillAutomaticEntries', {
      applicationId,
      from: '2026-03-02',
      to: '2026-03-15',
    });
    // Mon 2 to Tue 10 March: 7 working days, less Monday 9 (already entered); two items in progress each → 12.
    expect(filled.json()).toEqual({ created: 12 });
    const again = await post('worker', 'fillAutomaticEntries', {
      applicationId,
      from: '2026-03-02',
      to: '2026-03-15',
    });
    expect(again.json()).toEqual({ created: 0 });
    const sheet = (
      await get('worker', 'loadTimesheet', {
        applicationId: String(applicationId),
        from: '2026-03-02',
        to: '2026-03-08',
      })
    ).json();
    const monday = sheet.entries.filter((entry: { day: string }) => entry.day === '2026-03-02');
    expect(monday.map((entry: { minutes: number; origin: string }) => [entry.minutes, entry.origin])).toEqual(
      [
        [240, 'automatic'],
        [240, 'automatic'],
      ],
    );
  });
});

describe('timesheetList', () => {
  it("shows the supervisor their resources' hours against the calendar, and nobody else's", async () => {
    const list = await get('supervisor', 'loadTimesheetList', {
      applicationId: String(applicationId),
      ...week,
    });
    expect(list.statusCode).toBe(200);
    const [row] = list.json().rows;
    expect(row).toMatchObject({ userId: people.worker.id, expectedMinutes: 4 * 480 });
    expect(row.perDay[0]).toBeGreaterThan(0);
    expect(list.json().projects).toEqual([{ id: ids.project, title: 'Duplicação GO-060' }]);
    const stranger = await get('stranger', 'loadTimesheetList', {
      applicationId: String(applicationId),
      ...week,
    });
    expect(stranger.json().rows).toEqual([]);
  });
});

describe('closing and reopening months', () => {
  const scope = () => ({ resourceId: ids.workerResource });

  it('closing February locks it and every earlier month; the server refuses entries there', async () => {
    expect((await post('stranger', 'closeMonth', { scope: scope(), month: '2026-02' })).statusCode).toBe(403);
    expect((await post('supervisor', 'closeMonth', { scope: scope(), month: '2026-04' })).statusCode).toBe(
      400,
    );
    const closed = await post('supervisor', 'closeMonth', { scope: scope(), month: '2026-02' });
    expect(closed.json()).toMatchObject({ closedThrough: '2026-02', canClose: true });
    for (const day of ['2026-02-27', '2025-11-03']) {
      const refused = await save('worker', { entries: [{ itemId: ids.task, day, minutes: 60 }] });
      expect(refused.statusCode).toBe(400);
      expect(fieldOf(refused)).toMatchObject({ field: 'entries.0.day' });
    }
    const message = fieldOf(
      await save('worker', { entries: [{ itemId: ids.task, day: '2026-02-27', minutes: 60 }] }),
    );
    expect(message.message).toBe('O mês 02/2026 está fechado para apontamentos.');
  });

  it('closing March by project refuses changes to entries of that project in March', async () => {
    const [entry] = (await load('worker')).json().entries;
    const closed = await post('admin', 'closeMonth', { scope: { projectId: ids.project }, month: '2026-03' });
    expect(closed.statusCode).toBe(200);
    const refused = await save('worker', { deletions: [{ id: entry.id, version: entry.version }] });
    expect(fieldOf(refused)).toMatchObject({ field: 'deletions.0.id' });
    await post('admin', 'reopenMonth', {
      scope: { projectId: ids.project },
      month: '2026-03',
      reason: 'Correção',
    });
  });

  it('reopening needs the administration permission, is audited, and reopens the later months too', async () => {
    await post('supervisor', 'closeMonth', { scope: scope(), month: '2026-03' });
    const denied = await post('supervisor', 'reopenMonth', {
      scope: scope(),
      month: '2026-02',
      reason: 'Ajuste',
    });
    expect(denied.statusCode).toBe(403);
    const reopened = await post('admin', 'reopenMonth', {
      scope: scope(),
      month: '2026-02',
      reason: 'Horas de fevereiro esquecidas',
    });
    expect(reopened.json()).toMatchObject({ closedThrough: '2026-01' });
    expect(
      (await save('worker', { entries: [{ itemId: ids.task, day: '2026-03-11', minutes: 30 }] })).statusCode,
    ).toBe(200);
    expect(
      (await save('worker', { entries: [{ itemId: ids.task, day: '2026-01-30', minutes: 30 }] })).statusCode,
    ).toBe(400);
    const notClosed = await post('admin', 'reopenMonth', {
      scope: scope(),
      month: '2026-02',
      reason: 'De novo',
    });
    expect(notClosed.statusCode).toBe(400);
    const [event] = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'runtime.timesheet.month.reopened'))
      .orderBy(auditLog.id);
    expect(event).toBeDefined();
    const closings = (
      await get('supervisor', 'loadMonthClosings', { applicationId: String(applicationId) })
    ).json();
    expect(closings.resources).toEqual([
      expect.objectContaining({ resourceId: ids.workerResource, closedThrough: '2026-01' }),
    ]);
    expect(closings.canReopen).toBe(false);
  });
});
