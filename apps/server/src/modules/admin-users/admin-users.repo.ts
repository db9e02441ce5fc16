import type { WorkPeriod } from '@der/contracts';
import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { rowsOf } from '../../infra/db/rows-of.ts';
import { users } from '../accounts/accounts.table.ts';
import { auditLog } from '../audit/audit.table.ts';
import { voidPasswordResetLinks } from '../auth/password-reset.repo.ts';
import { companies } from '../companies/companies.table.ts';
import { groupMembers, userGroups } from '../groups/groups.table.ts';
import { userWorkPeriods } from './admin-users.table.ts';

/**
 * Tables whose rows configure a user rather than record what the user did: they go with a deleted user
 * (ON DELETE CASCADE) and do not count as history.
 */
const NOT_HISTORY = new Set(['group_members', 'application_grants', 'user_work_periods', 'account_tokens']);
/**
 * References to users that triggers check instead of foreign keys (bulk inserts: migration 0012), so the
 * catalogue does not list them. A user they name has history: the delete trigger would refuse it anyway.
 */
const TRIGGER_CHECKED_REFERENCES = [
  { table_name: 'runtime_items', column_name: 'creator_id' },
  { table_name: 'runtime_items', column_name: 'responsible_id' },
  { table_name: 'runtime_items', column_name: 'modifier_id' },
  { table_name: 'runtime_item_versions', column_name: 'changed_by' },
];

// Serialises user-administration changes: the last-administrator and plan-limit checks read counts that a
// concurrent save could change between the check and the write.
const USER_ADMIN_LOCK = 4_242_101;

export type UserRow = typeof users.$inferSelect;
/** The columns the administrator's form writes. */
export type AdminUserFields = Pick<
  UserRow,
  | 'name'
  | 'login'
  | 'email'
  | 'avatar'
  | 'companyId'
  | 'disabled'
  | 'isAdministrator'
  | 'hasPanelAdminPermission'
  | 'hasChangePasswordPermission'
  | 'timesheetType'
  | 'autoTimesheetType'
>;

