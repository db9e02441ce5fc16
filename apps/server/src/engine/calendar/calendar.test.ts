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
import { runtimeComponents } from '../definitions/definitions.table.ts';
import { runtimeItems } from '../items/items.table.ts';

const BASE = 1_040;
const PROJECT = BASE + 1;
const INSPECTION = BASE + 3;
const SPAN_VIEW = 10_401;
const CREATED_VIEW = 10_402;
const NOW = new Date('2026-03-10T15:00:00.000Z');
const label = (pt: string, en: string) => ({ 'pt-BR': pt, en });

/** Inspections with a span (inicio → fim, fim not before inicio) on one view, and by creation date on another. */
function components(): ComponentDefinitionInput[] {
  const [project] = testComponents(BASE);
  return [
    project!,
    {
      id: INSPECTION,
      name: `Vistoria${BASE}`,
      label: label('Vistoria', 'Inspection'),
      pluralLabel: label('Vistorias', 'Inspections'),
      formattedIdPattern: 'VIS-{SEQ:4}',
      fields: [
        { key: 'inicio', type: 'DATE_TIME', label: label('Início', 'Start') },
        { key: 'fim', type: 'DATE_TIME', label: label('Fim', 'End') },
      ],
      rules: [
        {
          id: 'fimDepoisDoInicio',
          kind: 'validation',
          field: 'fim',
          expression: '$not($exists(fim)) or fim >= inicio',
          message: label('O fim não pode ser antes do início', 'The end cannot be before the start'),
        },
      ],
      calendarViews: [
        { id: SPAN_VIEW, name: label('Vistorias', 'Inspections'), startField: 'inicio', endField: 'fim' },
        {
          id: CREATED_VIEW,
          name: label('Abertas em', 'Opened on'),
          startField: 'CreationDate',
          color: '#6A1B9A',
        },
      ],
    },
  ];
}

type Who = 'owner' | 'stranger' | 'admin';
let app: FastifyInstance;
let people: Record<Who, Person>;
let applicationId: number;
const ids = {} as Record<'march' | 'may' | 'hidden', number>;

beforeAll(async () => {
  app = await buildTestApp({ now: () => NOW });
  await app.ready();
  const db = app.database.db;
  people = await buildPeople(app, ['owner', 'stranger', 'admin'] as const, {
    admin: { isAdministrator: true },
  });
  await buildComponents(app, BASE, { components: components() });
  const [component] = await db
    .select({ applicationId: runtimeComponents.applicationId })
    .from(runtimeComponents)
    .where(eq(runtimeComponents.id, INSPECTION));
  applicationId = component!.applicationId;
  const admin = actorOf(people.admin, { isAdministrator: true });
  const project = async (title: string) => (await buildItem(db, admin, { componentId: PROJECT, title })).id;
  const mine = await project('Rodovia SP-1');
  const theirs = await project('Rodovia SP-2');
  await grantProjectAccess(db, mine, [{ userId: people.owner.id }]);
  await grantProjectAccess(db, theirs, [{ userId: people.stranger.id }]);
  const inspection = async (projectId: number, title: string, inicio: string, fim: string) =>
    (await buildItem(db, admin, { componentId: INSPECTION, projectId, title, data: { inicio, fim } })).id;
  ids.march = await inspection(
    mine,
    'Vistoria km 12',
    '2026-03-05T13:00:00.000Z',
    '2026-03-05T16:00:00.000Z',
  );
  ids.may = await inspection(mine, 'Vistoria km 40', '2026-05-05T13:00:00.000Z', '2026-05-05T16:00:00.000Z');
  ids.hidden = await inspection(
    theirs,
    'Vistoria alheia',
    '2026-03-06T13:00:00.000Z',
    '2026-03-06T14:00:00.000Z',
  );
});
afterAll(() => app.close());

const headers = (who: Who) => ({ ...bearer(people[who].token), 'accept-language': 'pt-BR' });
const load = (who: Who, from: string, to: string) =>
  app.inject({
    method: 'GET',
    url: '/api/genericItem/loadAppCalendar',
    query: { applicationId: String(applicationId), from, to },
    headers: headers(who),
  });
const move = (who: Who, body: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/api/genericItem/moveCalendarEntry',
    payload: body,
    headers: headers(who),
  });
