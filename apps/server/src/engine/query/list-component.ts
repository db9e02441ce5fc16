import type { ComponentDefinition, ComponentSummary, Language } from '@der/contracts';
import { localize } from '@der/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { findComponent } from '../definitions/components.repo.ts';
import { runtimeComponents } from '../definitions/definitions.table.ts';

/** A component as lists read it: its definition and the application it belongs to. */
export interface ListComponent {
  definition: ComponentDefinition;
  applicationId: number;
}

/**
 * The component a list names, 404 when no definition has it. A component removed from its definition stays
 * listable: its items and data are kept (read-only), and an old link still shows them.
 */
export async function loadListComponent(db: Db, componentId: number): Promise<ListComponent> {
  const row = await findComponent(db, componentId);
  if (!row) throw new AppError('NOT_FOUND');
  return { definition: row.definition, applicationId: row.applicationId };
}

/** getComponentByName: only components of current definitions. */
export async function loadComponentByName(db: Db, name: string): Promise<ListComponent> {
  const [row] = await db
    .select()
    .from(runtimeComponents)
    .where(and(eq(runtimeComponents.name, name), isNull(runtimeComponents.removedAt)))
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
