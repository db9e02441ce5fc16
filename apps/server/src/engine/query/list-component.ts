import type { ComponentDefinition, ComponentSummary, Language } from '@der/contracts';
import { localize } from '@der/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { runtimeComponents } from '../definitions/definitions.table.ts';
import { applicationGrantedCondition, grantedComponentOrThrow } from '../items/application-grant.ts';
import type { ItemViewer } from './item-visibility.ts';

/** A component as lists read it: its definition and the application it belongs to. */
export interface ListComponent {
  definition: ComponentDefinition;
  applicationId: number;
}

/**
 * The component a list names, 404 when no definition has it or its application is not granted to the viewer
 * (engine/items/application-grant.ts: item routes, reads included, answer only granted applications). A
 * component removed from its definition stays listable: its items and data are kept (read-only), and an old
 * link still shows them.
 */
export async function loadListComponent(
  db: Db,
  viewer: ItemViewer,
  componentId: number,
): Promise<ListComponent> {
  const row = await grantedComponentOrThrow(db, viewer, componentId, { active: false });
  return { definition: row.definition, applicationId: row.applicationId };
}

/** getComponentByName: only components of current definitions of granted applications. */
export async function loadComponentByName(db: Db, viewer: ItemViewer, name: string): Promise<ListComponent> {
  const [row] = await db
    .select()
    .from(runtimeComponents)
    .where(
      and(
        eq(runtimeComponents.name, name),
        isNull(runtimeComponents.removedAt),
        applicationGrantedCondition(viewer, runtimeComponents.applicationId),
      ),
    )
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return { definition: row.definition, applicationId: row.applicationId };
}

export function summarize(component: ListComponent, language: Language): ComponentSummary {
  const { definition } = component;
  return {
    id: definition.id,
    name: definition.name,
    label: localize(definition.label, language),
    pluralLabel: localize(definition.pluralLabel, language),
    isProject: definition.isProject,
    applicationId: component.applicationId,
  };
}
