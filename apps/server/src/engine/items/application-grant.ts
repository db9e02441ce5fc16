import type { ComponentDefinition } from '@der/contracts';
import { type AnyColumn, and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { applicationGrants } from '../../modules/applications/applications.table.ts';
import { groupMembers } from '../../modules/groups/groups.table.ts';
import { type RuntimeComponentRow, runtimeComponents } from '../definitions/definitions.table.ts';
import type { ItemViewer } from '../query/item-visibility.ts';

/**
 * Whether the viewer may open the application `applicationId` (a SQL column or value): a grant row naming them
 * or one of their groups. Administrators open every application (no predicate at all).
 */
export function applicationGrantedCondition(
  viewer: ItemViewer,
  applicationId: SQL | typeof runtimeComponents.applicationId,
): SQL {
  if (viewer.isAdministrator) return sql`true`;
  return sql`exists (select 1 from ${applicationGrants} where ${applicationGrants.applicationId} = ${applicationId} and (${applicationGrants.userId} = ${viewer.userId} or ${applicationGrants.groupId} in (select ${groupMembers.groupId} from ${groupMembers} where ${groupMembers.userId} = ${viewer.userId})))`;
}

/**
 * Items whose component belongs to an application granted to the viewer, as a predicate over runtime_items
 * (lists that span components, e.g. the projects list). Uncorrelated: the granted components are read once.
 */
export function grantedComponentItemCondition(viewer: ItemViewer, componentId: SQL | AnyColumn): SQL {
  if (viewer.isAdministrator) return sql`true`;
  return sql`${componentId} in (select ${runtimeComponents.id} from ${runtimeComponents} where ${applicationGrantedCondition(viewer, runtimeComponents.applicationId)})`;
}

/**
 * The component row when the viewer may use it: it exists and its application is granted to them. A component
 * of an application they were not granted answers 404 like an unknown one — its id tells nothing. Every item
 * route, reads included, loads its component through this (or grantedComponentOrThrow).
 */
export async function findGrantedComponent(
  db: Db,
  viewer: ItemViewer,
  componentId: number,
): Promise<RuntimeComponentRow | null> {
  const [row] = await db
    .select()
    .from(runtimeComponents)
    .where(
      and(
        eq(runtimeComponents.id, componentId),
        applicationGrantedCondition(viewer, runtimeComponents.applicationId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** findGrantedComponent, 404 when absent; `active`: only a component of a current definition (writes). */
export async function grantedComponentOrThrow(
  db: Db,
  viewer: ItemViewer,
  componentId: number,
  options: { active: boolean },
): Promise<RuntimeComponentRow> {
  const row = await findGrantedComponent(db, viewer, componentId);
  if (!row || (options.active && row.removedAt !== null)) throw new AppError('NOT_FOUND');
  return row;
}

/** A component items may be written to by this viewer: granted application, current definition (else 404). */
export async function writableComponentOrThrow(
  db: Db,
  viewer: ItemViewer,
  componentId: number,
): Promise<ComponentDefinition> {
  return (await grantedComponentOrThrow(db, viewer, componentId, { active: true })).definition;
}

/**
 * The current components of the application, when it is granted to the viewer (none otherwise: an application
 * they may not open reads as one without components). The grant is checked in WHERE: in a select list Drizzle
 * writes the correlated column unqualified, and the subquery would compare application_grants with itself.
 */
export async function grantedCurrentComponentsOf(
  db: Db,
  viewer: ItemViewer,
  applicationId: number,
): Promise<ComponentDefinition[]> {
  const rows = await db
    .select({ definition: runtimeComponents.definition })
    .from(runtimeComponents)
    .where(
      and(
        eq(runtimeComponents.applicationId, applicationId),
        isNull(runtimeComponents.removedAt),
        applicationGrantedCondition(viewer, runtimeComponents.applicationId),
      ),
    );
  return rows.map((row) => row.definition);
}
