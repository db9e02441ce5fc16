import {
  checkFieldRules,
  type ExecuteOperationCallResultFunctionBody,
  evaluateRuleExpression,
  type OperationAnswer,
  type OperationDefinition,
  RuleExpressionError,
  toRuleValue,
} from '@der/contracts';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import type { AuditService } from '../../modules/audit/audit.service.ts';
import { type FieldIssue, validationError } from '../items/item-changes.ts';
import type { ItemActor } from '../items/items.service.ts';
import { applyOperationEffect } from './operation-effect.ts';
import { type FoundOperation, findOperation, mayRunOperation } from './operation-lookup.ts';

/** The prompt's values as the expressions read them, or 400 naming each field the rules of spec §5 refuse. */
function checkedPromptValues(
  operation: OperationDefinition,
  values: Record<string, unknown>,
  actor: ItemActor,
): Record<string, unknown> {
  const issues: FieldIssue[] = [];
  const checked: Record<string, unknown> = {};
  for (const field of operation.prompt?.fields ?? []) {
    const raw = values[field.key];
    const result = checkFieldRules(field, raw);
    if (!result.ok) issues.push({ field: field.key, ...result.issue });
    else checked[field.key] = toRuleValue(field, raw) ?? null;
  }
  if (issues.length > 0) throw validationError(issues, actor.language, 'values.');
  return checked;
}

/** A definition expression that fails at run time is the definition's fault: 400 naming the operation. */
function expressionFailure(error: unknown): never {
  if (error instanceof RuleExpressionError)
    throw new AppError('VALIDATION_FAILED', [{ field: 'operation', message: error.message }]);
  throw error;
}

/** Spec §7.6 executeOperationBusinessRule / executeOperationCallResultFunction. */
export function createOperationsService(deps: { db: Db; now: () => Date; audit: AuditService }) {
  const { db } = deps;

  async function runnableOperation(actor: ItemActor, operationId: number): Promise<FoundOperation> {
    const found = await findOperation(db, operationId);
    if (!found) throw new AppError('NOT_FOUND');
    if (!(await mayRunOperation(db, actor, found.operation))) throw new AppError('FORBIDDEN');
    return found;
  }

  /** The effect, the message and the audit entry in ONE transaction: all happen or none. */
  async function run(
    actor: ItemActor,
    found: FoundOperation,
    prompt: Record<string, unknown>,
  ): Promise<OperationAnswer> {
    const { operation } = found;
    const now = deps.now();
    return db
      .transaction(async (tx) => {
        const updated = operation.effect
          ? await applyOperationEffect(tx, actor, operation.effect, prompt, now)
          : 0;
        const message = await evaluateRuleExpression(
          operation.message,
          { prompt, userId: actor.userId, updated },
          { now },
        );
        await deps.audit.append(tx, {
          action: 'runtime.operation.executed',
          actorUserId: actor.userId,
          target: `operation:${operation.id}`,
          details: { applicationId: found.applicationId, updated },
        });
        return { message: message === undefined || message === null ? '' : String(message), updated };
      })
      .catch(expressionFailure);
  }

  return {
    /** Runs the operation, or answers its prompt when it needs values first. */
    async executeBusinessRule(actor: ItemActor, operationId: number): Promise<OperationAnswer> {
      const found = await runnableOperation(actor, operationId);
      if (found.operation.prompt) return { prompt: found.operation.prompt };
      return run(actor, found, {});
    },

    /** Runs the operation with the values its prompt collected (checked again here: the server decides). */
    async executeCallResult(
      actor: ItemActor,
      body: ExecuteOperationCallResultFunctionBody,
    ): Promise<OperationAnswer> {
      const found = await runnableOperation(actor, body.operationId);
      return run(actor, found, checkedPromptValues(found.operation, body.values, actor));
    },
  };
}
export type OperationsService = ReturnType<typeof createOperationsService>;
