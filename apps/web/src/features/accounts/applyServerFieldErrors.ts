import { ApiError } from '../../api/ApiError.ts';

interface FieldIssueLike {
  field: string;
  message: string;
}

function readFieldIssues(error: unknown): FieldIssueLike[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const details = (error.body as { details?: unknown } | undefined)?.details;
  if (!Array.isArray(details)) return [];
  return details.filter(
    (item): item is FieldIssueLike =>
      Boolean(item) && typeof item.field === 'string' && typeof item.message === 'string',
  );
}

/**
 * Maps the field issues of a 400 answer (`details: [{ field: 'body.email', message }]`, messages already
 * translated by the server) onto the form's fields. Returns how many fields got an error.
 */
export function applyServerFieldErrors<Name extends string>(
  error: unknown,
  setError: (
    name: Name,
    error: { type: string; message: string },
    options?: { shouldFocus: boolean },
  ) => void,
  fields: readonly Name[],
  aliases: Record<string, Name> = {},
): number {
  let applied = 0;
  for (const issue of readFieldIssues(error)) {
    const path = issue.field.replace(/^body\./, '');
    const name = aliases[path] ?? (fields as readonly string[]).find((field) => field === path);
    if (!name) continue;
    setError(name as Name, { type: 'server', message: issue.message }, { shouldFocus: applied === 0 });
    applied += 1;
  }
  return applied;
}
