import type { ComponentDefinition, WorkflowAction } from '@der/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import type { ItemActor } from '../items/item-actor.ts';
import { type RuntimeItemRow, runtimeItems } from '../items/items.table.ts';
import { saveItem } from '../items/save-item.ts';

/** Who plays each side of a request's process: its applicant (requerente, permissionário) and a department analyst. */
export interface ProcessPeople {
  applicant: ItemActor;
  analyst: ItemActor;
}

/**
 * The fewest actions of the workflow from `from` to `to` (breadth first over the definition's actions), so the
 * driver follows the process as its definition stands — a payment or analysis step added to it is walked too.
 */
export function actionPath(component: ComponentDefinition, from: string, to: string): WorkflowAction[] {
  const actions = component.workflow?.actions ?? [];
  const reached = new Map<string, WorkflowAction[]>([[from, []]]);
  const queue = [from];
  while (queue.length > 0) {
    const status = queue.shift()!;
    if (status === to) return reached.get(status)!;
    for (const action of actions)
      if (action.from.includes(status) && !reached.has(action.to)) {
        reached.set(action.to, [...reached.get(status)!, action]);
        queue.push(action.to);
      }
  }
  throw new Error(`the workflow of ${component.name} has no way from '${from}' to '${to}'`);
}

/** The applicant runs what the definition gives the request's creator; the department everything else. */
function actorFor(action: WorkflowAction, people: ProcessPeople): ItemActor {
  return action.allowedRoles.includes('creator') ? people.applicant : people.analyst;
}

async function itemRow(db: Db, itemId: number): Promise<RuntimeItemRow> {
  const [row] = await db.select().from(runtimeItems).where(eq(runtimeItems.id, itemId));
  if (!row) throw new Error(`no item ${itemId}`);
  return row;
}

/**
 * Carries a request through the workflow to `target`, each action run as the user who would run it, through
 * the one write path in its own transaction (its effects — numbering, the signed PDF, notifications — with
 * it), as the people of the process do: the demo data and the tests issue AETs and TPEUs exactly as the product
 * does. `reason` answers actions that need one; `values` are written by the action they name (e.g. the validity
 * and fee the analyst fills in before 'emitir'); an action that asks for the next responsible gets the analyst.
 * A step the process took by itself (an automatic issuance) is followed from where the request stands.
 */
export async function driveRequest(
  db: Db,
  component: ComponentDefinition,
  itemId: number,
  target: string,
  options: {
    people: ProcessPeople;
    now: () => Date;
    reason: string;
    values?: Record<string, Record<string, unknown>>;
  },
): Promise<RuntimeItemRow> {
  let item = await itemRow(db, itemId);
  for (let steps = 0; item.status !== target; steps++) {
    if (steps > 20 || item.status === null) throw new Error(`request ${itemId} did not reach '${target}'`);
    const [action] = actionPath(component, item.status, target);
    const changes = options.values?.[action!.key] ?? {};
    await db.transaction((tx) =>
      saveItem(
        tx,
        actorFor(action!, options.people),
        {
          componentId: component.id,
          itemId,
          changes,
          transition: {
            action: action!.key,
            reason: action!.reasonRequired ? options.reason : null,
            ...(action!.responsibleRequired ? { responsibleId: options.people.analyst.userId } : {}),
            values: changes,
          },
        },
        { now: options.now(), component },
      ),
    );
    item = await itemRow(db, itemId);
  }
  return item;
}
