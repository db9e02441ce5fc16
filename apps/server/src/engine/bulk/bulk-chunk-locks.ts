import {
  assertNever,
  type BulkOperation,
  type ComponentDefinition,
  type WorkflowEffect,
} from '@der/contracts';
import type { Db } from '../../infra/db/database.ts';
import type { ItemActor } from '../items/create-items.ts';
import { type LockedItem, lockItemsForSave } from '../items/locked-item.ts';

/**
 * Whether an effect of an action writes nothing but its own item and messages. setField and assignResponsible
 * are part of the item's write; notify writes messages and the outbox. An operation may write any item, and a
 * generated document is the documents issue's to define: neither is assumed to leave other items alone.
 */
function effectWritesOnlyItsItem(effect: WorkflowEffect): boolean {
  switch (effect.kind) {
    case 'setField':
    case 'assignResponsible':
    case 'notify':
      return true;
    case 'runOperation':
    case 'generateDocument':
    case 'stampFiles':
    // A check saves its item again (its results and the next action): what the chunk read is stale after it.
    case 'runCheck':
      return false;
    default:
      return assertNever(effect);
  }
}

/**
 * Whether each item's save of the operation writes no other item (besides messages): then the items a chunk
 * reads and locks at its start are still as read when each one's turn comes, and none needs reading again.
 * The action's own effects and its target status's onEnter effects (run whenever the status changes) count.
 */
export function savesWriteOnlyTheirItem(component: ComponentDefinition, operation: BulkOperation): boolean {
  switch (operation.kind) {
    case 'update':
      return true;
    case 'action': {
      const action = component.workflow?.actions.find((candidate) => candidate.key === operation.action);
      // An unknown action is refused by each item's save before it writes anything.
      if (!action) return true;
      const entered = component.workflow?.statuses.find((status) => status.key === action.to);
      return [...(entered?.onEnter ?? []), ...action.effects].every(effectWritesOnlyItsItem);
    }
    default:
      return assertNever(operation);
  }
}

/**
 * The chunk's items the actor sees, read and locked in one statement (id order) instead of one read per item
 * — only when the saves write no item but their own (savesWriteOnlyTheirItem); otherwise none, and each save
 * reads its item when its turn comes. An item missing from the answer reads itself too (and is refused).
 */
export async function lockChunkItems(
  tx: Db,
  actor: ItemActor,
  component: ComponentDefinition,
  operation: BulkOperation,
  itemIds: readonly number[],
): Promise<Map<number, LockedItem>> {
  if (!savesWriteOnlyTheirItem(component, operation)) return new Map();
  return lockItemsForSave(tx, actor, component.id, itemIds);
}