const versionOf = async (itemId: number) =>
  (await app.database.db.select().from(runtimeItems).where(eq(runtimeItems.id, itemId)))[0]!;

describe('the application calendar', () => {
  it("answers the application's views and the visible items each places within the range", async () => {
    const response = await load('owner', '2026-03-01', '2026-04-11');
    expect(response.statusCode, response.body).toBe(200);
    const calendar = response.json();
    expect(calendar.views).toEqual([
      { viewId: SPAN_VIEW, name: 'Vistorias', componentId: INSPECTION, movable: true },
      { viewId: CREATED_VIEW, name: 'Abertas em', componentId: INSPECTION, color: '#6A1B9A', movable: false },
    ]);
    const spans = calendar.entries.filter((entry: { viewId: number }) => entry.viewId === SPAN_VIEW);
    // May is outside the range; the other project's inspection is not the owner's to see.
    expect(spans).toEqual([
      expect.objectContaining({
        itemId: ids.march,
        title: 'Vistoria km 12',
        start: '2026-03-05T13:00:00.000Z',
        end: '2026-03-05T16:00:00.000Z',
        version: 1,
      }),
    ]);
    // The creation-date view places both of the owner's inspections on the day they were made (the factory
    // creates them at the clock's time, not the app's NOW).
    const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    const created = (await load('owner', today, today)).json().entries;
    expect(created.map((entry: { itemId: number }) => entry.itemId).sort()).toEqual(
      [ids.march, ids.may].sort(),
    );
    expect(created[0]).toMatchObject({ viewId: CREATED_VIEW, color: '#6A1B9A' });
  });

  it('refuses a range over six weeks naming `to`', async () => {
    const response = await load('owner', '2026-03-01', '2026-05-01');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('to');
  });

  it('moves an entry through the one save: new dates, a new version, 409 when stale', async () => {
    const before = await versionOf(ids.march);
    const moved = await move('owner', {
      viewId: SPAN_VIEW,
      itemId: ids.march,
      version: before.version,
      start: '2026-03-12T13:00:00.000Z',
      end: '2026-03-12T17:00:00.000Z',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().version).toBe(before.version + 1);
    const after = await versionOf(ids.march);
    expect(after.data).toMatchObject({ inicio: '2026-03-12T13:00:00.000Z', fim: '2026-03-12T17:00:00.000Z' });
    const stale = await move('owner', {
      viewId: SPAN_VIEW,
      itemId: ids.march,
      version: before.version,
      start: '2026-03-13T13:00:00.000Z',
    });
    expect(stale.statusCode).toBe(409);
    expect((await versionOf(ids.march)).data).toMatchObject({ inicio: '2026-03-12T13:00:00.000Z' });
  });

  it('refuses a move the form would refuse, naming the field, and keeps what was saved', async () => {
    const { version } = await versionOf(ids.march);
    const refused = await move('owner', {
      viewId: SPAN_VIEW,
      itemId: ids.march,
      version,
      start: '2026-03-20T13:00:00.000Z',
      end: '2026-03-19T13:00:00.000Z',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('O fim não pode ser antes do início');
    expect((await versionOf(ids.march)).version).toBe(version);
  });

  it('refuses moving a system date, and answers 404 for an item or view the caller may not see', async () => {
    const { version } = await versionOf(ids.march);
    const system = await move('owner', {
      viewId: CREATED_VIEW,
      itemId: ids.march,
      version,
      start: NOW.toISOString(),
    });
    expect(system.statusCode).toBe(400);
    expect(system.body).toContain('CreationDate');
    const hidden = await versionOf(ids.hidden);
    const notTheirs = await move('owner', {
      viewId: SPAN_VIEW,
      itemId: ids.hidden,
      version: hidden.version,
      start: '2026-03-07T13:00:00.000Z',
    });
    expect(notTheirs.statusCode).toBe(404);
    expect((await versionOf(ids.hidden)).data).toMatchObject({ inicio: '2026-03-06T13:00:00.000Z' });
    const unknownView = await move('owner', {
      viewId: 999_999,
      itemId: ids.march,
      version,
      start: NOW.toISOString(),
    });
    expect(unknownView.statusCode).toBe(404);
  });
});
