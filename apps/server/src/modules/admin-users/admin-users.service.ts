import type { SaveUserBodySchema } from '@der/contracts';
import {
  type AdminUserEdit,
  type AdminUserRow,
  AUTO_TIMESHEET_TYPES,
  type DeleteUsersResponse,
  formatValidationMessage,
  type Language,
  type SaveUserResponse,
  TIMESHEET_TYPES,
  type UserFormInitialData,
  type WorkPeriod,
} from '@der/contracts';
import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { translateInfo } from '../../i18n/messages.ts';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import type { OutboxService } from '../../infra/outbox/outbox.service.ts';
import { users } from '../accounts/accounts.table.ts';
import type { AdditionalFieldsService } from '../additional-fields/additional-fields.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { auditLog } from '../audit/audit.table.ts';
import { readablePassword } from '../auth/auth.service.ts';
import { companies } from '../companies/companies.table.ts';
import { groupMembers, userGroups } from '../groups/groups.table.ts';
import type { PasswordHasher } from '../identity/core/password-hasher.ts';
import type { PlanService } from '../plan/plan.service.ts';
import { checkAvatar } from '../profile/avatar.ts';
import type { SessionsService } from '../sessions/sessions.service.ts';
import {
  type AdminContext,
  auditedAdditionalFields,
  diffFields,
  errorWithParams,
  uniqueViolation,
  withSortedKeys,
} from './admin-context.ts';
import { userWorkPeriods } from './admin-users.table.ts';

type SaveUserInput = z.output<typeof SaveUserBodySchema>;

const TIMESHEET_LABELS: Record<(typeof TIMESHEET_TYPES)[number], Record<Language, string>> = {
  '0': { 'pt-BR': 'Padrão', en: 'Default' },
  '1': { 'pt-BR': 'Apontamento em tarefa e atividade', en: 'Entry in task and activity' },
  '2': { 'pt-BR': 'Somente atividade', en: 'Activity only' },
  '3': { 'pt-BR': 'Somente tarefa', en: 'Task only' },
  '4': { 'pt-BR': 'Sem apontamento manual', en: 'No manual entry' },
};
const AUTO_TIMESHEET_LABELS: Record<(typeof AUTO_TIMESHEET_TYPES)[number], Record<Language, string>> = {
  '0': { 'pt-BR': 'Não se aplica', en: 'Not applicable' },
  '1': { 'pt-BR': 'Apontamento automático', en: 'Automatic note' },
  '2': { 'pt-BR': 'Apontamento manual', en: 'Manual note' },
};
const SOMEONE_ELSE: Record<Language, string> = { 'pt-BR': 'outra pessoa', en: 'someone else' };

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

/** Who can open the administration area (the requireAdmin rule) and can still sign in. */
const isActiveAdmin = (user: {
  disabled: boolean;
  isAdministrator: boolean;
  hasPanelAdminPermission: boolean;
}) => !user.disabled && (user.isAdministrator || user.hasPanelAdminPermission);

