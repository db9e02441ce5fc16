import type { ComponentDefinitionInput, WorkCalendarRecord, WorkCalendarRow } from '@der/contracts';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { actorOf, buildComponents, buildItem } from '../../../test/factories/runtime.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { testComponents } from '../../../test/fixtures/test-definition.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';
import { auditLog } from '../../modules/audit/audit.table.ts';
import { runtimeItems } from '../items/items.table.ts';
import { saveItem } from '../items/save-item.ts';
import { loadProjectCalendar } from '../project-widgets/project-calendar.ts';
import { resources } from '../resources/resources.table.ts';
import { workCalendarHolidays, workCalendarPeriods, workCalendars } from './work-calendars.table.ts';

const BASE = 1900;
const PROJECT = BASE + 1;
const TASK = BASE + 2;
const label = (text: string) => ({ 'pt-BR': text, en: text });
/** A São Paulo wall-clock time ('2026-03-06T15:00') as an instant. */
const sp = (local: string) => new Date(`${local}:00-03:00`);

const WEEK = [1, 2, 3, 4, 5].flatMap((weekday) => [
  { weekday, start: '08:00', end: '12:00' },
  { weekday, start: '13:00', end: '18:00' },
]);

/** A project with a CALENDAR field, and a task whose new items are due in 1 working day ('analise': 2 hours). */
function calendarComponents(): ComponentDefinitionInput[] {
  const [project, request] = testComponents(BASE);
  return [
    {
      ...project!,
      fields: [...project!.fields, { key: 'calendario', type: 'CALENDAR', label: label('Calendário') }],
    },
    {
      ...request!,
      workflow: {
        statuses: [
          { key: 'novo', name: label('Novo'), initial: true, sla: { amount: 1, unit: 'workingDays' } },
          { key: 'analise', name: label('Em análise'), sla: { amount: 2, unit: 'workingHours' } },
        ],
        actions: [{ key: 'analisar', name: label('Analisar'), from: ['novo'], to: 'analise' }],
      },
    },
  ];
}

