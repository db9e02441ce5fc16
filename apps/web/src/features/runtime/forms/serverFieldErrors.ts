import { ApiError } from '../../../api/ApiError.ts';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';

/**
 * The field issues of a 400 save answer (`details: [{ field, message }]`, messages translated by the server)
 * with the item's field key: the server names them '<key>', or with a 'values.' / 'changes.' / 'body.' prefix.
 */
export function serverFieldErrors(error: unknown): { field: string; message: string }[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const details = (error.body as { details?: unknown } | undefined)?.details;
  if (!Array.isArray(details)) return [];
  return details
    .filter(
      (item): item is { field: string; message: string } =>
        Boolean(item) && typeof item.field === 'string' && typeof item.message === 'string',
    )
    .map((item) => ({
      field: item.field.replace(/^(body\.)?((changes|values)\.)?/, ''),
      message: item.message,
    }));
}

/** The text of a refused write: the server's refusals (translated, naming the field), else its message. */
export function refusalText(error: unknown): string {
  const issues = serverFieldErrors(error);
  return issues.length > 0 ? issues.map((issue) => issue.message).join(' ') : getErrorMessage(error);
}
