import { AsyncLocalStorage } from 'node:async_hooks';
import {
  type CheckCriterion,
  type ComponentDefinition,
  evaluateRuleExpression,
  type ReferenceTableSource,
  RuleExpressionError,
  type RunCheckEffect,
} from '@der/contracts';
import type { Db } from '../../infra/db/database.ts';
import { isAppError } from '../../infra/http/app-error.ts';
import { referenceTablesLoader } from '../definitions/reference-tables.repo.ts';
import { valuesOfItem } from '../forms/form-items.ts';
import type { ItemActor } from '../items/item-actor.ts';
import type { RuntimeItemRow } from '../items/items.table.ts';
import { PROCESS_ACCOUNT, systemAccountActor } from './system-account.ts';
import { workflowRefusal } from './workflow-refusals.ts';

/** One row of a check's result field (CHECK_RESULT_COLUMNS): the criterion, met or not, and what it found. */
export interface CheckResultRow {
  criterion: string;
  passed: boolean;
  detail: string | null;
}

/** The stored record is the department's: criteria and details are written in its language. */
const RECORD_LANGUAGE = 'pt-BR';

/**
 * How deep checks may chain (a check's action entering a status whose check runs another…): a definition that
 * loops is refused at this depth instead of saving the item until the transaction gives out.
 */
const MAX_CHECK_DEPTH = 3;
const checkDepth = new AsyncLocalStorage<number>();

/** A detail expression answers a text, a number, or both languages ({ 'pt-BR', en }). */
function recordText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'object' && RECORD_LANGUAGE in value)
    return String((value as Record<string, unknown>)[RECORD_LANGUAGE]);
  return String(value);
}

async function evaluateCriterion(
  criterion: CheckCriterion,
  values: Record<string, unknown>,
  now: Date,
  tables: ReferenceTableSource,
): Promise<CheckResultRow> {
  const row = { criterion: criterion.label[RECORD_LANGUAGE] };
  for (let attempt = 1; ; attempt += 1) {
    try {
      return { ...row, ...(await criterionResult(criterion, values, now, tables)) };
    } catch (error) {
      // The rule engine's time guard (JSONata D1012) fires on a busy machine: one more try before a person decides.
      if (error instanceof RuleExpressionError && error.code === 'D1012' && attempt < 2) continue;
      // A criterion the configuration cannot answer (a table gone, a bad expression) is not met: a person decides.
      if (error instanceof RuleExpressionError) return { ...row, passed: false, detail: error.message };
      throw error;
    }
  }
}

async function criterionResult(
  criterion: CheckCriterion,
  values: Record<string, unknown>,
  now: Date,
  tables: ReferenceTableSource,
): Promise<{ passed: boolean; detail: string | null }> {
  // Only `true` meets a criterion: a value missing from the item is not inside any limit.
  const passed = (await evaluateRuleExpression(criterion.expression, values, { now, tables })) === true;
  const detail = criterion.detail
    ? recordText(await evaluateRuleExpression(criterion.detail, values, { now, tables }))
    : null;
  return { passed, detail };
}

/**
 * Why the pass chain did not go through: the first refusal's text of a refused save (400), else a failure
 * of the chain's own work (a document that would not render) — the request then waits for a person instead
 * of the save that triggered the check failing (a payment confirmed stays confirmed).
 */
function chainFailure(error: unknown): string {
  if (isAppError(error) && error.statusCode === 400) {
    const details = error.details;
    const first = Array.isArray(details) ? (details[0] as { message?: unknown } | undefined) : undefined;
    if (typeof first?.message === 'string') return first.message;
  }
  return 'O processamento automático falhou; a solicitação segue para análise.';
}

/**
 * The one write path (items/save-item.ts) as the check moves the item with it: handed in by that path, which
 * runs this effect, because importing it here would close an import cycle.
 */
export type SaveAsProcess = (
  db: Db,
  actor: ItemActor,
  request: {
    componentId: number;
    itemId: number;
    changes: Record<string, unknown>;
    transition: { action: string };
  },
  context: { now: Date; component: ComponentDefinition },
) => Promise<unknown>;

/**
 * Runs a workflow's runCheck effect after the item was saved, in the save's transaction: every criterion over
 * the saved values (reference tables through $table), its rows written to the result field by the action that
 * moves the item — the `onPass` ones in order when all are met, else `onFail` — as the platform's process
 * account, through the one write path (permissions, conditions, version rows, the actions' own effects:
 * numbering, the signed document, messages). The `onPass` chain runs in a subtransaction: when one of its
 * actions is refused or fails, nothing of it stays and the item goes down `onFail` with why as a criterion.
 */
export async function runCheck(
  tx: Db,
  component: ComponentDefinition,
  saved: RuntimeItemRow,
  effect: RunCheckEffect,
  now: Date,
  saveItem: SaveAsProcess,
): Promise<void> {
  const depth = checkDepth.getStore() ?? 0;
  if (depth >= MAX_CHECK_DEPTH) throw workflowRefusal('action', 'operationLoop', RECORD_LANGUAGE);
  const tables = referenceTablesLoader(tx, component.id);
  const values = valuesOfItem(saved);
  // The tables load on their first $table (one query for all): loaded here, outside any criterion's time limit.
  await tables('');
  const rows: CheckResultRow[] = [];
  for (const criterion of effect.criteria) rows.push(await evaluateCriterion(criterion, values, now, tables));
  const actor = await systemAccountActor(tx, PROCESS_ACCOUNT);
  const move = (db: Db, action: string, changes: Record<string, unknown>) =>
    saveItem(
      db,
      actor,
      { componentId: component.id, itemId: saved.id, changes, transition: { action } },
      {
        now,
        component,
      },
    );
  await checkDepth.run(depth + 1, async () => {
    if (rows.every((row) => row.passed)) {
      try {
        await tx.transaction(async (sub) => {
          let changes: Record<string, unknown> = { [effect.resultField]: rows };
          for (const action of effect.onPass) {
            await move(sub, action, changes);
            changes = {};
          }
        });
        return;
      } catch (error) {
        // The subtransaction rolled back: nothing of the chain stays, and the transaction goes on.
        rows.push({ criterion: 'Processamento automático', passed: false, detail: chainFailure(error) });
      }
    }
    await move(tx, effect.onFail, { [effect.resultField]: rows });
  });
}
