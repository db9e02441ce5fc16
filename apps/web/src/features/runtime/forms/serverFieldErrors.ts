import { ApiError } from '../../../api/ApiError.ts';

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
