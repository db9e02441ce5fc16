import type { OperationEffect } from '@der/contracts';
import type { Db } from '../../infra/db/database.ts';
import type { ItemActor } from '../items/create-items.ts';

/** Applies an operation's effect in the caller's transaction; answers how many items it changed. */
export type OperationRunner = (
  tx: Db,
  actor: ItemActor,
  effect: OperationEffect,
  prompt: Record<string, unknown>,
  now: Date,
) => Promise<number>;

let operationRunner: OperationRunner | null = null;

/**
 * The operations engine, handed over by the composition root (app.ts: applyOperationEffect). An operation saves
 * items through the one write path, which runs the workflow's effects: importing it here would close an import
 * cycle (save → effects → operation → save), so the app wires it once at start-up instead.
 */
export function setOperationRunner(runner: OperationRunner): void {
  operationRunner = runner;
}

/** The wired runner; an app that never wired one cannot run a runOperation effect (a programming error). */
export function getOperationRunner(): OperationRunner {
  if (!operationRunner) throw new Error('workflow: no operation runner wired (app.ts setOperationRunner)');
  return operationRunner;
}