describe('administration: working calendars', () => {
  let app: FastifyInstance;
  let adminToken: string;
  let staffToken: string;
  let adminId: number;

  const post = (url: string, payload: object, token = adminToken, language = 'pt-BR') =>
    app.inject({ method: 'POST', url, payload, headers: { ...bearer(token), 'accept-language': language } });
  const get = (url: string, token = adminToken, language = 'pt-BR') =>
    app.inject({ method: 'GET', url, headers: { ...bearer(token), 'accept-language': language } });
  const save = (body: object, language?: string) =>
    post('/api/workCalendar/saveWorkCalendar', body, adminToken, language);
  const calendar = (overrides: object = {}) => ({
    id: 0,
    name: 'Expediente',
    timeZone: 'America/Sao_Paulo',
    nationalHolidays: true,
    workPeriods: WEEK,
    holidays: [
      { day: '2026-07-09', name: 'Revolução Constitucionalista', scope: 'estadual', recurring: true },
    ],
    ...overrides,
  });
  const create = async (overrides: object = {}) => {
    const response = await save(calendar(overrides));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ id: number; version: number }>();
  };
  const read = async (id: number) => {
    const response = await get(`/api/workCalendar/getWorkCalendar?WorkCalendarId=${id}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<WorkCalendarRecord>();
  };
  const list = async () => {
    const response = await post('/api/workCalendar/getWorkCalendars', {});
    expect(response.statusCode, response.body).toBe(200);
    return response.json<WorkCalendarRow[]>();
  };
  const issuesOf = (body: string) =>
    (JSON.parse(body) as { details: Array<{ field: string; message: string }> }).details;

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    const db = app.database.db;
    const admin = await buildUser(db, { isAdministrator: true, hasPanelAdminPermission: true });
    const staff = await buildUser(db);
    adminId = admin.id;
    adminToken = await signIn(app, admin);
    staffToken = await signIn(app, staff);
    await buildComponents(app, BASE, { components: calendarComponents() });
  });
  afterAll(() => app.close());

  describe('who may call', () => {
    it.each([
      ['POST', '/api/workCalendar/getWorkCalendars', {}],
      ['GET', '/api/workCalendar/getWorkCalendar?WorkCalendarId=1', undefined],
      ['POST', '/api/workCalendar/saveWorkCalendar', { id: 0, name: 'X' }],
      ['POST', '/api/workCalendar/deleteWorkCalendars', { ids: [1] }],
    ] as const)(
      'refuses %s %s to staff without administration (403) and anonymous callers (401)',
      async (method, url, payload) => {
        const refused = await app.inject({ method, url, payload, headers: bearer(staffToken) });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().code).toBe('FORBIDDEN');
        expect((await app.inject({ method, url, payload })).statusCode).toBe(401);
      },
    );

    it('lets any signed-in user read the national holidays and the calendar choices, not anonymous callers', async () => {
      expect((await get('/api/workCalendar/getNationalHolidays?year=2026', staffToken)).statusCode).toBe(200);
      expect((await post('/api/genericItem/loadWorkCalendars', {}, staffToken)).statusCode).toBe(200);
      expect(
        (await app.inject({ method: 'GET', url: '/api/workCalendar/getNationalHolidays?year=2026' }))
          .statusCode,
      ).toBe(401);
      expect(
        (await app.inject({ method: 'POST', url: '/api/genericItem/loadWorkCalendars', payload: {} }))
          .statusCode,
      ).toBe(401);
    });
  });

  describe('create, read, list, change', () => {
    it('creates a calendar with its periods and holidays, lists it and audits the creation', async () => {
      const { id, version } = await create({ name: 'Expediente Sede' });
      expect(version).toBe(1);
      const stored = await read(id);
      expect(stored).toMatchObject({
        id,
        name: 'Expediente Sede',
        timeZone: 'America/Sao_Paulo',
        nationalHolidays: true,
        version: 1,
        holidays: [
          { day: '2026-07-09', name: 'Revolução Constitucionalista', scope: 'estadual', recurring: true },
        ],
      });
      expect(stored.workPeriods).toHaveLength(10);
      expect(stored.workPeriods[0]).toEqual({ weekday: 1, start: '08:00', end: '12:00' });
      const row = (await list()).find((entry) => entry.id === id);
      expect(row).toEqual({
        id,
        name: 'Expediente Sede',
        timeZone: 'America/Sao_Paulo',
        nationalHolidays: true,
        weeklyHours: 45,
        holidayCount: 1,
      });
      const [entry] = await app.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `workCalendar:${id}`));
      expect(entry).toMatchObject({ action: 'admin.workCalendar.created', actorUserId: adminId });
      expect(entry!.details).toMatchObject({ name: { before: null, after: 'Expediente Sede' } });
    });

    it('changes a calendar at its version, replacing its periods and holidays, and audits what changed', async () => {
      const { id } = await create({ name: 'Plantão' });
      const response = await save(
        calendar({
          id,
          name: 'Plantão 24h',
          version: 1,
          timeZone: 'America/Manaus',
          nationalHolidays: false,
          workPeriods: [{ weekday: 6, start: '07:00', end: '13:00' }],
          holidays: [
            { day: '2026-10-24', name: 'Aniversário da cidade', scope: 'municipal', recurring: false },
          ],
        }),
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        id,
        version: 2,
        message: 'O calendário foi salvo com sucesso!',
      });
      expect(await read(id)).toMatchObject({
        name: 'Plantão 24h',
        timeZone: 'America/Manaus',
        nationalHolidays: false,
        workPeriods: [{ weekday: 6, start: '07:00', end: '13:00' }],
        holidays: [
          { day: '2026-10-24', name: 'Aniversário da cidade', scope: 'municipal', recurring: false },
        ],
        version: 2,
      });
      const entries = await app.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `workCalendar:${id}`))
        .orderBy(asc(auditLog.id));
      expect(entries.map((entry) => entry.action)).toEqual([
        'admin.workCalendar.created',
        'admin.workCalendar.updated',
      ]);
      expect(Object.keys(entries[1]!.details as object).sort()).toEqual([
        'holidays',
        'name',
        'nationalHolidays',
        'timeZone',
        'workPeriods',
      ]);
    });

    it('refuses a stale version with 409 and changes nothing', async () => {
      const { id } = await create({ name: 'Concorrido' });
      expect((await save(calendar({ id, name: 'Concorrido 2', version: 1 }))).statusCode).toBe(200);
      const stale = await save(calendar({ id, name: 'Concorrido 3', version: 1 }));
      expect(stale.statusCode).toBe(409);
      expect(stale.json().code).toBe('CONFLICT');
      expect((await read(id)).name).toBe('Concorrido 2');
    });

    it('answers 404 for a calendar that does not exist, read or saved', async () => {
      expect((await get('/api/workCalendar/getWorkCalendar?WorkCalendarId=999999')).statusCode).toBe(404);
      const saved = await save(calendar({ id: 999999, name: 'Fantasma', version: 1 }));
      expect(saved.statusCode).toBe(404);
      expect(saved.json().code).toBe('NOT_FOUND');
    });
  });

  describe('validation (400 naming the field, translated)', () => {
    it('refuses a missing name', async () => {
      const response = await save(calendar({ name: '  ' }), 'en');
      expect(response.statusCode).toBe(400);
      expect(issuesOf(response.body)).toContainEqual({ field: 'body.name', message: 'Required' });
    });

    it('refuses a name another calendar has, whatever the case', async () => {
      const { id } = await create({ name: 'Único' });
      const response = await save(calendar({ name: 'ÚNICO' }), 'en');
      expect(response.statusCode).toBe(400);
      expect(issuesOf(response.body)).toEqual([
        { field: 'body.name', message: 'A calendar with this name already exists' },
      ]);
      // Its own name, in another case, is no clash.
      expect((await save(calendar({ id, name: 'único', version: 1 }))).statusCode).toBe(200);
    });

    it.each([
      [
        'a time not HH:mm',
        [{ weekday: 1, start: '8:00', end: '12:00' }],
        'body.workPeriods.0.start',
        'Invalid time (HH:mm)',
      ],
      [
        'an hour past 23',
        [{ weekday: 1, start: '08:00', end: '24:30' }],
        'body.workPeriods.0.end',
        'Invalid time (HH:mm)',
      ],
      [
        'a start not before its end',
        [{ weekday: 1, start: '12:00', end: '08:00' }],
        'body.workPeriods.0.end',
        'The start must be before the end',
      ],
      [
        'periods overlapping within a weekday',
        [
          { weekday: 2, start: '08:00', end: '12:00' },
          { weekday: 3, start: '11:00', end: '14:00' },
          { weekday: 2, start: '11:30', end: '13:00' },
        ],
        'body.workPeriods.2.start',
        'This period overlaps another one of the same weekday',
      ],
    ])('refuses %s', async (_case, workPeriods, field, message) => {
      const response = await save(calendar({ name: `Períodos ${field}`, workPeriods }), 'en');
      expect(response.statusCode, response.body).toBe(400);
      expect(issuesOf(response.body)).toContainEqual(expect.objectContaining({ field, message }));
    });

    it('accepts periods that only touch (12:00 end, 12:00 start)', async () => {
      const response = await save(
        calendar({
          name: 'Encostados',
          workPeriods: [
            { weekday: 1, start: '08:00', end: '12:00' },
            { weekday: 1, start: '12:00', end: '14:00' },
          ],
        }),
      );
      expect(response.statusCode, response.body).toBe(200);
    });

    const holiday = { day: '2026-01-25', name: 'Aniversário', scope: 'municipal', recurring: true };
    it.each([
      ['a day that is no date', [{ ...holiday, day: '2026-02-30' }], 'body.holidays.0.day', 'Incorrect Date'],
      ['a day not YYYY-MM-DD', [{ ...holiday, day: '25/01/2026' }], 'body.holidays.0.day', 'Incorrect Date'],
      [
        'a scope that is none of estadual, municipal, facultativo',
        [{ ...holiday, scope: 'nacional' }],
        'body.holidays.0.scope',
        'Invalid value',
      ],
      ['a holiday without a name', [{ ...holiday, name: '' }], 'body.holidays.0.name', 'Required'],
      [
        'two holidays on one day',
        [holiday, { ...holiday, name: 'Outro' }],
        'body.holidays.1.day',
        'There is already a holiday on this day',
      ],
    ])('refuses %s', async (_case, holidays, field, message) => {
      const response = await save(calendar({ name: `Feriados ${field}`, holidays }), 'en');
      expect(response.statusCode, response.body).toBe(400);
      expect(issuesOf(response.body)).toEqual([expect.objectContaining({ field, message })]);
    });

    it.each(['America/Goiania_X', 'GMT-3 ', 'Brasília', ''])('refuses the time zone %j', async (timeZone) => {
      const response = await save(calendar({ name: `Fuso ${timeZone}`, timeZone }), 'pt-BR');
      expect(response.statusCode).toBe(400);
      const [issue] = issuesOf(response.body);
      expect(issue!.field).toBe('body.timeZone');
      expect(response.json().Message).toContain('timeZone');
    });

    it('accepts any IANA time zone', async () => {
      const { id } = await create({ name: 'Fuso Manaus', timeZone: 'America/Manaus' });
      expect((await read(id)).timeZone).toBe('America/Manaus');
    });

    it('writes nothing when refused', async () => {
      const before = await app.database.db.select().from(workCalendars);
      await save(calendar({ name: 'Não gravado', holidays: [{ ...holiday, day: '2026-13-01' }] }));
      expect(await app.database.db.select().from(workCalendars)).toHaveLength(before.length);
    });
  });

  describe('delete', () => {
    it('deletes calendars nobody uses, their periods and holidays with them, and audits it', async () => {
      const { id } = await create({ name: 'Descartável' });
      const response = await post('/api/workCalendar/deleteWorkCalendars', { ids: [id] });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().message).toBe('Os calendários foram removidos com sucesso!');
      const db = app.database.db;
      expect(await db.select().from(workCalendars).where(eq(workCalendars.id, id))).toEqual([]);
      expect(
        await db.select().from(workCalendarPeriods).where(eq(workCalendarPeriods.calendarId, id)),
      ).toEqual([]);
      expect(
        await db.select().from(workCalendarHolidays).where(eq(workCalendarHolidays.calendarId, id)),
      ).toEqual([]);
      const [entry] = await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'admin.workCalendar.deleted'))
        .orderBy(asc(auditLog.id));
      expect(entry!.details).toMatchObject({ name: { before: 'Descartável', after: null } });
    });

    it('refuses (409, nothing deleted) a calendar a resource uses', async () => {
      const { id } = await create({ name: 'Da equipe' });
      const other = await create({ name: 'Livre' });
      await app.database.db.insert(resources).values({ kind: 'asset', name: 'Caminhão', calendarId: id });
      const response = await post(
        '/api/workCalendar/deleteWorkCalendars',
        { ids: [other.id, id] },
        adminToken,
        'en',
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'WORK_CALENDAR_IN_USE',
        Message:
          'The calendar "Da equipe" is used by 1 resource(s) and 0 project(s) and cannot be deleted. Choose another calendar for them first.',
      });
      const left = await app.database.db.select({ id: workCalendars.id }).from(workCalendars);
      expect(left.map((row) => row.id)).toEqual(expect.arrayContaining([id, other.id]));
    });

    it('refuses a calendar a project names in its CALENDAR field', async () => {
      const { id } = await create({ name: 'Do projeto' });
      const admin = actorOf({ id: adminId }, { isAdministrator: true });
      await buildItem(app.database.db, admin, {
        componentId: PROJECT,
        title: 'Usa',
        data: { calendario: id },
      });
      const response = await post('/api/workCalendar/deleteWorkCalendars', { ids: [id] });
      expect(response.statusCode).toBe(409);
      expect(response.json().Message).toBe(
        'O calendário "Do projeto" é usado por 0 recurso(s) e 1 projeto(s) e não pode ser excluído. Escolha outro calendário para eles antes.',
      );
    });

    it('ignores ids of calendars that are gone', async () => {
      expect((await post('/api/workCalendar/deleteWorkCalendars', { ids: [999998] })).statusCode).toBe(200);
    });
  });

  describe('national holidays and choices', () => {
    it("lists Brazil's national holidays of a year with their names, by date", async () => {
      const response = await get('/api/workCalendar/getNationalHolidays?year=2026');
      const days = response.json<Array<{ day: string; name: string }>>();
      expect(days).toHaveLength(13);
      expect(days).toContainEqual({ day: '2026-04-03', name: 'Sexta-feira Santa' });
      expect(days).toContainEqual({ day: '2026-02-17', name: 'Carnaval (terça-feira)' });
      expect(days).toContainEqual({ day: '2026-06-04', name: 'Corpus Christi' });
      expect(days.map((entry) => entry.day)).toEqual([...days.map((entry) => entry.day)].sort());
      const english = (await get('/api/workCalendar/getNationalHolidays?year=2023', adminToken, 'en')).json();
      expect(english).toContainEqual({ day: '2023-12-25', name: 'Christmas Day' });
      // 20 November became national in 2024.
      expect(english.map((entry: { day: string }) => entry.day)).not.toContain('2023-11-20');
      expect((await get('/api/workCalendar/getNationalHolidays?year=20260')).statusCode).toBe(400);
    });

    it('offers the calendars by name (id and name only), by text or by ids', async () => {
      const { id } = await create({ name: 'Escolhível 50%' });
      const search = await post('/api/genericItem/loadWorkCalendars', { search: 'olhível 50%' }, staffToken);
      expect(search.json()).toEqual({ calendars: [{ id, name: 'Escolhível 50%' }] });
      const byId = await post('/api/genericItem/loadWorkCalendars', { ids: [id] }, staffToken);
      expect(byId.json()).toEqual({ calendars: [{ id, name: 'Escolhível 50%' }] });
      const none = await post('/api/genericItem/loadWorkCalendars', { search: '%' }, staffToken);
      expect(none.json().calendars.every((entry: { name: string }) => entry.name.includes('%'))).toBe(true);
    });
  });

  describe("deadlines count on the project's calendar", () => {
    /** Tuesday 17 March 2026 is a holiday of this calendar only (the default counts it as a working day). */
    const createProject = async (calendarId: number | null) => {
      const admin = actorOf({ id: adminId }, { isAdministrator: true });
      return buildItem(app.database.db, admin, {
        componentId: PROJECT,
        title: 'Obra',
        data: calendarId === null ? {} : { calendario: calendarId },
      });
    };
    const newTask = (projectId: number, at: Date) =>
      app.database.db.transaction(async (tx) => {
        const saved = await saveItem(
          tx,
          actorOf({ id: adminId }, { isAdministrator: true }),
          { componentId: TASK, changes: { nome: 'Tarefa' }, create: { projectId } },
          { now: at },
        );
        return saved.row;
      });

    it('moves a due date over a holiday of the project calendar, when created and when entering a status', async () => {
      const { id: calendarId } = await create({
        name: 'Com feriado estadual',
        holidays: [{ day: '2026-03-17', name: 'Feriado estadual', scope: 'estadual', recurring: false }],
      });
      const withCalendar = await createProject(calendarId);
      const without = await createProject(null);

      // Monday 16 March 10:00 + 1 working day: Tuesday is the calendar's holiday → Wednesday 10:00.
      const onCalendar = await newTask(withCalendar.id, sp('2026-03-16T10:00'));
      expect(onCalendar.dueAt).toEqual(sp('2026-03-18T10:00'));
      const byDefault = await newTask(without.id, sp('2026-03-16T10:00'));
      expect(byDefault.dueAt).toEqual(sp('2026-03-17T10:00'));

      // Monday 17:00 + 2 working hours on 08–12/13–18: 1 h on Monday, Tuesday off, 1 h on Wednesday → 09:00.
      const [moved] = await app.database.db.transaction(async (tx) => [
        (
          await saveItem(
            tx,
            actorOf({ id: adminId }, { isAdministrator: true }),
            {
              componentId: TASK,
              itemId: onCalendar.id,
              version: onCalendar.version,
              changes: {},
              transition: { action: 'analisar' },
            },
            { now: sp('2026-03-16T17:00') },
          )
        ).row,
      ]);
      expect(moved!.dueAt).toEqual(sp('2026-03-18T09:00'));
      const [stored] = await app.database.db
        .select()
        .from(runtimeItems)
        .where(eq(runtimeItems.id, onCalendar.id));
      expect(stored!.dueAt).toEqual(sp('2026-03-18T09:00'));
    });

    it("counts a project item's own deadline on the calendar the project names", async () => {
      const { id: calendarId } = await create({
        name: 'Municipal recorrente',
        holidays: [{ day: '2025-03-17', name: 'Aniversário da cidade', scope: 'municipal', recurring: true }],
      });
      // The project component has no SLA: its own calendar is read but no deadline is written.
      const project = await createProject(calendarId);
      expect(project.dueAt).toBeNull();
      // A recurring holiday from 2025 on falls on 17 March 2026 too.
      const task = await newTask(project.id, sp('2026-03-16T10:00'));
      expect(task.dueAt).toEqual(sp('2026-03-18T10:00'));
      // The project calendar of the forms shades the same day off, with the weekend.
      const week = await loadProjectCalendar(
        app.database.db,
        actorOf({ id: adminId }, { isAdministrator: true }),
        { itemId: task.id, from: '2026-03-14', to: '2026-03-20' },
      );
      expect(week.nonWorkingDays).toEqual(['2026-03-14', '2026-03-15', '2026-03-17']);
    });

    it('refuses a project naming a calendar that does not exist', async () => {
      const admin = actorOf({ id: adminId }, { isAdministrator: true });
      await expect(
        buildItem(app.database.db, admin, {
          componentId: PROJECT,
          title: 'Sem',
          data: { calendario: 987654 },
        }),
      ).rejects.toMatchObject({ refusals: [expect.objectContaining({ field: 'calendario' })] });
    });

    it('counts on the default calendar when the named calendar is gone', async () => {
      const { id: calendarId } = await create({
        name: 'Apagado à força',
        holidays: [{ day: '2026-03-17', name: 'Feriado', scope: 'estadual', recurring: false }],
      });
      const project = await createProject(calendarId);
      // Deleted behind the administration's back (the call refuses a calendar in use).
      await app.database.db.delete(workCalendars).where(eq(workCalendars.id, calendarId));
      const task = await newTask(project.id, sp('2026-03-16T10:00'));
      expect(task.dueAt).toEqual(sp('2026-03-17T10:00'));
    });
  });
});
