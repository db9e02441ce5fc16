import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/build-test-app.ts';
import type { Database } from '../../infra/db/database.ts';
import { AUDIT_GENESIS_HASH, createAuditService } from './audit.service.ts';
import { auditLog } from './audit.table.ts';

describe('audit trail', () => {
  let database: Database;
  let clock = new Date('2026-11-22T12:00:00.000Z');
  const audit = createAuditService({ now: () => clock });

  beforeAll(async () => {
    database = await openTestDatabase();
    for (const [index, action] of (
      ['auth.login.success', 'auth.logout', 'admin.user.saved'] as const
    ).entries()) {
      clock = new Date(clock.getTime() + 1000);
      await audit.append(database.db, {
        action,
        actorUserId: index + 1,
        ip: '127.0.0.1',
        target: `user:${index}`,
        details: { b: 1, a: { before: 'x', after: 'y' } },
      });
    }
  });
  afterAll(() => database.close());

  it('chains each row to the previous one, starting from the genesis hash', async () => {
    const rows = await database.db.select().from(auditLog).orderBy(auditLog.id);
    expect(rows).toHaveLength(3);
    expect(rows[0]?.prevHash).toBe(AUDIT_GENESIS_HASH);
    expect(rows[1]?.prevHash).toBe(rows[0]?.hash);
    expect(rows[2]?.prevHash).toBe(rows[1]?.hash);
    expect(await audit.verify(database.db)).toEqual({ ok: true, checked: 3 });
  });

  it('refuses UPDATE, DELETE and TRUNCATE by the application (append-only trigger)', async () => {
    const [first] = await database.db.select().from(auditLog).orderBy(auditLog.id).limit(1);
    await expect(
      database.db
        .update(auditLog)
        .set({ details: sql`'{"b":2}'::jsonb` })
        .where(eq(auditLog.id, first?.id ?? 0)),
    ).rejects.toThrow();
    await expect(database.db.delete(auditLog).where(eq(auditLog.id, first?.id ?? 0))).rejects.toThrow();
    await expect(database.db.execute(sql`truncate table audit_log`)).rejects.toThrow();
    expect(await audit.verify(database.db)).toEqual({ ok: true, checked: 3 });
  });

  it('reports the first row whose content was changed after the fact', async () => {
    const [second] = await database.db.select().from(auditLog).orderBy(auditLog.id).offset(1).limit(1);
    // Tampering as a DBA would: the append-only trigger must be switched off first (table owner only).
    await database.db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    await database.db
      .update(auditLog)
      .set({ details: sql`'{"b":2}'::jsonb` })
      .where(eq(auditLog.id, second?.id ?? 0));
    await database.db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    expect(await audit.verify(database.db)).toEqual({ ok: false, checked: 1, firstTamperedId: second?.id });
  });
});
