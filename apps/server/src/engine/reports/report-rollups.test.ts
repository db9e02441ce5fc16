import { type ComponentDefinitionInput, ComponentDefinitionSchema, type ReportResult } from '@der/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { registerFixtureApplication } from '../../../test/factories/fixture-applications.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';
import { createItem, updateItem } from '../items/items.service.ts';
import { runtimeItems } from '../items/items.table.ts';
import { runtimeProjectPermissions } from '../projects/project-permissions.table.ts';
import { readyRollup } from './report-rollup-build.ts';
import { rollupPlan } from './report-rollup-plan.ts';

const BASE = 1870;
const PROJECT = BASE + 1;
const IDS = { rollup: BASE + 10, scan: BASE + 11, byYear: BASE + 12 };
const t = (text: string) => ({ 'pt-BR': text, en: text });
const byStatusAndMonth = [
  { field: 'StatusName', by: 'value' as const },
  { field: 'pagoEm', by: 'month' as const },
];
const countSumAverage = [
  { aggregate: 'count' as const },
  { aggregate: 'sum' as const, field: 'valor' },
  { aggregate: 'avg' as const, field: 'valor' },
];

const component: ComponentDefinitionInput = {
  id: BASE,
  name: `PedidoRollup${BASE}`,
  label: t('Pedido'),
  pluralLabel: t('Pedidos'),
  formattedIdPattern: 'PRR-{SEQ:5}',
  fields: [
    { key: 'valor', type: 'CURRENCY', label: t('Valor') },
    { key: 'pagoEm', type: 'DATE_TIME', label: t('Pago em'), indexed: true },
  ],
  workflow: {
    statuses: [
      { key: 'aberto', name: t('Aberto'), initial: true },
      { key: 'pago', name: t('Pago'), final: true },
    ],
    actions: [],
  },
  // The fee is hidden from external users while the request is open.
  fieldAccess: { statuses: [{ status: 'aberto', hidden: [{ roles: ['external'], fields: ['valor'] }] }] },
  reports: [
    {
      id: IDS.rollup,
      name: t('Por situação e mês'),
      parameters: [{ key: 'periodo', label: t('Período'), type: 'dateRange', field: 'pagoEm' }],
      groupBy: byStatusAndMonth,
      measures: countSumAverage,
      chart: 'bar',
    },
    {
      // The same numbers, plus a minimum: a rollup cannot take a minimum back, so this report always scans.
      id: IDS.scan,
      name: t('Por situação e mês, com mínimo'),
      groupBy: byStatusAndMonth,
      measures: [...countSumAverage, { aggregate: 'min', field: 'valor' }],
      chart: 'bar',
    },
    {
      id: IDS.byYear,
      name: t('Por ano'),
      groupBy: [{ field: 'pagoEm', by: 'year' }],
      measures: [{ aggregate: 'sum', field: 'valor' }],
      chart: 'bar',
    },
  ],
};

/** The groups by status and São Paulo month of the items `where` selects, in an SQL of its own. */
async function independent(app: FastifyInstance, where: SQL, hideOpenValues = false) {
  const value = hideOpenValues
    ? sql`case when status = 'aberto' then null else (data->>'valor')::numeric end`
    : sql`(data->>'valor')::numeric`;
  const result = (await app.database.db.execute(sql`
    select status, to_char(((data->>'pagoEm')::timestamptz) at time zone 'America/Sao_Paulo', 'YYYY-MM') as month,
      count(*)::int as n, sum(${value})::float8 as total, avg(${value})::float8 as average
    from runtime_items where component_id = ${BASE} and ${where}
    group by 1, 2 order by 1, 2 nulls last`)) as unknown as {
    rows: Array<{
      status: string;
      month: string | null;
      n: number;
      total: number | null;
      average: number | null;
    }>;
  };
  return result.rows.map((row) => [
    row.status,
    row.month,
    row.n,
    row.total === null ? null : expect.closeTo(row.total, 6),
    row.average === null ? null : expect.closeTo(row.average, 6),
  ]);
}

const rowsOf = (result: ReportResult) =>
  result.groups.map((group) => [group.keys[0]!.value, group.keys[1]!.value, ...group.values.slice(0, 3)]);

