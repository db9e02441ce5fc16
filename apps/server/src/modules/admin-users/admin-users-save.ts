import {
  AUTO_TIMESHEET_TYPES,
  formatValidationMessage,
  type Language,
  type SaveUserBodySchema,
  type SaveUserResponse,
  TIMESHEET_TYPES,
  type WorkPeriod,
} from '@der/contracts';
import type { z } from 'zod';
import { translateInfo } from '../../i18n/messages.ts';
import type { Db } from '../../infra/db/database.ts';
import { uniqueViolation } from '../../infra/db/unique-violation.ts';
import { AppError, errorWithParams } from '../../infra/http/app-error.ts';
import { auditedAdditionalFields, diffFields, withSortedKeys } from '../audit/field-diff.ts';
import { readablePassword } from '../auth/readable-password.ts';
import { checkAvatar } from '../profile/avatar.ts';
import type { AdminContext } from './admin-context.ts';
import type { AdminUserFields, UserRow } from './admin-users.repo.ts';
import { type AdminUsersDeps, isActiveAdmin } from './admin-users-deps.ts';
import { sendInvitation } from './invitation.ts';
import { issueTemporaryPassword } from './temporary-password.ts';
import { asOption } from './timesheet-options.ts';

type SaveUserInput = z.output<typeof SaveUserBodySchema>;

const SOMEONE_ELSE: Record<Language, string> = { 'pt-BR': 'outra pessoa', en: 'someone else' };

/** One save of the user form, as the create and the update steps need it. */
interface SaveRequest {
  input: SaveUserInput;
  fields: AdminUserFields;
  groupIds: number[];
  workPeriods: WorkPeriod[];
  ctx: AdminContext;
}

/** The form's fields as the audit trail records them: the picture only as whether there is one. */
function audited(values: AdminUserFields, groupIds: number[], workPeriods: WorkPeriod[]) {
  const { avatar: picture, disabled, ...rest } = values;
  return { ...rest, active: !disabled, hasAvatar: picture !== '', groupIds, workPeriods };
}

function fieldsOf(current: UserRow): AdminUserFields {
  return {
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
  };
}

/** user/saveUser: creates (id 0) or updates a user, with its groups, calendar and additional fields. */
export function createAdminUsersSave(deps: AdminUsersDeps) {
  const { db, repo } = deps;

  async function assertReferencesExist(tx: Db, input: SaveUserInput, groupIds: number[]): Promise<void> {
    if (input.companyId !== null && !(await repo.companyExists(tx, input.companyId)))
      throw invalidField('body.companyId');
    if (groupIds.length > 0 && (await repo.countExistingGroups(tx, groupIds)) !== groupIds.length)
      throw invalidField('body.groupIds');
  }

  async function assertUnique(tx: Db, input: SaveUserInput, exceptId: number): Promise<void> {
    const clash = await repo.findLoginOrEmailClashes(tx, input, exceptId);
    if (clash.some((row) => row.login.toLowerCase() === input.login.toLowerCase()))
      throw new AppError('ADMIN_DUPLICATE_LOGIN');
    if (clash.length > 0) throw new AppError('ACCOUNT_DUPLICATE_EMAIL');
  }

  const checkAdditionalFields = (tx: Db, request: SaveRequest, stored: Record<string, unknown>) =>
    deps.additionalFields.checkEditOrThrow(
      'user',
      request.input.additionalFields,
      stored,
      request.ctx.language,
      tx,
    );

  async function create(tx: Db, request: SaveRequest): Promise<{ id: number; version: number }> {
    const { input, fields, ctx } = request;
    const additionalFields = await checkAdditionalFields(tx, request, {});
    await assertUnique(tx, input, 0);
    if (input.active) await deps.plan.assertCanAddActiveUser(tx);
    const created = await repo.insertStaffUser(tx, {
      ...fields,
      additionalFields,
      // Nobody knows this one: the owner chooses the first password through the invitation's link.
      passwordHash: await deps.hasher.hash(readablePassword()),
    });
    await repo.replaceGroupsAndCalendar(tx, created.id, request.groupIds, request.workPeriods);
    const user = { id: created.id, name: input.name, login: input.login, email: input.email };
    await sendInvitation(deps, tx, user, ctx.language);
    await deps.audit.append(tx, {
      action: 'admin.user.created',
      actorUserId: ctx.actorUserId,
      ip: ctx.ip,
      target: `user:${created.id}`,
      details: diffFields(
        {},
        {
          ...audited(fields, request.groupIds, request.workPeriods),
          ...auditedAdditionalFields(additionalFields),
        },
      ),
    });
    return created;
  }

  async function update(tx: Db, request: SaveRequest): Promise<{ id: number; version: number }> {
    const { input, fields, ctx } = request;
    const current = await repo.findUser(tx, input.id, { forUpdate: true });
    if (!current) throw new AppError('NOT_FOUND');
    if (current.version !== input.version)
      throw errorWithParams('ADMIN_USER_VERSION_CONFLICT', {
        name: (await repo.lastModifierName(tx, current.id)) ?? SOMEONE_ELSE[ctx.language],
      });
    const additionalFields = await checkAdditionalFields(tx, request, current.additionalFields);
    await assertUnique(tx, input, current.id);
    if (isActiveAdmin(current) && !isActiveAdmin(fields) && (await repo.countActiveAdmins(tx)) <= 1)
      throw new AppError('ADMIN_LAST_ADMINISTRATOR');
    if (current.disabled && input.active) await deps.plan.assertCanAddActiveUser(tx);

    const before = {
      ...audited(
        fieldsOf(current),
        await repo.listGroupIds(tx, current.id),
        await repo.listWorkPeriods(tx, current.id),
      ),
      additionalFields: withSortedKeys(current.additionalFields),
    };
    const version = await repo.updateUser(tx, current.id, { ...fields, additionalFields }, deps.now());
    await repo.replaceGroupsAndCalendar(tx, current.id, request.groupIds, request.workPeriods);
    if (input.forcePasswordReset)
      await issueTemporaryPassword(deps, tx, { ...current, ...input }, ctx.language);
    const endSessions = input.endSessions || input.forcePasswordReset || !input.active;
    if (endSessions) await deps.sessions.revokeUserSessions(current.id, 'admin', { tx });
    const details: Record<string, unknown> = diffFields(before, {
      ...audited(fields, request.groupIds, request.workPeriods),
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
    return { id: current.id, version };
  }

  return async function saveUser(input: SaveUserInput, ctx: AdminContext): Promise<SaveUserResponse> {
    const request: SaveRequest = {
      input,
      ctx,
      fields: {
        name: input.name,
        login: input.login,
        email: input.email,
        avatar: avatarOrThrow(input.avatar, ctx.language),
        companyId: input.companyId,
        disabled: !input.active,
        isAdministrator: input.isAdministrator,
        hasPanelAdminPermission: input.hasPanelAdminPermission,
        hasChangePasswordPermission: input.hasChangePasswordPermission,
        timesheetType: input.timesheetType,
        autoTimesheetType: input.autoTimesheetType,
      },
      groupIds: [...new Set(input.groupIds)].sort((a, b) => a - b),
      workPeriods: [...input.calendar.workPeriods].sort(
        (a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start),
      ),
    };
    const result = await withUniqueGuard(() =>
      db.transaction(async (tx) => {
        await repo.lockUserAdministration(tx);
        await assertReferencesExist(tx, input, request.groupIds);
        return input.id === 0 ? create(tx, request) : update(tx, request);
      }),
    );
    return { success: true, message: translateInfo('adminUserSaved', ctx.language), ...result };
  };
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
