import type { ComponentDefinition } from '@der/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { runtimeComponents } from '../definitions/definitions.table.ts';
import { visibleItem } from '../forms/form-items.ts';
import { findGrantedComponent } from '../items/application-grant.ts';
import { type RuntimeItemRow, runtimeItems } from '../items/items.table.ts';
import { isProjectItem } from '../projects/item-access.ts';
import { type ItemViewer, visibleItemCondition } from '../query/item-visibility.ts';

/** The item a form shows and the project its project widgets are about. */
export interface ProjectScope {
  item: RuntimeItemRow;
  itemComponent: ComponentDefinition;
  /** Null when the item belongs to no project. */
  project: RuntimeItemRow | null;
}

/** The project item when the viewer may see it; null otherwise (an invisible project reads as none). */
export async function findVisibleProject(
  db: Db,
  viewer: ItemViewer,
  projectId: number,
): Promise<RuntimeItemRow | null> {
  const [row] = await db
    .select()
    .from(runtimeItems)
    .where(and(eq(runtimeItems.id, projectId), isProjectItem, visibleItemCondition(viewer)))
    .limit(1);
  return row ?? null;
}

/**
 * The item (404 when the viewer may not see it) and its project: the item itself when its component is a
 * project one, else its projectId. A project the viewer may not see answers 404 too: a creator or responsible
 * sees their own item, but the project's calendar, people and configuration are for its members.
 */
export async function projectScopeOf(db: Db, viewer: ItemViewer, itemId: number): Promise<ProjectScope> {
  const { item } = await visibleItem(db, viewer, itemId);
  // An item of an application not granted to the viewer answers as unknown.
  const component = await findGrantedComponent(db, viewer, item.componentId);
  if (!component) throw new AppError('NOT_FOUND');
  const projectId = component.definition.isProject ? item.id : item.projectId;
  if (projectId === null) return { item, itemComponent: component.definition, project: null };
  const project = projectId === item.id ? item : await findVisibleProject(db, viewer, projectId);
  if (!project) throw new AppError('NOT_FOUND');
  return { item, itemComponent: component.definition, project };
}

/** How a widget names the project. */
export function projectRefOf(project: RuntimeItemRow | null) {
  return project ? { id: project.id, formattedId: project.formattedId, title: project.title } : null;
}

/** The definitions of the components the project's items are of (whatever the viewer sees of them). */
export async function componentsInProject(db: Db, projectId: number): Promise<ComponentDefinition[]> {
  const rows = await db
    .selectDistinct({ componentId: runtimeItems.componentId })
    .from(runtimeItems)
    .where(eq(runtimeItems.projectId, projectId));
  if (rows.length === 0) return [];
  const components = await db
    .select({ definition: runtimeComponents.definition })
    .from(runtimeComponents)
    .where(
      inArray(
        runtimeComponents.id,
        rows.map((row) => row.componentId),
      ),
    );
  return components.map((row) => row.definition);
}