describe('report rollups (issue 18: reports over a million items)', () => {
  let app: FastifyInstance;
  let admin: { id: number; token: string };
  let member: { id: number; token: string };
  let requerente: { id: number; token: string };
  let projects: number[];
  let sequence = 0;

  const run = async (token: string, reportId: number, parameters: object = {}) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/report/runReport',
      headers: { ...bearer(token), 'accept-language': 'en' },
      payload: { reportId, parameters },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ReportResult>();
  };
  const specOf = async (reportId: number) =>
    (
      (await app.database.db.execute(
        sql`select id, covered_below from runtime_report_rollup_specs where report_id = ${reportId}`,
      )) as unknown as { rows: Array<{ id: number; covered_below: string | null }> }
    ).rows;

  /** Items written straight into runtime_items, as bulk loads and imports do: the triggers must see them. */
  const insertItems = async (count: number, creatorId: number) => {
    const rows = Array.from({ length: count }, () => {
      sequence += 1;
      const month = sequence % 5;
      return {
        componentId: BASE,
        projectId: projects[sequence % 2]!,
        formattedId: `PRR-${sequence}`,
        title: `Pedido ${sequence}`,
        status: sequence % 3 === 0 ? 'aberto' : 'pago',
        creatorId,
        data: {
          valor: Math.round((sequence * 37.3) % 1000) / 100 + 10,
          // Some at 01:30 UTC on the 1st: still the previous month in São Paulo.
          ...(sequence % 13 === 0
            ? {}
            : {
                pagoEm: new Date(
                  Date.UTC(2026, month, 1 + (sequence % 2) * 14, sequence % 4 === 0 ? 1 : 15, 30),
                ).toISOString(),
              }),
        },
      };
    });
    await app.database.db.insert(runtimeItems).values(rows);
  };

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    const db = app.database.db;
    const imported = await app.services.definitions.importDefinition(
      {
        schemaVersion: 1,
        key: `relatorio-rollup-${BASE}`,
        version: 1,
        name: 'Relatório rollup',
        components: [
          {
            id: PROJECT,
            name: `ProjetoRollup${BASE}`,
            label: t('Projeto'),
            pluralLabel: t('Projetos'),
            formattedIdPattern: 'PJR-{SEQ:3}',
            isProject: true,
            fields: [],
          },
          component,
        ],
      },
      { userId: null },
    );
    await registerFixtureApplication(db, imported.applicationId);
    const users = await Promise.all([
      buildUser(db, { isAdministrator: true }),
      buildUser(db, { kind: 'staff', name: 'Membro' }),
      buildUser(db, { kind: 'requerente', name: 'Requerente' }),
    ]);
    const tokens = await Promise.all(users.map((user) => signIn(app, user)));
    [admin, member, requerente] = users.map((user, index) => ({ id: user.id, token: tokens[index]! })) as [
      typeof admin,
      typeof admin,
      typeof admin,
    ];
    projects = (
      await db
        .insert(runtimeItems)
        .values(
          ['PJR-001', 'PJR-002'].map((formattedId) => ({
            componentId: PROJECT,
            formattedId,
            title: formattedId,
          })),
        )
        .returning({ id: runtimeItems.id })
    ).map((row) => row.id);
    // The member sees the first project's items only.
    await db.insert(runtimeProjectPermissions).values({ projectId: projects[0]!, userId: member.id });
    await insertItems(120, admin.id);
    await insertItems(60, requerente.id);
  });
  afterAll(() => app.close());

  it('answers from the rollup the numbers of an independent SQL, and the scan of the same report agrees', async () => {
    expect(await specOf(IDS.rollup)).toEqual([]);
    const fromRollup = await run(admin.token, IDS.rollup);
    const [spec] = await specOf(IDS.rollup);
    expect(spec?.covered_below).toBeNull();
    const fromScan = await run(admin.token, IDS.scan);
    expect(await specOf(IDS.scan)).toEqual([]);
    const expected = await independent(app, sql`true`);
    expect(rowsOf(fromRollup)).toEqual(expected);
    expect(rowsOf(fromScan)).toEqual(expected);
    expect(fromRollup.totals[0]).toBe(180);
    expect(fromRollup.totals[1]).toBeCloseTo(fromScan.totals[1]!, 6);
    expect(fromRollup.totals[2]).toBeCloseTo(fromScan.totals[2]!, 6);
  });

  it('keeps counting after inserts, updates and deletes by any writer (no drift)', async () => {
    await run(admin.token, IDS.rollup);
    const db = app.database.db;
    await insertItems(25, requerente.id);
    await db.execute(
      sql`update runtime_items set status = 'pago', data = data || '{"valor": 99.99}'::jsonb where component_id = ${BASE} and status = 'aberto' and id % 4 = 0`,
    );
    await db.execute(
      sql`update runtime_items set data = data - 'pagoEm' where component_id = ${BASE} and id % 7 = 0`,
    );
    await db.execute(sql`delete from runtime_items where component_id = ${BASE} and id % 9 = 0`);
    // And through the one save path of the product: a new item, then a change of its fee and payment month.
    const actor = { userId: admin.id, isAdministrator: true, language: 'pt-BR' as const };
    const created = await createItem(db, actor, {
      componentId: BASE,
      title: 'Pelo caminho de gravação',
      projectId: projects[0]!,
      data: { valor: 321.09, pagoEm: '2026-03-10T12:00:00.000Z' },
    });
    await updateItem(db, actor, {
      itemId: created.id,
      componentId: BASE,
      version: created.version,
      changes: { valor: 456.78, pagoEm: '2026-04-10T12:00:00.000Z' },
    });
    const [before] = await specOf(IDS.rollup);
    const after = await run(admin.token, IDS.rollup);
    expect((await specOf(IDS.rollup))[0]?.id).toBe(before?.id);
    expect(rowsOf(after)).toEqual(await independent(app, sql`true`));
    expect(rowsOf(await run(admin.token, IDS.scan))).toEqual(rowsOf(after));
  });

  it('applies visibility and hidden fields to the rollup: a member and a requerente see only their items', async () => {
    const asMember = await run(member.token, IDS.rollup);
    expect(rowsOf(asMember)).toEqual(await independent(app, sql`project_id = ${projects[0]!}`));
    expect(rowsOf(await run(member.token, IDS.scan))).toEqual(rowsOf(asMember));
    // The requerente sees their own requests, and no fee of an open one (hidden from external users).
    const asRequerente = await run(requerente.token, IDS.rollup);
    const own = await independent(app, sql`creator_id = ${requerente.id}`, true);
    expect(rowsOf(asRequerente)).toEqual(own);
    expect(asRequerente.groups.some((group) => group.keys[0]!.value === 'aberto')).toBe(true);
    for (const group of asRequerente.groups.filter((entry) => entry.keys[0]!.value === 'aberto'))
      expect(group.values.slice(1)).toEqual([null, null]);
    expect(rowsOf(await run(requerente.token, IDS.scan))).toEqual(own);
  });

  it('a rollup that cannot read a changed item is dropped, never failing the write, and built again', async () => {
    await run(admin.token, IDS.rollup);
    const [before] = await specOf(IDS.rollup);
    const db = app.database.db;
    // A value its stored statement cannot cast (as after a field changed type): the write still succeeds.
    await db.execute(
      sql`update runtime_items set data = data || '{"valor": "não é número"}'::jsonb where component_id = ${BASE} and id = (select max(id) from runtime_items where component_id = ${BASE})`,
    );
    expect(await specOf(IDS.rollup)).toEqual([]);
    await db.execute(
      sql`update runtime_items set data = data || '{"valor": 12.5}'::jsonb where component_id = ${BASE} and id = (select max(id) from runtime_items where component_id = ${BASE})`,
    );
    const rebuilt = await run(admin.token, IDS.rollup);
    expect((await specOf(IDS.rollup))[0]?.id).not.toBe(before?.id);
    expect(rowsOf(rebuilt)).toEqual(await independent(app, sql`true`));
  });

  it('a run with a parameter set scans (a rollup holds every item) and gives the same numbers', async () => {
    const filtered = await run(admin.token, IDS.rollup, {
      periodo: { from: '2026-02-01', to: '2026-03-31' },
    });
    const expected = await independent(
      app,
      sql`((data->>'pagoEm')::timestamptz at time zone 'America/Sao_Paulo')::date between '2026-02-01' and '2026-03-31'`,
    );
    expect(expected.length).toBeGreaterThan(1);
    expect(rowsOf(filtered)).toEqual(expected);
  });

  it('builds a rollup window by window to the same numbers, and rebuilds it when the report changes', async () => {
    const db = app.database.db;
    const parsedComponent = ComponentDefinitionSchema.parse(component);
    const report = parsedComponent.reports!.find((entry) => entry.id === IDS.byYear)!;
    const plan = rollupPlan(parsedComponent, report)!;
    expect(plan).not.toBeNull();
    const specId = await readyRollup(db, parsedComponent, report.id, plan, 7);
    expect(specId).not.toBeNull();
    const stored = (await db.execute(sql`
      select keys->>0 as year, sum(items)::int as n, sum(sums[1])::float8 as total
      from runtime_report_rollups where spec_id = ${specId} and items <> 0 group by 1 order by 1 nulls last`)) as unknown as {
      rows: Array<{ year: string | null; n: number; total: number }>;
    };
    const expected = (await db.execute(sql`
      select to_char(((data->>'pagoEm')::timestamptz) at time zone 'America/Sao_Paulo', 'YYYY') as year,
        count(*)::int as n, coalesce(sum((data->>'valor')::numeric), 0)::float8 as total
      from runtime_items where component_id = ${BASE} group by 1 order by 1 nulls last`)) as unknown as {
      rows: Array<{ year: string | null; n: number; total: number }>;
    };
    expect(stored.rows).toEqual(
      expected.rows.map((row) => ({ ...row, total: expect.closeTo(row.total, 6) })),
    );
    // A changed definition is another statement: a new rollup replaces the old one.
    const changed = { ...report, measures: [{ aggregate: 'count' as const }] };
    const newSpec = await readyRollup(
      db,
      parsedComponent,
      report.id,
      rollupPlan(parsedComponent, changed)!,
      1000,
    );
    expect(newSpec).not.toBe(specId);
    expect((await specOf(report.id)).map((row) => row.id)).toEqual([newSpec]);
  });
});
