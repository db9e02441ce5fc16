import type { ReportJob } from '@der/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import {
  importReportTestDefinition,
  insertReportItems,
  REPORT_IDS,
} from '../../../test/fixtures/report-test-fixture.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import { pdftotext } from '../signatures/testing/pdf-tools.ts';
import { reportJobs } from './report-jobs.table.ts';

const BASE = 1850;
const IDS = REPORT_IDS(BASE);
const DAY = '2026-03-10';
const PAID = '2026-03-10T15:00:00.000Z';

describe('report exports as background jobs (issue 18)', () => {
  let app: FastifyInstance;
  let adminToken: string;
  let requerenteToken: string;
  let otherToken: string;
  let requerenteId: number;

  const post = (url: string, token: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: { ...bearer(token), 'accept-language': 'pt-BR' }, payload });
  const startExport = async (token: string, payload: object) => {
    const response = await post('/api/report/exportReport', token, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ReportJob>();
  };
  const jobOf = async (token: string, jobId: number) => {
    const response = await post('/api/report/getReportJob', token, { jobId });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ReportJob>();
  };
  const download = (token: string, jobId: number) =>
    app.inject({
      method: 'GET',
      url: `/api/genericItem/scheduleDownload?projectId=${jobId}`,
      headers: bearer(token),
    });

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    const db = app.database.db;
    await importReportTestDefinition(app, BASE);
    const admin = await buildUser(db, { isAdministrator: true });
    const requerente = await buildUser(db, { kind: 'requerente' });
    const other = await buildUser(db, { kind: 'requerente' });
    requerenteId = requerente.id;
    [adminToken, requerenteToken, otherToken] = (await Promise.all(
      [admin, requerente, other].map((user) => signIn(app, user)),
    )) as [string, string, string];
    await insertReportItems(db, BASE, [
      ...Array.from({ length: 120 }, (_, index) => ({
        creatorId: requerente.id,
        data: {
          uf: index === 0 ? '=HYPERLINK("http://x")' : 'SP',
          valor: 10 + index,
          pagoEm: PAID,
          tipo: 'a',
        },
      })),
      { creatorId: other.id, data: { uf: 'MG', valor: 999, pagoEm: PAID, tipo: 'b' } },
    ]);
  });
  afterAll(() => app.close());

  it('an XLSX export goes pending → finished, holds the groups, totals and items, formulas neutralised', async () => {
    const job = await startExport(requerenteToken, {
      reportId: IDS.list,
      parameters: { dia: DAY },
      format: 'xlsx',
    });
    expect(job).toMatchObject({ status: 'pending', done: 0, fileName: null });
    expect((await download(requerenteToken, job.id)).statusCode).toBe(404);
    expect(await app.reportWorker.runOnce()).toBe(1);
    const finished = await jobOf(requerenteToken, job.id);
    expect(finished).toMatchObject({ status: 'finished', done: 120, total: 120, error: null });
    expect(finished.fileName).toMatch(/^Lista-\d+\.xlsx$/);
    const response = await download(requerenteToken, job.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const [summary, items] = workbook.worksheets;
    expect(summary!.getRow(1).values).toEqual([undefined, 'Quantidade']);
    expect(summary!.getRow(2).values).toEqual([undefined, 120]);
    expect(items!.rowCount).toBe(121);
    expect(items!.getRow(1).values).toEqual([undefined, 'Código', 'UF', 'Valor', 'Pago em']);
    const ufs = Array.from({ length: 120 }, (_, index) => String(items!.getRow(index + 2).getCell(2).value));
    expect(ufs).toContain('\'=HYPERLINK("http://x")');
    expect(ufs).not.toContain('MG');
  });

  it('a PDF export draws the chart, the groups and the totals (pdftotext)', async () => {
    const job = await startExport(adminToken, {
      reportId: IDS.byStateAndMonth,
      parameters: {},
      format: 'pdf',
    });
    await app.reportWorker.runOnce();
    expect(await jobOf(adminToken, job.id)).toMatchObject({ status: 'finished' });
    const response = await download(adminToken, job.id);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = pdftotext(new Uint8Array(response.rawPayload));
    expect(text).toContain('Por UF e mês');
    expect(text).toContain('Soma de Valor');
    expect(text).toContain('03/2026');
    expect(text).toMatch(/Total/);
    // The chart's axis is text too: its tick 120 is no number of the table (SP 119, MG 1, total 121).
    expect(text).toMatch(/^120$/m);
    expect(text).toContain('R$ 999,00');
    expect(text).toContain('Página 1 de 1');
  });

  it('only the user who ran an export sees it and downloads it', async () => {
    const job = await startExport(requerenteToken, {
      reportId: IDS.list,
      parameters: { dia: DAY },
      format: 'xlsx',
    });
    await app.reportWorker.runOnce();
    expect((await post('/api/report/getReportJob', otherToken, { jobId: job.id })).statusCode).toBe(404);
    expect((await download(otherToken, job.id)).statusCode).toBe(404);
    expect((await download(adminToken, job.id)).statusCode).toBe(404);
  });

  it('refuses a bad parameter at once, naming it, without queueing a job', async () => {
    const before = await app.database.db.select().from(reportJobs);
    const response = await post('/api/report/exportReport', adminToken, {
      reportId: IDS.list,
      parameters: { dia: '2026-13-01' },
      format: 'pdf',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toContain('parameters.dia');
    expect(await app.database.db.select().from(reportJobs)).toHaveLength(before.length);
  });

  it('resumes a job whose worker died (its lease ran out) and fails one whose creator was disabled', async () => {
    const db = app.database.db;
    const abandoned = await startExport(requerenteToken, {
      reportId: IDS.list,
      parameters: { dia: DAY },
      format: 'xlsx',
    });
    await db
      .update(reportJobs)
      .set({
        status: 'running',
        claimToken: 'dead-worker',
        leaseUntil: new Date(Date.now() - 1000),
        done: 40,
      })
      .where(eq(reportJobs.id, abandoned.id));
    const leased = await startExport(adminToken, {
      reportId: IDS.list,
      parameters: { dia: DAY },
      format: 'xlsx',
    });
    await db
      .update(reportJobs)
      .set({ status: 'running', claimToken: 'live-worker', leaseUntil: new Date(Date.now() + 60_000) })
      .where(eq(reportJobs.id, leased.id));
    expect(await app.reportWorker.runOnce()).toBe(1);
    expect(await jobOf(requerenteToken, abandoned.id)).toMatchObject({ status: 'finished', done: 120 });
    expect(await jobOf(adminToken, leased.id)).toMatchObject({ status: 'running' });

    const refused = await startExport(requerenteToken, {
      reportId: IDS.list,
      parameters: { dia: DAY },
      format: 'pdf',
    });
    await db.update(users).set({ disabled: true }).where(eq(users.id, requerenteId));
    await app.reportWorker.runOnce();
    const [row] = await db.select().from(reportJobs).where(eq(reportJobs.id, refused.id));
    expect(row).toMatchObject({ status: 'failed', content: null });
    expect(row!.error).toBe('O registro solicitado não foi encontrado.');
    await db.update(users).set({ disabled: false }).where(eq(users.id, requerenteId));
  });
});
