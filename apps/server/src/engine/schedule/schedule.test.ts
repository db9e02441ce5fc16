import type { ComponentDefinitionInput } from '@der/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { SaxesParser } from 'saxes';
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
import { runtimeItems } from '../items/items.table.ts';

const BASE = 6_200;
const PROJECT = BASE + 1;
const ACTIVITY = BASE + 3;
const TASK = BASE + 4;
const VIEW = 62_001;
const NOW = new Date('2026-03-10T15:00:00.000Z');
const label = (pt: string, en: string) => ({ 'pt-BR': pt, en });
const day = (n: number) => new Date(Date.UTC(2026, 2, n, 12)).toISOString();

/** Activities with planned dates, progress and predecessors (a field too), and tasks hanging on them by a due date. */
function components(): ComponentDefinitionInput[] {
  const [project] = testComponents(BASE);
  return [
    project!,
    {
      id: ACTIVITY,
      name: `Atividade${BASE}`,
      label: label('Atividade', 'Activity'),
      pluralLabel: label('Atividades', 'Activities'),
      formattedIdPattern: 'ATV-{SEQ:3}',
      fields: [
        { key: 'eap', type: 'STRING', label: label('EAP', 'WBS') },
        { key: 'inicio', type: 'DATE_TIME', label: label('Início', 'Start') },
        { key: 'fim', type: 'DATE_TIME', label: label('Fim', 'End') },
        { key: 'feito', type: 'PERCENTILE', label: label('Feito', 'Done'), minimum: 0, maximum: 100 },
        {
          key: 'antes',
          type: 'GENERIC_ITEM_TYPE',
          label: label('Predecessoras', 'Predecessors'),
          targetComponentId: ACTIVITY,
          multiple: true,
        },
      ],
      forms: [
        {
          id: 62_011,
          name: label('Atividade', 'Activity'),
          layout: [{ type: 'textbox', field: 'Title', columnSpan: 12 }],
        },
      ],
      queries: [
        { id: 62_021, name: label('Por EAP', 'By WBS'), sort: [{ field: 'eap', sortDirection: 'asc' }] },
      ],
      scheduleViews: [
        {
          id: VIEW,
          name: label('Cronograma', 'Schedule'),
          startField: 'inicio',
          endField: 'fim',
          progressField: 'feito',
          predecessorsField: 'antes',
          queryId: 62_021,
        },
      ],
      rules: [
        {
          id: 'fimAposInicio',
          kind: 'validation',
          field: 'fim',
          expression: 'fim >= inicio',
          message: label('O fim deve ser posterior ao início', 'The end must follow the start'),
        },
      ],
    },
    {
      id: TASK,
      name: `Tarefa${BASE}`,
      label: label('Tarefa', 'Task'),
      pluralLabel: label('Tarefas', 'Tasks'),
      formattedIdPattern: 'TAR-{SEQ:3}',
      fields: [
        {
          key: 'atividade',
          type: 'GENERIC_ITEM_TYPE',
          label: label('Atividade', 'Activity'),
          targetComponentId: ACTIVITY,
        },
        { key: 'prazo', type: 'DATE_TIME', label: label('Prazo', 'Due') },
      ],
      calendarViews: [{ id: 62_031, name: label('Prazos', 'Due dates'), startField: 'prazo' }],
    },
  ];
}

type Who = 'owner' | 'reader' | 'stranger' | 'admin';
let app: FastifyInstance;
let people: Record<Who, Person>;
const ids = {} as Record<
  'mine' | 'theirs' | 'design' | 'build' | 'paint' | 'survey' | 'hidden' | 'task' | 'cycleA' | 'cycleB',
  number
>;

