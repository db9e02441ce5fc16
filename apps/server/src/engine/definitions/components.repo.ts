import type { ComponentDefinition } from '@der/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { type RuntimeComponentRow, runtimeComponents } from './definitions.table.ts';

/** A component row with its definition, or null when no definition ever had that id. */
export async function findComponent(db: Db, componentId: number): Promise<RuntimeComponentRow | null> {
  const [row] = await db
    .select()
    .from(runtimeComponents)
    .where(eq(runtimeComponents.id, componentId))
    .limit(1);
  return row ?? null;
}

/**
 * The definition of a component items may be written to: one of a current definition (a component removed
 * from its application's definition keeps its row and items, read-only). Null otherwise.
 */
export async function findActiveComponent(db: Db, componentId: number): Promise<ComponentDefinition | null> {
  const row = await findComponent(db, componentId);
  return row && row.removedAt === null ? row.definition : null;
}

/**
 * The installed component of that name (names are unique across applications), as its administrators keep
 * it; null when no current definition has it. Processes find their own component so (the AET, the TPEU).
 */
export async function findActiveComponentByName(db: Db, name: string): Promise<ComponentDefinition | null> {
  const [row] = await db
    .select({ definition: runtimeComponents.definition })
    .from(runtimeComponents)
    .where(and(eq(runtimeComponents.name, name), isNull(runtimeComponents.removedAt)))
    .limit(1);
  return row?.definition ?? null;
}

/**
 * The key of the status new items of a component start in: the workflow's initial status, when the
 * component has a workflow; null otherwise.
 */
export function initialStatusOf(component: ComponentDefinition): string | null {
  return component.workflow?.statuses.find((status) => status.initial)?.key ?? null;
}