export function createAdminUsersService(deps: {
  db: Db;
  hasher: PasswordHasher;
  sessions: SessionsService;
  audit: AuditService;
  outbox: OutboxService;
  plan: PlanService;
  /** Checks the values of the administrator-defined fields of entity 'user' (server-authoritative). */
  additionalFields: Pick<AdditionalFieldsService, 'checkEditOrThrow'>;
  platformBrand: () => Promise<string>;
  publicUrl: string;
  now: () => Date;
}) {
  const { db } = deps;

  async function countActiveAdmins(tx: Db): Promise<number> {
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
  }

  async function listWorkPeriods(tx: Db, userId: number): Promise<WorkPeriod[]> {
    return tx
      .select({ weekday: userWorkPeriods.weekday, start: userWorkPeriods.start, end: userWorkPeriods.end })
      .from(userWorkPeriods)
      .where(eq(userWorkPeriods.userId, userId))
      .orderBy(asc(userWorkPeriods.weekday), asc(userWorkPeriods.start));
  }

  async function listGroupIds(tx: Db, userId: number): Promise<number[]> {
    const rows = await tx
      .select({ groupId: groupMembers.groupId })
      .from(groupMembers)
      .where(eq(groupMembers.userId, userId))
      .orderBy(asc(groupMembers.groupId));
    return rows.map((row) => row.groupId);
  }

  /** Does any row other than configuration reference the user (audit as actor, sessions, messages …)? */
  async function hasHistory(tx: Db, userId: number): Promise<boolean> {
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
  }

  /** The name of whoever last changed the user (from the audit trail), for the 409 message. */
  async function lastModifierName(tx: Db, userId: number, language: Language): Promise<string> {
    const [row] = await tx
      .select({ name: users.name })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.actorUserId))
      .where(eq(auditLog.target, `user:${userId}`))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return row?.name ?? SOMEONE_ELSE[language];
  }

  async function assertReferencesExist(tx: Db, input: SaveUserInput): Promise<void> {
    if (input.companyId !== null) {
      const [company] = await tx
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.id, input.companyId));
      if (!company) throw invalidField('body.companyId');
    }
    const groupIds = [...new Set(input.groupIds)];
    if (groupIds.length > 0) {
      const found = await tx
        .select({ id: userGroups.id })
        .from(userGroups)
        .where(inArray(userGroups.id, groupIds));
      if (found.length !== groupIds.length) throw invalidField('body.groupIds');
    }
  }

  async function assertUnique(tx: Db, input: SaveUserInput, exceptId: number): Promise<void> {
    const clash = await tx
      .select({ login: users.login, email: users.email })
      .from(users)
      .where(
        and(
          ne(users.id, exceptId),
          or(
            sql`lower(${users.login}) = ${input.login.toLowerCase()}`,
            sql`lower(${users.email}) = ${input.email.toLowerCase()}`,
          ),
        ),
      );
    if (clash.some((row) => row.login.toLowerCase() === input.login.toLowerCase()))
      throw new AppError('ADMIN_DUPLICATE_LOGIN');
    if (clash.length > 0) throw new AppError('ACCOUNT_DUPLICATE_EMAIL');
  }

  async function replaceMembershipAndCalendar(tx: Db, userId: number, input: SaveUserInput) {
    await tx.delete(groupMembers).where(eq(groupMembers.userId, userId));
    const groupIds = [...new Set(input.groupIds)];
    if (groupIds.length > 0)
      await tx.insert(groupMembers).values(groupIds.map((groupId) => ({ groupId, userId })));
    await tx.delete(userWorkPeriods).where(eq(userWorkPeriods.userId, userId));
    if (input.calendar.workPeriods.length > 0)
      await tx
        .insert(userWorkPeriods)
        .values(input.calendar.workPeriods.map((period) => ({ userId, ...period })));
  }

  /** A temporary password, already expired (the next login goes through the change dialog), e-mailed. */
  async function issueTemporaryPassword(
    tx: Db,
    user: { id: number; name: string; login: string; email: string },
    language: Language,
  ) {
    const newPassword = readablePassword();
    const passwordHash = await deps.hasher.hash(newPassword);
    const now = deps.now();
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, passwordExpiresAt: now })
      .where(eq(users.id, user.id));
    await deps.outbox.enqueueEmail(
      tx,
      {
        to: user.email,
        template: 'newPassword',
        language,
        data: {
          platformName: await deps.platformBrand(),
          publicUrl: deps.publicUrl,
          name: user.name,
          login: user.login,
          newPassword,
        },
      },
      { sensitive: true },
    );
  }

  async function withUniqueGuard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      // A concurrent save took the login or e-mail between the check and the write.
      const constraint = uniqueViolation(error);
      if (constraint === 'users_login_unique') throw new AppError('ADMIN_DUPLICATE_LOGIN');
      if (constraint === 'users_email_unique') throw new AppError('ACCOUNT_DUPLICATE_EMAIL');
      throw error;
    }
  }

  return {
    async listUsers(): Promise<AdminUserRow[]> {
      const rows = await db
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
      return rows.map(({ disabled, ...row }) => ({ ...row, active: !disabled }));
    },

    async getFormInitialData(language: Language): Promise<UserFormInitialData> {
      const [companyRows, groupRows] = await Promise.all([
        db.select({ id: companies.id, name: companies.name }).from(companies).orderBy(asc(companies.name)),
        db
          .select({ id: userGroups.id, name: userGroups.name })
          .from(userGroups)
          .orderBy(asc(userGroups.name)),
      ]);
      return {
        companies: companyRows,
        groups: groupRows,
        timesheetTypes: TIMESHEET_TYPES.map((value) => ({ value, text: TIMESHEET_LABELS[value][language] })),
        autoTimesheetTypes: AUTO_TIMESHEET_TYPES.map((value) => ({
          value,
          text: AUTO_TIMESHEET_LABELS[value][language],
        })),
      };
    },

    async getUserToEdit(userId: number): Promise<AdminUserEdit> {
      if (userId === 0) {
        return {
          id: 0,
          name: '',
          login: '',
          email: '',
          avatar: '',
          companyId: null,
          groupIds: [],
          active: true,
          isAdministrator: false,
          hasPanelAdminPermission: false,
          hasChangePasswordPermission: true,
          timesheetType: '0',
          autoTimesheetType: '0',
          calendar: { workPeriods: [] },
          additionalFields: {},
          version: 0,
        };
      }
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) throw new AppError('NOT_FOUND');
      return {
        id: user.id,
        name: user.name,
        login: user.login,
        email: user.email,
        avatar: user.avatar,
        companyId: user.companyId,
        groupIds: await listGroupIds(db, userId),
        active: !user.disabled,
        isAdministrator: user.isAdministrator,
        hasPanelAdminPermission: user.hasPanelAdminPermission,
        hasChangePasswordPermission: user.hasChangePasswordPermission,
        timesheetType: asOption(TIMESHEET_TYPES, user.timesheetType),
        autoTimesheetType: asOption(AUTO_TIMESHEET_TYPES, user.autoTimesheetType),
        calendar: { workPeriods: await listWorkPeriods(db, userId) },
        additionalFields: user.additionalFields,
        version: user.version,
      };
    },

    async saveUser(input: SaveUserInput, ctx: AdminContext): Promise<SaveUserResponse> {
      const avatar = avatarOrThrow(input.avatar, ctx.language);
      const result = await withUniqueGuard(() =>
        db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${USER_ADMIN_LOCK})`);
          await assertReferencesExist(tx, input);
          const fields = {
            name: input.name,
            login: input.login,
            email: input.email,
            avatar,
            companyId: input.companyId,
            disabled: !input.active,
            isAdministrator: input.isAdministrator,
            hasPanelAdminPermission: input.hasPanelAdminPermission,
            hasChangePasswordPermission: input.hasChangePasswordPermission,
            timesheetType: input.timesheetType,
            autoTimesheetType: input.autoTimesheetType,
          };
          const audited = (values: typeof fields, groupIds: number[], workPeriods: WorkPeriod[]) => {
            // The picture itself is not worth a copy in the audit trail: whether it changed is enough.
            const { avatar: picture, disabled, ...rest } = values;
            return { ...rest, active: !disabled, hasAvatar: picture !== '', groupIds, workPeriods };
          };
          const checkAdditionalFields = (stored: Record<string, unknown>) =>
            deps.additionalFields.checkEditOrThrow('user', input.additionalFields, stored, ctx.language, tx);
          const sortedGroups = [...new Set(input.groupIds)].sort((a, b) => a - b);
          const sortedPeriods = [...input.calendar.workPeriods].sort(
            (a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start),
          );

          if (input.id === 0) {
            const additionalFields = await checkAdditionalFields({});
            await assertUnique(tx, input, 0);
            if (input.active) await deps.plan.assertCanAddActiveUser(tx);
            const [created] = await tx
              .insert(users)
              .values({
                kind: 'staff',
                ...fields,
                additionalFields,
                // Replaced below by the e-mailed temporary password; nobody knows this one.
                passwordHash: await deps.hasher.hash(readablePassword()),
                activated: true,
              })
              .returning({ id: users.id, version: users.version });
            const user = { id: created!.id, name: input.name, login: input.login, email: input.email };
            await replaceMembershipAndCalendar(tx, user.id, input);
            await issueTemporaryPassword(tx, user, ctx.language);
            await deps.audit.append(tx, {
              action: 'admin.user.created',
              actorUserId: ctx.actorUserId,
              ip: ctx.ip,
              target: `user:${user.id}`,
              details: diffFields(
                {},
                {
                  ...audited(fields, sortedGroups, sortedPeriods),
                  ...auditedAdditionalFields(additionalFields),
                },
              ),
            });
            return { id: user.id, version: created!.version };
          }

          const [current] = await tx.select().from(users).where(eq(users.id, input.id)).for('update');
          if (!current) throw new AppError('NOT_FOUND');
          if (current.version !== input.version)
            throw errorWithParams('ADMIN_USER_VERSION_CONFLICT', {
              name: await lastModifierName(tx, current.id, ctx.language),
            });
          const additionalFields = await checkAdditionalFields(current.additionalFields);
          await assertUnique(tx, input, current.id);
          if (isActiveAdmin(current) && !isActiveAdmin(fields) && (await countActiveAdmins(tx)) <= 1)
            throw new AppError('ADMIN_LAST_ADMINISTRATOR');
          if (current.disabled && input.active) await deps.plan.assertCanAddActiveUser(tx);

          const before = {
            ...audited(
              {
                name: current.name,
                login: current.login,
                email: current.email,
                avatar: current.avatar,
                companyId: current.companyId,
                disabled: current.disabled,
                isAdministrator: current.isAdministrator,
                hasPanelAdminPermission: current.hasPanelAdminPermission,
                hasChangePasswordPermission: current.hasChangePasswordPermission,
                timesheetType: asOption(TIMESHEET_TYPES, current.timesheetType),
                autoTimesheetType: asOption(AUTO_TIMESHEET_TYPES, current.autoTimesheetType),
              },
              await listGroupIds(tx, current.id),
              await listWorkPeriods(tx, current.id),
            ),
            additionalFields: withSortedKeys(current.additionalFields),
          };
          const [updated] = await tx
            .update(users)
            .set({ ...fields, additionalFields, version: sql`${users.version} + 1`, updatedAt: deps.now() })
            .where(eq(users.id, current.id))
            .returning({ version: users.version });
          await replaceMembershipAndCalendar(tx, current.id, input);
          if (input.forcePasswordReset)
            await issueTemporaryPassword(tx, { ...current, ...input }, ctx.language);
          const endSessions = input.endSessions || input.forcePasswordReset || !input.active;
          if (endSessions) await deps.sessions.revokeUserSessions(current.id, 'admin', { tx });
          const details: Record<string, unknown> = diffFields(before, {
            ...audited(fields, sortedGroups, sortedPeriods),
            additionalFields: withSortedKeys(additionalFields),
          });
          if (input.forcePasswordReset) details.passwordReset = { before: false, after: true };
          if (input.endSessions) details.sessionsEnded = { before: false, after: true };
          await deps.audit.append(tx, {
            action: 'admin.user.updated',
            actorUserId: ctx.actorUserId,
            ip: ctx.ip,
            target: `user:${current.id}`,
            details,
          });
          return { id: current.id, version: updated!.version };
        }),
      );
      return { success: true, message: translateInfo('adminUserSaved', ctx.language), ...result };
    },

    async deleteUsers(ids: number[], ctx: AdminContext): Promise<DeleteUsersResponse> {
      const unique = [...new Set(ids)];
      if (unique.includes(ctx.actorUserId)) throw new AppError('ADMIN_CANNOT_DELETE_SELF');
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${USER_ADMIN_LOCK})`);
        const found = await tx.select().from(users).where(inArray(users.id, unique)).for('update');
        const removedAdmins = found.filter(isActiveAdmin).length;
        if (removedAdmins > 0 && (await countActiveAdmins(tx)) - removedAdmins < 1)
          throw new AppError('ADMIN_LAST_ADMINISTRATOR');

        const deleted: number[] = [];
        const deactivated: number[] = [];
        for (const user of found.sort((a, b) => a.id - b.id)) {
          if (await hasHistory(tx, user.id)) {
            if (!user.disabled)
              await tx
                .update(users)
                .set({ disabled: true, version: sql`${users.version} + 1`, updatedAt: deps.now() })
                .where(eq(users.id, user.id));
            await deps.sessions.revokeUserSessions(user.id, 'admin-deleted', { tx });
            await deps.audit.append(tx, {
              action: 'admin.user.deactivated',
              actorUserId: ctx.actorUserId,
              ip: ctx.ip,
              target: `user:${user.id}`,
              details: { active: { before: !user.disabled, after: false } },
            });
            deactivated.push(user.id);
          } else {
            await tx.delete(users).where(eq(users.id, user.id));
            await deps.audit.append(tx, {
              action: 'admin.user.deleted',
              actorUserId: ctx.actorUserId,
              ip: ctx.ip,
              target: `user:${user.id}`,
              details: {
                login: { before: user.login, after: null },
                name: { before: user.name, after: null },
                email: { before: user.email, after: null },
              },
            });
            deleted.push(user.id);
          }
        }
        return {
          success: true as const,
          message: translateInfo('adminUsersRemoved', ctx.language),
          deleted,
          deactivated,
        };
      });
    },
  };
}
export type AdminUsersService = ReturnType<typeof createAdminUsersService>;

/** node-postgres and PGlite both answer raw queries with `{ rows }`. */
function rowsOf<T = unknown>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function asOption<T extends string>(options: readonly T[], value: string): T {
  return (options as readonly string[]).includes(value) ? (value as T) : options[0]!;
}

function invalidField(field: string): AppError {
  return new AppError('VALIDATION_FAILED', [{ field, message: 'invalidValue' }]);
}

/** '' keeps no picture; anything else must be a small PNG, JPEG or WebP data URL (profile rules). */
function avatarOrThrow(value: string, language: Language): string {
  if (value === '') return '';
  const check = checkAvatar(value);
  if (check.ok) return check.dataUrl;
  const message =
    check.reason === 'too-large'
      ? formatValidationMessage('avatarTooLarge', language, { maxKb: 512, maxPx: 256 })
      : formatValidationMessage('avatarInvalid', language);
  throw new AppError('VALIDATION_FAILED', [{ field: 'body.avatar', message }]);
}