beforeAll(async () => {
  app = await buildTestApp({ now: () => NOW });
  await app.ready();
  const db = app.database.db;
  people = await buildPeople(app, ['owner', 'reader', 'stranger', 'admin'] as const, {
    admin: { isAdministrator: true },
  });
  await buildComponents(app, BASE, { components: components() });
  const admin = actorOf(people.admin, { isAdministrator: true });
  const project = async (title: string) => (await buildItem(db, admin, { componentId: PROJECT, title })).id;
  ids.mine = await project('Rodovia A');
  ids.theirs = await project('Rodovia B');
  await grantProjectAccess(db, ids.mine, [
    { userId: people.owner.id },
    { userId: people.reader.id, readOnly: true },
  ]);
  await grantProjectAccess(db, ids.theirs, [{ userId: people.stranger.id }]);
  const activity = async (
    projectId: number,
    title: string,
    eap: string,
    from: number,
    to: number,
    extra = {},
  ) =>
    (
      await buildItem(db, admin, {
        componentId: ACTIVITY,
        projectId,
        title,
        data: { eap, inicio: day(from), fim: day(to), ...extra },
      })
    ).id;
  // design (1–5) → build (5–15) → paint (15–18); survey (2–4) → paint: survey has float.
  ids.design = await activity(ids.mine, 'Projeto', '1.1', 1, 5, { feito: 100 });
  ids.build = await activity(ids.mine, 'Obra', '1.2', 5, 15, { feito: 40 });
  ids.survey = await activity(ids.mine, 'Sondagem', '1.10', 2, 4);
  ids.paint = await activity(ids.mine, 'Pintura', '2.1', 15, 18, { antes: [] });
  ids.hidden = await activity(ids.theirs, 'Alheia', '1.1', 1, 3);
  ids.task = (
    await buildItem(db, admin, {
      componentId: TASK,
      projectId: ids.mine,
      title: 'Vistoria',
      data: { atividade: ids.build, prazo: day(12) },
    })
  ).id;
  // The forms' predecessor component keeps links; the view's predecessors field names one more.
  for (const [itemId, predecessorIds] of [
    [ids.build, [ids.design]],
    [ids.paint, [ids.build]],
  ] as const) {
    const saved = await post('savePredecessorActivities', 'admin', { itemId, predecessorIds });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  const [paint] = await db.select().from(runtimeItems).where(eq(runtimeItems.id, ids.paint));
  await db
    .update(runtimeItems)
    .set({ data: { ...paint!.data, antes: [ids.survey] } })
    .where(eq(runtimeItems.id, ids.paint));
});
afterAll(() => app.close());

const headers = (who: Who, language = 'pt-BR') => ({
  ...bearer(people[who].token),
  'accept-language': language,
});
function post(route: string, who: Who, payload: Record<string, unknown>, language = 'pt-BR') {
  return app.inject({
    method: 'POST',
    url: `/api/genericItem/${route}`,
    payload,
    headers: headers(who, language),
  });
}
const load = (who: Who, body: Record<string, unknown>, language = 'pt-BR') =>
  post('getAllActivitiesToEAP', who, { viewId: VIEW, ...body }, language);
const rowOf = async (itemId: number) =>
  (await app.database.db.select().from(runtimeItems).where(eq(runtimeItems.id, itemId)))[0]!;

interface Row {
  itemId: number;
  wbs: string;
  kind: string;
  parentId: number | null;
  critical: boolean;
  totalFloatHours: number;
  progress: number | null;
  milestone: boolean;
  movable: boolean;
  start: string;
  end: string;
  version: number;
}

describe('getAllActivitiesToEAP', () => {
  it("answers the project's activities in WBS order, the tasks under them, the links and the critical path", async () => {
    const response = await load('owner', { projectId: ids.mine });
    expect(response.statusCode, response.body).toBe(200);
    const schedule = response.json();
    expect(schedule).toMatchObject({
      viewId: VIEW,
      name: 'Cronograma',
      componentId: ACTIVITY,
      project: { id: ids.mine, title: 'Rodovia A' },
      capped: false,
      criticalPath: { status: 'computed', projectStart: day(1), projectFinish: day(18) },
    });
    // The owner sees only their project in the selector.
    expect(schedule.projects.map((project: { id: number }) => project.id)).toEqual([ids.mine]);
    const rows: Row[] = schedule.items;
    // Numeric WBS order: 1.2 before 1.10; the task right under its activity.
    expect(rows.map((row) => [row.itemId, row.wbs, row.kind])).toEqual([
      [ids.design, '1.1', 'activity'],
      [ids.build, '1.2', 'activity'],
      [ids.task, '1.2.1', 'task'],
      [ids.survey, '1.10', 'activity'],
      [ids.paint, '2.1', 'activity'],
    ]);
    const byId = new Map(rows.map((row) => [row.itemId, row]));
    expect(byId.get(ids.task)).toMatchObject({
      parentId: ids.build,
      milestone: true,
      start: day(12),
      end: day(12),
    });
    expect(byId.get(ids.design)).toMatchObject({
      progress: 100,
      critical: true,
      totalFloatHours: 0,
      movable: true,
    });
    expect(byId.get(ids.build)).toMatchObject({ progress: 40, critical: true });
    expect(byId.get(ids.paint)).toMatchObject({ critical: true });
    // Survey ends on day 4 while paint waits for build until day 15: 11 days of float.
    expect(byId.get(ids.survey)).toMatchObject({ critical: false, totalFloatHours: 11 * 24 });
    expect(byId.get(ids.task)).toMatchObject({ critical: false, totalFloatHours: 6 * 24 });
    expect(schedule.links).toEqual(
      expect.arrayContaining([
        { from: ids.design, to: ids.build, critical: true },
        { from: ids.build, to: ids.paint, critical: true },
        { from: ids.survey, to: ids.paint, critical: false },
      ]),
    );
    expect(schedule.links).toHaveLength(3);
  });

  it('defaults to the first project the caller sees that holds activities', async () => {
    const response = await load('stranger', {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().project).toMatchObject({ id: ids.theirs });
    expect(response.json().items.map((row: Row) => row.itemId)).toEqual([ids.hidden]);
  });

  it("refuses another project's schedule the caller has no grant on, and an unknown view (404)", async () => {
    expect((await load('owner', { projectId: ids.theirs })).statusCode).toBe(404);
    expect((await load('stranger', { projectId: ids.mine })).statusCode).toBe(404);
    expect((await load('owner', { projectId: ids.design })).statusCode).toBe(404);
    expect((await load('owner', { viewId: 999_999, projectId: ids.mine })).statusCode).toBe(404);
    const download = await app.inject({
      method: 'GET',
      url: '/api/genericItem/exportScheduleExcel',
      query: { viewId: String(VIEW), projectId: String(ids.mine) },
      headers: headers('stranger'),
    });
    expect(download.statusCode).toBe(404);
  });

  it('answers 404 for a view of an application the caller was not granted', async () => {
    const [outsider] = Object.values(
      await buildPeople(app, ['outsider'] as const, { outsider: { grantFixtureApplications: false } }),
    );
    const response = await app.inject({
      method: 'POST',
      url: '/api/genericItem/getAllActivitiesToEAP',
      payload: { viewId: VIEW },
      headers: bearer(outsider!.token),
    });
    expect(response.statusCode).toBe(404);
  });

  it('shows a read-only member the schedule with nothing movable', async () => {
    const response = await load('reader', { projectId: ids.mine });
    expect(response.statusCode).toBe(200);
    expect(response.json().items.every((row: Row) => row.movable === false)).toBe(true);
  });

  it('names a cycle among the predecessors instead of failing, and MS Project refuses it', async () => {
    const db = app.database.db;
    const admin = actorOf(people.admin, { isAdministrator: true });
    const project = (await buildItem(db, admin, { componentId: PROJECT, title: 'Rodovia C' })).id;
    const a = await buildItem(db, admin, {
      componentId: ACTIVITY,
      projectId: project,
      title: 'A',
      data: { eap: '1', inicio: day(1), fim: day(2) },
    });
    const b = await buildItem(db, admin, {
      componentId: ACTIVITY,
      projectId: project,
      title: 'B',
      data: { eap: '2', inicio: day(2), fim: day(3), antes: [a.id] },
    });
    // The predecessors field is not checked for cycles (the predecessor links are): a cycle can be stored.
    await db
      .update(runtimeItems)
      .set({ data: { ...a.data, antes: [b.id] } })
      .where(eq(runtimeItems.id, a.id));
    const response = await load('admin', { projectId: project });
    expect(response.statusCode, response.body).toBe(200);
    const { criticalPath, items } = response.json();
    expect(criticalPath.status).toBe('cycle');
    expect([...criticalPath.cycle].sort()).toEqual([a.formattedId, b.formattedId].sort());
    expect(criticalPath.message).toContain('As predecessoras formam um ciclo');
    expect(items).toHaveLength(2);
    const english = await load('admin', { projectId: project }, 'en');
    expect(english.json().criticalPath.message).toContain('The predecessors form a cycle');
    const xml = await app.inject({
      method: 'GET',
      url: '/api/genericItem/exportScheduleMsProject',
      query: { viewId: String(VIEW), projectId: String(project) },
      headers: headers('admin'),
    });
    expect(xml.statusCode).toBe(400);
    expect(xml.body).toContain('O MS Project não abre predecessoras em ciclo');
  });
});

describe('rescheduleItem', () => {
  const move = (who: Who, body: Record<string, unknown>, language = 'pt-BR') =>
    post('rescheduleItem', who, { viewId: VIEW, ...body }, language);

  it('moves an activity through the one save: new dates, a new version, 409 when stale', async () => {
    const before = await rowOf(ids.survey);
    const moved = await move('owner', {
      itemId: ids.survey,
      version: before.version,
      start: day(6),
      end: day(9),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().version).toBe(before.version + 1);
    expect((await rowOf(ids.survey)).data).toMatchObject({ inicio: day(6), fim: day(9) });
    const stale = await move('owner', {
      itemId: ids.survey,
      version: before.version,
      start: day(7),
      end: day(9),
    });
    expect(stale.statusCode).toBe(409);
    expect((await rowOf(ids.survey)).data).toMatchObject({ inicio: day(6) });
    // The schedule reads the new dates and recomputes the float: survey now ends on day 9.
    const rows: Row[] = (await load('owner', { projectId: ids.mine })).json().items;
    expect(rows.find((row) => row.itemId === ids.survey)).toMatchObject({
      start: day(6),
      totalFloatHours: 6 * 24,
    });
  });

  it("refuses what the form refuses (the component's rule), naming the field, in the caller's language", async () => {
    const { version } = await rowOf(ids.build);
    const refused = await move('owner', { itemId: ids.build, version, start: day(10), end: day(8) }, 'en');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('The end must follow the start');
    expect((await rowOf(ids.build)).version).toBe(version);
  });

  it('moves a task by its due date (a milestone)', async () => {
    const { version } = await rowOf(ids.task);
    const moved = await move('owner', { itemId: ids.task, version, start: day(13), end: day(13) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await rowOf(ids.task)).data).toMatchObject({ prazo: day(13), atividade: ids.build });
  });

  it('refuses a read-only member (403), an item they do not see (404), and an item not on the schedule (400)', async () => {
    const { version } = await rowOf(ids.design);
    const readOnly = await move('reader', { itemId: ids.design, version, start: day(2), end: day(5) });
    expect(readOnly.statusCode).toBe(403);
    expect((await rowOf(ids.design)).version).toBe(version);
    const hidden = await rowOf(ids.hidden);
    const notTheirs = await move('owner', {
      itemId: ids.hidden,
      version: hidden.version,
      start: day(2),
      end: day(3),
    });
    expect(notTheirs.statusCode).toBe(404);
    const project = await rowOf(ids.mine);
    const notOnIt = await move('admin', {
      itemId: ids.mine,
      version: project.version,
      start: day(2),
      end: day(3),
    });
    expect(notOnIt.statusCode).toBe(400);
    expect(notOnIt.body).toContain('Este item não está neste cronograma');
    const unknownView = await move('owner', {
      viewId: 999_999,
      itemId: ids.design,
      version,
      start: day(2),
      end: day(5),
    });
    expect(unknownView.statusCode).toBe(404);
  });
});

describe('exportScheduleExcel', () => {
  const download = (route: string, who: Who, projectId: number) =>
    app.inject({
      method: 'GET',
      url: `/api/genericItem/${route}`,
      query: { viewId: String(VIEW), projectId: String(projectId) },
      headers: headers(who),
    });

  it('exports the schedule as .xlsx: a row per activity and task, predecessors and critical flags', async () => {
    const response = await download('exportScheduleExcel', 'owner', ids.mine);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain('.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(values(1)).toEqual([
      'EAP',
      'Identificador',
      'Nome',
      'Tipo',
      'Início',
      'Término',
      'Duração (dias)',
      'Concluído (%)',
      'Predecessoras',
      'Crítica',
      'Folga total (dias)',
      'Situação',
    ]);
    expect(sheet.rowCount).toBe(6);
    const paint = values(6);
    expect(paint.slice(0, 4)).toEqual(['2.1', (await rowOf(ids.paint)).formattedId, 'Pintura', 'Atividade']);
    expect(String(paint[8])).toContain((await rowOf(ids.build)).formattedId);
    expect(paint[9]).toBe('Sim');
    // São Paulo wall clock: 12:00 UTC is 09:00 there.
    expect((paint[4] as Date).toISOString()).toBe('2026-03-15T09:00:00.000Z');
  });

  it('exports MS Project XML that parses, with the tasks, outline levels and finish-to-start links', async () => {
    const response = await download('exportScheduleMsProject', 'owner', ids.mine);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain('.xml');
    const tasks: Array<Record<string, string | string[]>> = [];
    let current: Record<string, string | string[]> | null = null;
    let path: string[] = [];
    let rootNamespace = '';
    const parser = new SaxesParser({ xmlns: true });
    parser.on('opentag', (tag) => {
      if (path.length === 0) rootNamespace = tag.uri;
      path.push(tag.local);
      if (tag.local === 'Task') current = { PredecessorUID: [] };
    });
    parser.on('text', (text) => {
      const name = path.at(-1)!;
      if (!current || !text.trim()) return;
      if (name === 'PredecessorUID') (current.PredecessorUID as string[]).push(text);
      else if (name === 'Type' && path.at(-2) === 'PredecessorLink') current.LinkType = text;
      else if (path.at(-2) === 'Task') current[name] = text;
    });
    parser.on('closetag', (tag) => {
      path.pop();
      if (tag.local === 'Task' && current) {
        tasks.push(current);
        current = null;
      }
    });
    parser.write(response.body).close();
    path = [];
    expect(rootNamespace).toBe('http://schemas.microsoft.com/project');
    // Task 0 is the project summary; then one per row, in WBS order.
    expect(tasks).toHaveLength(6);
    const byName = (title: string) => tasks.find((task) => String(task.Name).endsWith(title))!;
    const build = byName('Obra');
    const paint = byName('Pintura');
    const survey = byName('Sondagem');
    expect(build).toMatchObject({
      OutlineLevel: '1',
      WBS: '1.2',
      Summary: '1',
      Manual: '1',
      PercentComplete: '40',
    });
    expect(byName('Vistoria')).toMatchObject({
      OutlineLevel: '2',
      WBS: '1.2.1',
      Milestone: '1',
      Duration: 'PT0H0M0S',
    });
    expect(paint).toMatchObject({
      Duration: 'PT72H0M0S',
      Start: '2026-03-15T09:00:00',
      Critical: '1',
      LinkType: '1',
    });
    expect([...(paint.PredecessorUID as string[])].sort()).toEqual([build.UID, survey.UID].sort());
  });
});
