import { AsyncLocalStorage } from 'node:async_hooks';
import { assertNever, type ComponentDefinition } from '@der/contracts';
import type { Db } from '../../infra/db/database.ts';
import { applicationDocumentPart } from '../definitions/application-document-part.ts';
import type { ItemActor } from '../items/item-actor.ts';
import type { RuntimeItemRow } from '../items/items.table.ts';
import { generateDocument } from '../print-layouts/generate-document.ts';
import { stampFiles } from '../signatures/stamp-files.ts';
import { effectsOf, type Transition, transitionFires } from './item-transition.ts';
import { runNotify } from './notify.ts';
import { getOperationRunner } from './operation-runner.ts';
import { runCheck, type SaveAsProcess } from './run-check.ts';
import { workflowRefusal } from './workflow-refusals.ts';

/**
 * How deep operations run by actions may nest (an operation moving items whose action runs an operation…):
 * a definition that loops is refused at this depth instead of running until the transaction gives out.
 */
export const MAX_OPERATION_DEPTH = 3;
const operationDepth = new AsyncLocalStorage<number>();

/** The operation of the component's application with that id, or null (the validator makes this rare). */
async function findApplicationOperation(tx: Db, componentId: number, operationId: number) {
  const operations = await applicationDocumentPart(tx, componentId, 'operations');
  return operations?.find((operation) => operation.id === operationId) ?? null;
}

async function runOperation(
  tx: Db,
  actor: ItemActor,
  component: ComponentDefinition,
  operationId: number,
  now: Date,
): Promise<void> {
  const depth = operationDepth.getStore() ?? 0;
  if (depth >= MAX_OPERATION_DEPTH) throw workflowRefusal('action', 'operationLoop', actor.language);
  const operation = await findApplicationOperation(tx, component.id, operationId);
  if (!operation) throw workflowRefusal('action', 'unknownOperation', actor.language);
  const effect = operation.effect;
  if (!effect) return;
  // The action's permission is the operation's: who may run the action runs what it chains (the operation's
  // own groups guard the menu entry). The effect's saves go through the one write path as the actor.
  await operationDepth.run(depth + 1, () => getOperationRunner()(tx, actor, effect, {}, now));
}

/**
 * The after-save effects of a workflow action, in the save's transaction (the one write path calls this
 * after writing the item and its version row): the entered status's onEnter effects and the action's own,
 * in the definition's order. setField and assignResponsible were applied by checkTransition before the
 * write; notify queues messages, pushes and e-mails; runOperation runs an operation of the application;
 * generateDocument renders a print layout into an attachment of the item (print-layouts/generate-document.ts);
 * stampFiles stamps and signs a field's sheets into attachments (signatures/stamp-files.ts); runCheck checks the
 * saved item and moves it on by another action (run-check.ts).
 * Nothing runs while the action waits for approvals. `saveItem` is the write path calling this (runCheck saves
 * with it).
 */
export async function runTransitionEffects(
  tx: Db,
  actor: ItemActor,
  component: ComponentDefinition,
  saved: RuntimeItemRow,
  transition: Transition,
  now: Date,
  saveItem: SaveAsProcess,
): Promise<void> {
  if (!transitionFires(transition)) return;
  const action = component.workflow?.actions.find((candidate) => candidate.key === transition.action);
  if (!action) return;
  for (const effect of effectsOf(component, action, transition.from)) {
    switch (effect.kind) {
      case 'setField':
      case 'assignResponsible':
        break;
      case 'notify':
        await runNotify(tx, actor, component, saved, effect, now);
        break;
      case 'runOperation':
        await runOperation(tx, actor, component, effect.operationId, now);
        break;
      case 'generateDocument':
        await generateDocument(tx, actor, component, saved, effect, now);
        break;
      case 'runCheck':
        await runCheck(tx, component, saved, effect, now, saveItem);
        break;
      case 'stampFiles':
        await stampFiles(tx, actor, component, saved, effect, now);
        break;
      default:
        assertNever(effect);
    }
  }
}
