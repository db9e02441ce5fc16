import type { AdminGroup, AdminGroupRow, GroupFormInitialData, Language } from '@der/contracts';
import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { translateInfo } from '../../i18n/messages.ts';
import type { Db } from '../../infra/db/database.ts';
import { uniqueViolation } from '../../infra/db/unique-violation.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { users } from '../accounts/accounts.table.ts';
import type { AdminContext } from '../admin-users/admin-context.ts';
import { applicationGrants, applications } from '../applications/applications.table.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { diffFields } from '../audit/field-diff.ts';
import type { GroupsService } from '../groups/groups.service.ts';
import { groupMembers, userGroups } from '../groups/groups.table.ts';

export interface SaveGroupInput {
  id: number;
  name: string;
  memberIds?: number[] | undefined;
  applicationIds?: number[] | undefined;
}

/** Group administration: names (unique in any letter case), members, and the applications granted. */
export function createAdminGroupsService(deps: {
  db: Db;
  groups: GroupsService;
  audit: AuditService;
  now: () => Date;
}) {
  const { db } = deps;

  async function getGroupOrThrow(tx: Db, groupId: number) {
    const [group] = await tx.select().from(userGroups).where(eq(userGroups.id, groupId)).for('update');
    if (!group) throw new AppError('NOT_FOUND');
    return group;
  }

  async function assertNameFree(tx: Db, name: string, exceptId: number) {
    const [clash] = await tx
      .select({ id: userGroups.id })
      .from(userGroups)
      .where(and(sql`lower(${userGroups.name}) = lower(${name})`, ne(userGroups.id, exceptId)))
      .limit(1);
    if (clash) throw new AppError('ADMIN_GROUP_DUPLICATE_NAME');
  }

  async function memberIds(tx: Db, groupId: number) {
    return deps.groups.listUserIdsOfGroups(tx, [groupId]);
  }

  async function grantedApplicationIds(tx: Db, groupId: number) {
    const rows = await tx
      .select({ id: applicationGrants.applicationId })
      .from(applicationGrants)
      .where(eq(applicationGrants.groupId, groupId))
      .orderBy(asc(applicationGrants.applicationId));
    return rows.map((row) => row.id);
  }

  const sortedUnique = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);
  const unknownIds = (field: string) =>
    new AppError('VALIDATION_FAILED', [{ field, message: 'invalidValue' }]);

  /** Makes the group's members exactly `userIds`; `field` names the body field an unknown id is blamed on. */
  async function replaceMembers(tx: Db, groupId: number, userIds: number[], field: string) {
    const wanted = sortedUnique(userIds);
    if (wanted.length > 0) {
      const found = await tx.select({ id: users.id }).from(users).where(inArray(users.id, wanted));
      if (found.length !== wanted.length) throw unknownIds(field);
    }
    const before = await memberIds(tx, groupId);
    await tx.delete(groupMembers).where(eq(groupMembers.groupId, groupId));
    await deps.groups.addMembers(tx, groupId, wanted);
    return { before, after: wanted };
  }

  /** Makes the applications granted to the group exactly `applicationIds`. */
  async function replaceApplications(tx: Db, groupId: number, applicationIds: number[], field: string) {
    const wanted = sortedUnique(applicationIds);
    if (wanted.length > 0) {
      const found = await tx
        .select({ id: applications.id })
        .from(applications)
        .where(inArray(applications.id, wanted));
      if (found.length !== wanted.length) throw unknownIds(field);
    }
    const before = await grantedApplicationIds(tx, groupId);
    await tx
      .delete(applicationGrants)
      .where(and(eq(applicationGrants.groupId, groupId), isNotNull(applicationGrants.groupId)));
    if (wanted.length > 0)
      await tx.insert(applicationGrants).values(wanted.map((applicationId) => ({ applicationId, groupId })));
    return { before, after: wanted };
  }

  function audit(
    tx: Db,
    ctx: AdminContext,
    action: string,
    groupId: number,
    details: Record<string, unknown>,
  ) {
    return deps.audit.append(tx, {
      action: `admin.group.${action}`,
      actorUserId: ctx.actorUserId,
      ip: ctx.ip,
      target: `group:${groupId}`,
      details,
    });
  }

  const success = (key: Parameters<typeof translateInfo>[0], language: Language) => ({
    success: true as const,
    message: translateInfo(key, language),
  });

  return {
    async listGroups(): Promise<AdminGroupRow[]> {
      return db
        .select({
          id: userGroups.id,
          name: userGroups.name,
          memberCount: sql<number>`count(${groupMembers.userId})::int`,
        })
        .from(userGroups)
        .leftJoin(groupMembers, eq(groupMembers.groupId, userGroups.id))
        .groupBy(userGroups.id)
        .orderBy(asc(userGroups.name));
    },

    async getFormInitialData(): Promise<GroupFormInitialData> {
      const [userRows, appRows] = await Promise.all([
        db
          .select({ id: users.id, name: users.name, email: users.email, login: users.login })
          .from(users)
          .where(eq(users.disabled, false))
          .orderBy(asc(users.name)),
        db
          .select({ id: applications.id, name: applications.name })
          .from(applications)
          .orderBy(asc(applications.name)),
      ]);
      return { users: userRows, applications: appRows };
    },

    async getGroup(groupId: number): Promise<AdminGroup> {
      const [group] = await db.select().from(userGroups).where(eq(userGroups.id, groupId));
      if (!group) throw new AppError('NOT_FOUND');
      const members = await db
        .select({ id: users.id, name: users.name, email: users.email, login: users.login })
        .from(groupMembers)
        .innerJoin(users, eq(users.id, groupMembers.userId))
        .where(eq(groupMembers.groupId, groupId))
        .orderBy(asc(users.name));
      return {
        id: group.id,
        name: group.name,
        members,
        applicationIds: await grantedApplicationIds(db, groupId),
      };
    },

    /**
     * Name, members and granted applications in one transaction with one audit entry: any refusal (duplicate
     * name, unknown user or application) leaves the group as it was. Lists left out stay unchanged.
     */
    async saveGroup(input: SaveGroupInput, ctx: AdminContext) {
      try {
        const id = await db.transaction(async (tx) => {
          const group =
            input.id === 0 ? { id: 0, name: null as string | null } : await getGroupOrThrow(tx, input.id);
          await assertNameFree(tx, input.name, group.id);
          let groupId = group.id;
          if (group.id === 0) groupId = await deps.groups.createGroup(tx, input.name);
          else
            await tx
              .update(userGroups)
              .set({ name: input.name, updatedAt: deps.now() })
              .where(eq(userGroups.id, group.id));
          const details: Record<string, { before: unknown; after: unknown }> = diffFields(
            { name: group.name },
            { name: input.name },
          );
          if (input.memberIds) {
            const change = await replaceMembers(tx, groupId, input.memberIds, 'body.memberIds');
            Object.assign(details, diffFields({ memberIds: change.before }, { memberIds: change.after }));
          }
          if (input.applicationIds) {
            const change = await replaceApplications(
              tx,
              groupId,
              input.applicationIds,
              'body.applicationIds',
            );
            Object.assign(
              details,
              diffFields({ applicationIds: change.before }, { applicationIds: change.after }),
            );
          }
          await audit(tx, ctx, group.id === 0 ? 'created' : 'updated', groupId, details);
          return groupId;
        });
        return { ...success('adminGroupSaved', ctx.language), id };
      } catch (error) {
        // A concurrent save took the name between the check and the write.
        if (uniqueViolation(error) === 'user_groups_name_unique')
          throw new AppError('ADMIN_GROUP_DUPLICATE_NAME');
        throw error;
      }
    },

    /** Members and grants go with the group (ON DELETE CASCADE); the audit row keeps what they were. */
    async deleteGroups(ids: number[], ctx: AdminContext) {
      await db.transaction(async (tx) => {
        const found = await tx
          .select()
          .from(userGroups)
          .where(inArray(userGroups.id, [...new Set(ids)]))
          .for('update');
        for (const group of found) {
          const details = {
            name: { before: group.name, after: null },
            memberIds: { before: await memberIds(tx, group.id), after: [] },
            applicationIds: { before: await grantedApplicationIds(tx, group.id), after: [] },
          };
          await tx.delete(userGroups).where(eq(userGroups.id, group.id));
          await audit(tx, ctx, 'deleted', group.id, details);
        }
      });
      return success('adminGroupsRemoved', ctx.language);
    },

    async setMembers(input: { groupId: number; userIds: number[] }, ctx: AdminContext) {
      await db.transaction(async (tx) => {
        const group = await getGroupOrThrow(tx, input.groupId);
        const change = await replaceMembers(tx, group.id, input.userIds, 'body.userIds');
        await audit(
          tx,
          ctx,
          'members',
          group.id,
          diffFields({ memberIds: change.before }, { memberIds: change.after }),
        );
      });
      return success('adminGroupMembersSaved', ctx.language);
    },

    async setApplications(input: { groupId: number; applicationIds: number[] }, ctx: AdminContext) {
      await db.transaction(async (tx) => {
        const group = await getGroupOrThrow(tx, input.groupId);
        const change = await replaceApplications(tx, group.id, input.applicationIds, 'body.applicationIds');
        await audit(
          tx,
          ctx,
          'applications',
          group.id,
          diffFields({ applicationIds: change.before }, { applicationIds: change.after }),
        );
      });
      return success('adminGroupApplicationsSaved', ctx.language);
    },
  };
}
export type AdminGroupsService = ReturnType<typeof createAdminGroupsService>;
