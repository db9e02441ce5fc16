import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import {
  type ApplicationMenuItemRow,
  type ApplicationRow,
  applicationGrants,
  applicationMenuItems,
  applications,
} from './applications.table.ts';

/** Who asks: a user, the groups the user is in, and whether the user is an administrator (sees everything). */
export interface Grantee {
  userId: number;
  groupIds: number[];
  isAdministrator: boolean;
}

/** A grant row naming the user or one of the user's groups. */
function grantsOf(grantee: Grantee) {
  const byUser = eq(applicationGrants.userId, grantee.userId);
  return grantee.groupIds.length > 0
    ? or(byUser, inArray(applicationGrants.groupId, grantee.groupIds))
    : byUser;
}

function grantedTo(grantee: Grantee) {
  return sql`exists (select 1 from ${applicationGrants} where ${applicationGrants.applicationId} = ${applications.id} and (${grantsOf(grantee)}))`;
}

export function createApplicationsRepo(db: Db) {
  return {
    async listAllowed(grantee: Grantee): Promise<ApplicationRow[]> {
      return db
        .select()
        .from(applications)
        .where(grantee.isAdministrator ? undefined : grantedTo(grantee))
        .orderBy(asc(sql`lower(${applications.name})`), asc(applications.id));
    },

    /** The application when it exists and the grantee may open it; null otherwise (no difference told). */
    async findAllowed(applicationId: number, grantee: Grantee): Promise<ApplicationRow | null> {
      const [row] = await db
        .select()
        .from(applications)
        .where(
          and(eq(applications.id, applicationId), grantee.isAdministrator ? undefined : grantedTo(grantee)),
        )
        .limit(1);
      return row ?? null;
    },

    async listMenuItems(applicationId: number): Promise<ApplicationMenuItemRow[]> {
      return db
        .select()
        .from(applicationMenuItems)
        .where(eq(applicationMenuItems.applicationId, applicationId))
        .orderBy(asc(applicationMenuItems.position), asc(applicationMenuItems.id));
    },
  };
}
export type ApplicationsRepo = ReturnType<typeof createApplicationsRepo>;
