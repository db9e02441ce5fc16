import type { ReportResult } from '@der/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import {
  importReportTestDefinition,
  insertReportItems,
  REPORT_IDS,
  type ReportTestItem,
} from '../../../test/fixtures/report-test-fixture.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';

const BASE = 1800;
const IDS = REPORT_IDS(BASE);
const STATES = ['SP', 'MG', 'RJ', 'PR'];

/** A payment instant spread over 2026's months, some near midnight UTC (São Paulo's previous day). */
function paidAt(index: number): string {
  const month = index % 7;
  const day = 1 + (index % 28);
  const hour = index % 5 === 0 ? 1 : 15;
  return new Date(Date.UTC(2026, month, day, hour, 30)).toISOString();
}

describe('reports (issue 18)', () => {
  let app: FastifyInstance;
  let adminToken: string;
  let requerenteAToken: string;
  let requerenteBToken: string;
  let requerenteAId: number;
  let requerenteBId: number;

  const run = (token: string, payload: object, language = 'en') =>
    app.inject({
      method: 'POST',
      url: '/api/report/runReport',
      headers: { ...bearer(token), 'accept-language': language },
      payload,
    });
  const ok = async (token: string, payload: object) => {
    const response = await run(token, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ReportResult>();
  };

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    const db = app.database.db;
    await importReportTestDefinition(app, BASE);
    const admin = await buildUser(db, { isAdministrator: true });
    const requerenteA = await buildUser(db, { kind: 'requerente', name: 'Requerente A' });
    const requerenteB = await buildUser(db, { kind: 'requerente', name: 'Requerente B' });
    requerenteAId = requerenteA.id;
    requerenteBId = requerenteB.id;
    [adminToken, requerenteAToken, requerenteBToken] = (await Promise.all(
      [admin, requerenteA, requerenteB].map((user) => signIn(app, user)),
    )) as [string, string, string];
    const items: ReportTestItem[] = Array.from({ length: 300 }, (_, index) => ({
      creatorId: index % 3 === 0 ? requerenteB.id : requerenteA.id,
      status: index % 4 === 0 ? 'aberto' : 'pago',
      data: {
        uf: STATES[index % STATES.length]!,
        valor: Math.round((index * 37.3) % 1000) / 100 + 10,
        ...(index % 11 === 0 ? {} : { pagoEm: paidAt(index) }),
        tipo: index % 2 === 0 ? 'a' : 'b',
      },
    }));
    await insertReportItems(db, BASE, items);
  });
  afterAll(() => app.close());

  it("getReport answers the parameters with their choices and the measures' names", async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/report/getReport?reportId=${IDS.byStateAndMonth}`,
      headers: { ...bearer(adminToken), 'accept-language': 'pt-BR' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const info = response.json();
    expect(info.parameters.map((p: { key: string }) => p.key)).toEqual(['periodo', 'tipo', 'uf']);
    expect(info.parameters[1].choices).toEqual([
      { value: 'a', label: 'Tipo A' },
      { value: 'b', label: 'Tipo B' },
    ]);
    expect(info.measures.map((m: { label: string }) => m.label)).toEqual([
      'Quantidade',
      'Soma de Valor',
      'Média de Valor',
      'Mínimo de Valor',
      'Máximo de Valor',
    ]);
    expect(info.measures[1].format).toBe('currency');
    expect(info.groups).toEqual([
      { label: 'UF', by: 'value' },
      { label: 'Pago em', by: 'month' },
    ]);
  });

  it("a report's numbers equal an independent SQL over the same data (groups and totals)", async () => {
    const result = await ok(adminToken, {
      reportId: IDS.byStateAndMonth,
      parameters: { periodo: { from: '2026-02-01', to: '2026-05-31' }, tipo: 'a' },
    });
    const expected = (await app.database.db.execute(sql`
      select data->>'uf' as uf,
        to_char(((data->>'pagoEm')::timestamptz) at time zone 'America/Sao_Paulo', 'YYYY-MM') as month,
        count(*)::int as n, sum((data->>'valor')::numeric)::text as total, avg((data->>'valor')::numeric)::text as average,
        min((data->>'valor')::numeric)::text as least, max((data->>'valor')::numeric)::text as most
      from runtime_items
      where component_id = ${BASE} and data->>'tipo' = 'a'
        and ((data->>'pagoEm')::timestamptz at time zone 'America/Sao_Paulo')::date between '2026-02-01' and '2026-05-31'
      group by 1, 2 order by 1, 2`)) as unknown as {
      rows: Array<{
        uf: string;
        month: string;
        n: number;
        total: string;
        average: string;
        least: string;
        most: string;
      }>;
    };
    expect(expected.rows.length).toBeGreaterThan(4);
    expect(
      result.groups.map((group) => [group.keys[0]!.value, group.keys[1]!.value, ...group.values]),
    ).toEqual(
      expected.rows.map((row) => [
        row.uf,
        row.month,
        row.n,
        expect.closeTo(Number(row.total), 6),
        expect.closeTo(Number(row.average), 6),
        Number(row.least),
        Number(row.most),
      ]),
    );
    expect(result.groups[0]!.keys[1]!.label).toMatch(/^\d{2}\/2026$/);
    const count = expected.rows.reduce((sum, row) => sum + row.n, 0);
    expect(result.totals[0]).toBe(count);
    expect(result.totals[1]).toBeCloseTo(
      expected.rows.reduce((sum, row) => sum + Number(row.total), 0),
      6,
    );
    expect(result.table).toBeNull();
  });

  it('a requerente sees only their own requests: groups, totals and the table', async () => {
    const [mine, theirs, all] = await Promise.all([
      ok(requerenteAToken, { reportId: IDS.byStateAndMonth, parameters: {} }),
      ok(requerenteBToken, { reportId: IDS.byStateAndMonth, parameters: {} }),
      ok(adminToken, { reportId: IDS.byStateAndMonth, parameters: {} }),
    ]);
    expect(mine.totals[0]).toBe(200);
    expect(theirs.totals[0]).toBe(100);
    expect(all.totals[0]).toBe(300);
    const day = paidAt(1).slice(0, 10);
    const listA = await ok(requerenteAToken, {
      reportId: IDS.list,
      parameters: { dia: day },
      rowsPerPage: 500,
    });
    const listAdmin = await ok(adminToken, {
      reportId: IDS.list,
      parameters: { dia: day },
      rowsPerPage: 500,
    });
    const creators = (await app.database.db.execute(
      sql`select id, creator_id from runtime_items where component_id = ${BASE}`,
    )) as unknown as { rows: Array<{ id: number; creator_id: number }> };
    const creatorOf = new Map(creators.rows.map((row) => [Number(row.id), row.creator_id]));
    expect(listA.table!.rows.length).toBeGreaterThan(0);
    expect(listA.table!.rows.every((row) => creatorOf.get(row.ID) === requerenteAId)).toBe(true);
    const ofB = listAdmin.table!.rows.filter((row) => creatorOf.get(row.ID) === requerenteBId);
    expect(ofB.length).toBeGreaterThan(0);
    expect(listA.table!.total).toBe(listAdmin.table!.total - ofB.length);
  });

  it('a field hidden from external users in a status is neither summed nor shown for them', async () => {
    const [asRequerente, asAdmin] = await Promise.all([
      ok(requerenteAToken, { reportId: IDS.hidden, parameters: {} }),
      ok(adminToken, { reportId: IDS.hidden, parameters: {} }),
    ]);
    const open = (result: ReportResult) => result.groups.find((group) => group.keys[0]!.value === 'aberto')!;
    expect(open(asRequerente).values[0]).toBeGreaterThan(0);
    expect(open(asRequerente).values[1]).toBeNull();
    expect(open(asAdmin).values[1]).toBeGreaterThan(0);
    expect(open(asAdmin).keys[0]!.label).toBe('Open');
  });

  it('refuses bad parameters with 400 naming the parameter, in the caller’s language', async () => {
    const cases: Array<[object, string]> = [
      [{ periodo: { from: '2026-02-30' } }, 'parameters.periodo'],
      [{ periodo: '2026-02-01' }, 'parameters.periodo'],
      [{ periodo: { from: '2026-03-01', to: '2026-02-01' } }, 'parameters.periodo'],
      [{ tipo: 'z' }, 'parameters.tipo'],
      [{ uf: 12 }, 'parameters.uf'],
      [{ naoExiste: 1 }, 'parameters.naoExiste'],
    ];
    for (const [parameters, field] of cases) {
      const response = await run(adminToken, { reportId: IDS.byStateAndMonth, parameters }, 'pt-BR');
      expect(response.statusCode, JSON.stringify(parameters)).toBe(400);
      const body = response.json();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.Message).toContain(field);
      expect(body.Message).toContain('Dados inválidos');
    }
    const missing = await run(adminToken, { reportId: IDS.list, parameters: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([{ field: 'parameters.dia', message: 'Required' }]);
  });

  it('answers 404 for an unknown report', async () => {
    const response = await run(adminToken, { reportId: 999_999, parameters: {} });
    expect(response.statusCode).toBe(404);
  });
});
