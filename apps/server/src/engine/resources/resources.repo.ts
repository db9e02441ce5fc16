import type { ResourceKind } from '@der/contracts';
import { and, asc, count, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../infra/db/database.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import { workCalendars } from '../work-calendars/work-calendars.table.ts';
import { createResourceWorkRepo } from './resource-work.repo.ts';
import { resourceProjects, resources } from './resources.table.ts';

/** With resource-work.repo.ts, the only files of the resources domain that touch Drizzle (spec §7.4). */

const person = alias(users, 'resource_person');
const supervisor = alias(users, 'resource_supervisor');

const FOLD_FROM = 'áàâãäéèêëíìîïóòôõöúùûüçñ';
const FOLD_TO = 'aaaaaeeeeiiiiooooouuuucn';
/** Lower case without accents, for a search that ignores both. */
const folded = (value: SQL) => sql`translate(lower(${value}), ${FOLD_FROM}, ${FOLD_TO})`;
const foldText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** A person's name, an asset's own. */
const displayName = sql<string>`coalesce(${person.name}, ${resources.name})`;

/** Active department users: the people a resource may be, and its supervisors. */
const activeStaff = and(eq(users.kind, 'staff'), eq(users.activated, true), eq(users.disabled, false));

export interface ResourceRecord {
  id: number;
  kind: ResourceKind;
  userId: number | null;
  personName: string | null;
  email: string | null;
  name: string;
  calendarId: number | null;
  calendarName: string | null;
  costPerHour: number;
  supervisorId: number | null;
  supervisorName: string | null;
  active: boolean;
  version: number;
}

export interface ResourceFilters {
  search?: string | undefined;
  kind?: ResourceKind | undefined;
  active?: boolean | undefined;
  ids?: number[] | undefined;
}

const recordColumns = {
  id: resources.id,
  kind: resources.kind,
  userId: resources.userId,
  personName: person.name,
  email: person.email,
  name: displayName,
  calendarId: resources.calendarId,
  calendarName: workCalendars.name,
  costPerHour: resources.costPerHour,
  supervisorId: resources.supervisorId,
  supervisorName: supervisor.name,
  active: resources.active,
  version: resources.version,
};

type RecordRow = {
  [K in keyof typeof recordColumns]: unknown;
} & { costPerHour: string; kind: string };

function toRecord(row: RecordRow): ResourceRecord {
  return { ...(row as unknown as ResourceRecord), costPerHour: Number(row.costPerHour) };
}

function filterCondition(filters: ResourceFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.search)
    conditions.push(
      sql`${folded(displayName)} like ${`%${foldText(filters.search).replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
    );
  if (filters.kind) conditions.push(eq(resources.kind, filters.kind));
  if (filters.active !== undefined) conditions.push(eq(resources.active, filters.active));
  if (filters.ids) conditions.push(filters.ids.length > 0 ? inArray(resources.id, filters.ids) : sql`false`);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export function createResourcesRepo(db: Db) {
  const joined = () =>
    db
      .select(recordColumns)
      .from(resources)
      .leftJoin(person, eq(person.id, resources.userId))
      .leftJoin(workCalendars, eq(workCalendars.id, resources.calendarId))
      .leftJoin(supervisor, eq(supervisor.id, resources.supervisorId));

  return {
    ...createResourceWorkRepo(db),

    /** One page by name (a person's, an asset's), and the count of all matching. */
    async listResources(
      filters: ResourceFilters,
      page: { offset: number; limit: number },
    ): Promise<{ rows: ResourceRecord[]; total: number }> {
      const where = filterCondition(filters);
      const rows = await joined()
        .where(where)
        .orderBy(asc(folded(displayName)), asc(resources.id))
        .limit(page.limit)
        .offset(page.offset);
      const [total] = await db
        .select({ n: count() })
        .from(resources)
        .leftJoin(person, eq(person.id, resources.userId))
        .where(where);
      return { rows: rows.map((row) => toRecord(row as RecordRow)), total: Number(total?.n ?? 0) };
    },

    async findResource(id: number): Promise<ResourceRecord | null> {
      const [row] = await joined().where(eq(resources.id, id)).limit(1);
      return row ? toRecord(row as RecordRow) : null;
    },

    async findResourceOfUser(userId: number): Promise<{ id: number } | null> {
      const [row] = await db
        .select({ id: resources.id })
        .from(resources)
        .where(eq(resources.userId, userId))
        .limit(1);
      return row ?? null;
    },

    async projectIdsOf(resourceId: number): Promise<number[]> {
      const rows = await db
        .select({ projectId: resourceProjects.projectId })
        .from(resourceProjects)
        .where(eq(resourceProjects.resourceId, resourceId));
      return rows.map((row) => row.projectId);
    },

    async activeStaff(options: { excludeResources: boolean; keep?: number | null }) {
      const free = options.excludeResources
        ? sql`(${users.id} not in (select ${resources.userId} from ${resources} where ${resources.userId} is not null)${
            options.keep ? sql` or ${users.id} = ${options.keep}` : sql``
          })`
        : undefined;
      return db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(activeStaff, free))
        .orderBy(asc(users.name), asc(users.id));
    },

    async isActiveStaff(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), activeStaff))
        .limit(1);
      return row !== undefined;
    },

    async calendars() {
      return db
        .select({ id: workCalendars.id, name: workCalendars.name })
        .from(workCalendars)
        .orderBy(asc(workCalendars.name), asc(workCalendars.id));
    },

    async calendarExists(calendarId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: workCalendars.id })
        .from(workCalendars)
        .where(eq(workCalendars.id, calendarId))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Writes a resource and its projects in one transaction; a change only at `version` (null: someone saved
     * in between). Projects not in `keepProjects` ∪ `projectIds` are removed.
     */
    async saveResource(input: {
      id: number;
      version: number;
      kind: ResourceKind;
      userId: number | null;
      name: string;
      calendarId: number | null;
      costPerHour: number;
      supervisorId: number | null;
      active: boolean;
      projectIds: number[];
      now: Date;
    }): Promise<{ id: number; version: number } | null> {
      return db.transaction(async (tx) => {
        const values = {
          kind: input.kind,
          userId: input.userId,
          name: input.name,
          calendarId: input.calendarId,
          costPerHour: input.costPerHour.toFixed(2),
          supervisorId: input.supervisorId,
          active: input.active,
          modifiedAt: input.now,
        };
        let saved: { id: number; version: number } | undefined;
        if (input.id === 0) {
          [saved] = await tx
            .insert(resources)
            .values({ ...values, createdAt: input.now })
            .returning({ id: resources.id, version: resources.version });
        } else {
          [saved] = await tx
            .update(resources)
            .set({ ...values, version: sql`${resources.version} + 1` })
            .where(and(eq(resources.id, input.id), eq(resources.version, input.version)))
            .returning({ id: resources.id, version: resources.version });
        }
        if (!saved) return null;
        const projectIds = [...new Set(input.projectIds)];
        await tx
          .delete(resourceProjects)
          .where(
            and(
              eq(resourceProjects.resourceId, saved.id),
              projectIds.length > 0 ? notInArray(resourceProjects.projectId, projectIds) : undefined,
            ),
          );
        if (projectIds.length > 0)
          await tx
            .insert(resourceProjects)
            .values(projectIds.map((projectId) => ({ resourceId: saved.id, projectId })))
            .onConflictDoNothing();
        return saved;
      });
    },

    /** Deletes all of `ids` in one transaction, or none when some do not exist (answered as `missing`). */
    async deleteResources(ids: number[]): Promise<{ deleted: number[]; missing: number[] }> {
      return db.transaction(async (tx) => {
        const wanted = [...new Set(ids)];
        const found = await tx
          .select({ id: resources.id })
          .from(resources)
          .where(inArray(resources.id, wanted))
          .for('update');
        const known = new Set(found.map((row) => row.id));
        const missing = wanted.filter((id) => !known.has(id));
        if (missing.length > 0) return { deleted: [], missing };
        const rows = await tx
          .delete(resources)
          .where(inArray(resources.id, wanted))
          .returning({ id: resources.id });
        return { deleted: rows.map((row) => row.id).sort((a, b) => a - b), missing: [] };
      });
    },
  };
}
export type ResourcesRepo = ReturnType<typeof createResourcesRepo>;

/**
 * The resource a user is (their person resource), or null: for time entry (its supervisor and calendar).
 */
export async function findResourceOfUser(
  db: Db,
  userId: number,
): Promise<{ id: number; calendarId: number | null; supervisorId: number | null; active: boolean } | null> {
  const [row] = await db
    .select({
      id: resources.id,
      calendarId: resources.calendarId,
      supervisorId: resources.supervisorId,
      active: resources.active,
    })
    .from(resources)
    .where(eq(resources.userId, userId))
    .limit(1);
  return row ?? null;
}
