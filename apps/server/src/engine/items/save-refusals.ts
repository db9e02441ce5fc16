import { formatValidationMessage, type Language, type WriteRefusal } from '@der/contracts';
import { AppError, isAppError } from '../../infra/http/app-error.ts';
import type { FieldIssue } from './item-changes.ts';

/**
 * A save's refusal as data (contracts WriteRefusal without the item): which input (`row`, for saves of several
 * items), which field, a code (the validation message key, or `rule` for a business rule's error) and the text
 * in the actor's language. The form's field errors, the grid's and the import's report read this one shape.
 */
export interface SaveRefusal {
  row: number | null;
  field: string;
  code: string;
  message: string;
}

export function refusalOfIssue(
  issue: FieldIssue,
  language: Language,
  row: number | null = null,
): SaveRefusal {
  return {
    row,
    field: issue.field,
    code: issue.message,
    message: formatValidationMessage(issue.message, language, issue.params),
  };
}

/**
 * 400 VALIDATION_FAILED carrying its refusals as data. The HTTP details are `{ field, message, code, row? }`
 * (contracts FieldIssue; `prefix` before each field, e.g. `items.2.`; `row` only when the save had several
 * inputs): the web reads field and message, clients that answer per refusal read the code. `refusals` keeps them
 * unprefixed for callers that answer refusals per item (writeRefusalsOf).
 */
export class SaveRefusedError extends AppError {
  readonly refusals: readonly SaveRefusal[];

  constructor(refusals: readonly SaveRefusal[], prefix = '') {
    super(
      'VALIDATION_FAILED',
      refusals.map((refusal) => ({
        field: `${prefix}${refusal.field}`,
        message: refusal.message,
        code: refusal.code,
        ...(refusal.row === null ? {} : { row: refusal.row }),
      })),
    );
    this.refusals = refusals;
  }
}

/**
 * The refusals of a failed save as WriteRefusal rows of item `itemId` (triggerAction answers per item); null
 * when the error is not a refusal (404, 403, 409 and the rest stay errors). Any other 400 (a workflow action's
 * own refusal) reads as refusals too, its code 'invalidValue'.
 */
export function writeRefusalsOf(error: unknown, itemId: number | null): WriteRefusal[] | null {
  if (!isAppError(error) || error.code !== 'VALIDATION_FAILED') return null;
  const refusals: ReadonlyArray<Partial<SaveRefusal> & { field: string; message: string }> =
    error instanceof SaveRefusedError
      ? error.refusals
      : ((error.details ?? []) as Array<{ field: string; message: string; row?: number }>);
  return refusals.map((refusal) => ({
    itemId,
    row: refusal.row ?? null,
    field: refusal.field,
    code: refusal.code ?? 'invalidValue',
    message: refusal.message,
  }));
}
