import type { ComponentDefinition } from '@der/contracts';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { runtimeItems } from '../items/items.table.ts';
import { isProjectItem } from './item-access.ts';

/**
 * The project an item of `component` lands in when it is created without one (ComponentDefinition
 * .externalRequests): the oldest project whose title is the one the definition names. Null when the
 * component names none, is itself a project component, or no project has that title (the item then has no
 * project, as before the key existed).
 *
 * The writer needs no access to that project: requerentes and permissionários file requests into the
 * department's intake project without being its members, and keep seeing their own requests as creators
 * (engine/query/item-visibility.ts), while the project's members — the analysts — see every request.
 */
export async function requestProjectIdOf(tx: Db, component: ComponentDefinition): Promise<number | null> {
  const title = component.externalRequests?.projectTitle;
  if (!title || component.isProject) return null;
  const [project] = await tx
    .select({ id: runtimeItems.id })
    .from(runtimeItems)
    .where(and(isNull(runtimeItems.projectId), eq(runtimeItems.title, title), isProjectItem))
    .orderBy(asc(runtimeItems.id))
    .limit(1);
  return project?.id ?? null;
}