/** The administration's reads and writes of users, their groups and calendar. Each method takes its handle. */
export function createAdminUsersRepo() {
  return {
    /** Holds the user-administration lock until the transaction ends. */
    async lockUserAdministration(tx: Db): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(${USER_ADMIN_LOCK})`);
    },

    /** Users who can open the administration area (the requireAdmin rule) and can still sign in. */
    async countActiveAdmins(tx: Db): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(
          and(
            eq(users.disabled, false),
            or(eq(users.isAdministrator, true), eq(users.hasPanelAdminPermission, true)),
          ),
        );
      return row?.n ?? 0;
    },

    listUsers(db: Db) {
      return db
        .select({
          id: users.id,
          name: users.name,
          avatar: users.avatar,
          email: users.email,
          companyName: sql<string>`coalesce(${companies.name}, '')`,
          login: users.login,
          disabled: users.disabled,
          kind: users.kind,
        })
        .from(users)
        .leftJoin(companies, eq(companies.id, users.companyId))
        .orderBy(asc(users.name), asc(users.id));
    },

    listCompanyOptions: (db: Db) =>
      db.select({ id: companies.id, name: companies.name }).from(companies).orderBy(asc(companies.name)),

    listGroupOptions: (db: Db) =>
      db.select({ id: userGroups.id, name: userGroups.name }).from(userGroups).orderBy(asc(userGroups.name)),

    async findUser(db: Db, userId: number, options: { forUpdate?: boolean } = {}): Promise<UserRow | null> {
      const query = db.select().from(users).where(eq(users.id, userId));
      const [row] = options.forUpdate ? await query.for('update') : await query;
      return row ?? null;
    },

    /** The users of these ids, locked until the transaction ends. */
    lockUsers: (tx: Db, ids: number[]): Promise<UserRow[]> =>
      tx.select().from(users).where(inArray(users.id, ids)).for('update'),

    async listWorkPeriods(db: Db, userId: number): Promise<WorkPeriod[]> {
      return db
        .select({ weekday: userWorkPeriods.weekday, start: userWorkPeriods.start, end: userWorkPeriods.end })
        .from(userWorkPeriods)
        .where(eq(userWorkPeriods.userId, userId))
        .orderBy(asc(userWorkPeriods.weekday), asc(userWorkPeriods.start));
    },

    async listGroupIds(db: Db, userId: number): Promise<number[]> {
      const rows = await db
        .select({ groupId: groupMembers.groupId })
        .from(groupMembers)
        .where(eq(groupMembers.userId, userId))
        .orderBy(asc(groupMembers.groupId));
      return rows.map((row) => row.groupId);
    },

    async companyExists(tx: Db, companyId: number): Promise<boolean> {
      const [company] = await tx
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.id, companyId));
      return company !== undefined;
    },

    /** How many of these (distinct) group ids exist. */
    async countExistingGroups(tx: Db, groupIds: number[]): Promise<number> {
      const found = await tx
        .select({ id: userGroups.id })
        .from(userGroups)
        .where(inArray(userGroups.id, groupIds));
      return found.length;
    },

    /** Other users whose login or e-mail equal these, ignoring case. */
    findLoginOrEmailClashes(tx: Db, candidate: { login: string; email: string }, exceptId: number) {
      return tx
        .select({ login: users.login, email: users.email })
        .from(users)
        .where(
          and(
            ne(users.id, exceptId),
            or(
              sql`lower(${users.login}) = ${candidate.login.toLowerCase()}`,
              sql`lower(${users.email}) = ${candidate.email.toLowerCase()}`,
            ),
          ),
        );
    },

    /** Does any row other than configuration reference the user (audit as actor, sessions, messages …)? */
    async hasHistory(tx: Db, userId: number): Promise<boolean> {
      const [asActor] = await tx
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(eq(auditLog.actorUserId, userId))
        .limit(1);
      if (asActor) return true;
      // Every foreign key to users, read from the catalogue: a table added later counts without a change here.
      const references = rowsOf<{ table_name: string; column_name: string }>(
        await tx.execute(sql`
          select cl.relname as table_name, att.attname as column_name
          from pg_constraint con
          join pg_class cl on cl.oid = con.conrelid
          join pg_attribute att on att.attrelid = con.conrelid and att.attnum = any (con.conkey)
          where con.contype = 'f' and con.confrelid = 'users'::regclass`),
      );
      for (const ref of [...references, ...TRIGGER_CHECKED_REFERENCES]) {
        if (NOT_HISTORY.has(ref.table_name)) continue;
        const found = rowsOf(
          await tx.execute(
            sql`select 1 from ${sql.identifier(ref.table_name)} where ${sql.identifier(ref.column_name)} = ${userId} limit 1`,
          ),
        );
        if (found.length > 0) return true;
      }
      return false;
    },

    /** The name of whoever last changed the user, from the audit trail, or null. */
    async lastModifierName(tx: Db, userId: number): Promise<string | null> {
      const [row] = await tx
        .select({ name: users.name })
        .from(auditLog)
        .innerJoin(users, eq(users.id, auditLog.actorUserId))
        .where(eq(auditLog.target, `user:${userId}`))
        .orderBy(desc(auditLog.id))
        .limit(1);
      return row?.name ?? null;
    },

    async insertStaffUser(
      tx: Db,
      values: AdminUserFields & { additionalFields: Record<string, unknown>; passwordHash: string },
    ): Promise<{ id: number; version: number }> {
      const [created] = await tx
        .insert(users)
        .values({ kind: 'staff', ...values, activated: true })
        .returning({ id: users.id, version: users.version });
      return created!;
    },

    /** Writes the form's fields and bumps the version; the new version. */
    async updateUser(
      tx: Db,
      userId: number,
      values: AdminUserFields & { additionalFields: Record<string, unknown> },
      now: Date,
    ): Promise<number> {
      const [updated] = await tx
        .update(users)
        .set({ ...values, version: sql`${users.version} + 1`, updatedAt: now })
        .where(eq(users.id, userId))
        .returning({ version: users.version });
      return updated!.version;
    },

    async disableUser(tx: Db, userId: number, now: Date): Promise<void> {
      await tx
        .update(users)
        .set({ disabled: true, version: sql`${users.version} + 1`, updatedAt: now })
        .where(eq(users.id, userId));
    },

    async deleteUser(tx: Db, userId: number): Promise<void> {
      await tx.delete(users).where(eq(users.id, userId));
    },

    async replaceGroupsAndCalendar(
      tx: Db,
      userId: number,
      groupIds: number[],
      workPeriods: WorkPeriod[],
    ): Promise<void> {
      await tx.delete(groupMembers).where(eq(groupMembers.userId, userId));
      if (groupIds.length > 0)
        await tx.insert(groupMembers).values(groupIds.map((groupId) => ({ groupId, userId })));
      await tx.delete(userWorkPeriods).where(eq(userWorkPeriods.userId, userId));
      if (workPeriods.length > 0)
        await tx.insert(userWorkPeriods).values(workPeriods.map((period) => ({ userId, ...period })));
    },

    /**
     * A password the administrator set, expired at once (the next login goes through the change dialog); a
     * pending reset link is voided, so an older e-mail cannot replace it.
     */
    async setExpiredPassword(tx: Db, userId: number, passwordHash: string, now: Date): Promise<void> {
      await tx
        .update(users)
        .set({ passwordHash, passwordChangedAt: now, passwordExpiresAt: now })
        .where(eq(users.id, userId));
      await voidPasswordResetLinks(tx, userId, now);
    },
  };
}
export type AdminUsersRepo = ReturnType<typeof createAdminUsersRepo>;
