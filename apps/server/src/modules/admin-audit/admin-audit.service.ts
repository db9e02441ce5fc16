import type { AuditFilters, AuditListResult, AuditRowView, AuditVerifyResult } from '@der/contracts';
import { and, desc, eq, gte, ilike, like, lt, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { escapeLike } from '../../infra/db/like-pattern.ts';
import { users } from '../accounts/accounts.table.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { auditLog } from '../audit/audit.table.ts';
import { CSV_BOM, csvLine } from './csv.ts';

export interface AdminActor {
  userId: number;
  ip: string;
}

function whereOf(filters: AuditFilters, beforeId?: number): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.actor) {
    if (/^\d{1,9}$/.test(filters.actor)) {
      conditions.push(eq(auditLog.actorUserId, Number(filters.actor)));
    } else {
      const pattern = `%${escapeLike(filters.actor)}%`;
      conditions.push(
        or(ilike(auditLog.actorLogin, pattern), ilike(users.login, pattern), ilike(users.name, pattern)),
      );
    }
  }
  if (filters.actionPrefix) conditions.push(like(auditLog.action, `${escapeLike(filters.actionPrefix)}%`));
  if (filters.from) conditions.push(gte(auditLog.at, new Date(filters.from)));
  if (filters.to) conditions.push(lte(auditLog.at, new Date(filters.to)));
  if (beforeId !== undefined) conditions.push(lt(auditLog.id, beforeId));
  return and(...conditions);
}

const EXPORT_BATCH = 500;

const CSV_HEADER = [
  'ID',
  'Data/hora (Brasília)',
  'ID do usuário',
  'Nome',
  'Login',
  'IP',
  'Ação',
  'Alvo',
  'Detalhes',
];

const brasiliaTime = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: 'America/Sao_Paulo',
});

export function createAdminAuditService(deps: { db: Db; audit: AuditService }) {
  const { db } = deps;

  async function page(filters: AuditFilters, pageSize: number, beforeId?: number): Promise<AuditRowView[]> {
    const rows = await db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        actorUserId: auditLog.actorUserId,
        actorName: users.name,
        userLogin: users.login,
        actorLogin: auditLog.actorLogin,
        ip: auditLog.ip,
        action: auditLog.action,
        target: auditLog.target,
        details: auditLog.details,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(whereOf(filters, beforeId))
      .orderBy(desc(auditLog.id))
      .limit(pageSize);
    return rows.map(({ userLogin, ...row }) => ({
      ...row,
      at: row.at.toISOString(),
      actorName: row.actorName ?? null,
      actorLogin: row.actorLogin || userLogin || '',
    }));
  }

  return {
    async list(
      body: AuditFilters & { beforeId?: number | undefined; pageSize: number },
    ): Promise<AuditListResult> {
      const rows = await page(body, body.pageSize + 1, body.beforeId);
      const more = rows.length > body.pageSize;
      const shown = more ? rows.slice(0, body.pageSize) : rows;
      return { rows: shown, nextBeforeId: more ? (shown.at(-1)?.id ?? null) : null };
    },

    /** The CSV, produced batch by batch (keyset paging), so a long trail never sits whole in memory. */
    async *exportCsv(filters: AuditFilters): AsyncGenerator<string> {
      yield CSV_BOM + csvLine(CSV_HEADER);
      let beforeId: number | undefined;
      for (;;) {
        const rows = await page(filters, EXPORT_BATCH, beforeId);
        if (rows.length === 0) return;
        let chunk = '';
        for (const row of rows) {
          chunk += csvLine([
            row.id,
            brasiliaTime.format(new Date(row.at)),
            row.actorUserId ?? '',
            row.actorName ?? '',
            row.actorLogin,
            row.ip,
            row.action,
            row.target,
            Object.keys(row.details).length > 0 ? JSON.stringify(row.details) : '',
          ]);
        }
        yield chunk;
        if (rows.length < EXPORT_BATCH) return;
        beforeId = rows.at(-1)?.id;
      }
    },

    async verify(actor: AdminActor): Promise<AuditVerifyResult> {
      const result = await deps.audit.verify(db);
      // Appended after the check, so the answer describes the trail as the administrator saw it.
      await deps.audit.append(db, {
        action: 'admin.audit.verified',
        actorUserId: actor.userId,
        ip: actor.ip,
        details: { ok: result.ok, checked: result.checked },
      });
      return result;
    },

    async recordExport(actor: AdminActor, filters: AuditFilters): Promise<void> {
      await deps.audit.append(db, {
        action: 'admin.audit.exported',
        actorUserId: actor.userId,
        ip: actor.ip,
        details: Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)),
      });
    },
  };
}
export type AdminAuditService = ReturnType<typeof createAdminAuditService>;
