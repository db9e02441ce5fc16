import { createHash } from 'node:crypto';
import { asc, desc, gt, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { type AuditRow, auditLog } from './audit.table.ts';

/** Security and administration events (identity issue, administration issue). */
export type AuditAction =
  | 'auth.login.success'
  | 'auth.login.failure'
  | 'auth.login.locked'
  | 'auth.logout'
  | 'auth.password.changed'
  | 'auth.password.expired-changed'
  | 'auth.password.reset'
  | 'auth.password.reset-link-used'
  | 'auth.password.reset-link-refused'
  | 'auth.mfa.enabled'
  | 'auth.mfa.failure'
  | 'auth.terms.accepted'
  | 'account.registered'
  | 'account.activated'
  | 'account.profile.updated'
  | `admin.${string}`
  /** Runtime engine events outside the administration area (project permissions …). */
  | `runtime.${string}`;

export interface AuditEntry {
  action: AuditAction;
  actorUserId?: number | null;
  /** The login typed, when no user is known (a failed login). */
  actorLogin?: string;
  ip?: string;
  /** What was acted on, e.g. `user:12`. */
  target?: string;
  /** Never passwords, tokens or document numbers. */
  details?: Record<string, unknown>;
}

/** The hash of the (empty) row before the first one. */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);
// Any constant works: it only has to be the same for every instance appending to the chain.
const AUDIT_CHAIN_LOCK = 4_242_001;

/** JSON with sorted keys, so that a row read back from jsonb hashes to the same value. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

type HashedFields = Pick<
  AuditRow,
  'at' | 'actorUserId' | 'actorLogin' | 'ip' | 'action' | 'target' | 'details' | 'prevHash'
>;

export function hashAuditRow(row: HashedFields): string {
  const payload = canonicalJson({
    at: row.at.toISOString(),
    actorUserId: row.actorUserId,
    actorLogin: row.actorLogin,
    ip: row.ip,
    action: row.action,
    target: row.target,
    details: row.details,
  });
  return createHash('sha256').update(row.prevHash).update(payload).digest('hex');
}

export type AuditVerification =
  | { ok: true; checked: number }
  | { ok: false; checked: number; firstTamperedId: number };

export function createAuditService(deps: { now: () => Date }) {
  return {
    /**
     * Appends one event, chained to the previous row. Pass the transaction of the change being audited, so
     * the event exists exactly when the change does.
     */
    async append(db: Db, entry: AuditEntry): Promise<void> {
      await db.transaction(async (tx) => {
        // Appends are serialised so that two rows never chain to the same predecessor.
        await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`);
        const [last] = await tx
          .select({ hash: auditLog.hash })
          .from(auditLog)
          .orderBy(desc(auditLog.id))
          .limit(1);
        const row: HashedFields = {
          at: deps.now(),
          actorUserId: entry.actorUserId ?? null,
          actorLogin: entry.actorLogin ?? '',
          ip: entry.ip ?? '',
          action: entry.action,
          target: entry.target ?? '',
          details: entry.details ?? {},
          prevHash: last?.hash ?? AUDIT_GENESIS_HASH,
        };
        await tx.insert(auditLog).values({ ...row, hash: hashAuditRow(row) });
      });
    },

    /** Re-computes the chain in id order; the first row whose hash or link does not match was tampered with. */
    async verify(db: Db): Promise<AuditVerification> {
      let previousHash = AUDIT_GENESIS_HASH;
      let lastId = 0;
      let checked = 0;
      const batchSize = 1000;
      for (;;) {
        const rows = await db
          .select()
          .from(auditLog)
          .where(gt(auditLog.id, lastId))
          .orderBy(asc(auditLog.id))
          .limit(batchSize);
        for (const row of rows) {
          if (row.prevHash !== previousHash || hashAuditRow(row) !== row.hash) {
            return { ok: false, checked, firstTamperedId: row.id };
          }
          previousHash = row.hash;
          lastId = row.id;
          checked += 1;
        }
        if (rows.length < batchSize) return { ok: true, checked };
      }
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
