import type { FieldIssue } from '@der/contracts';
import type { FastifyRequest } from 'fastify';

/**
 * PostgreSQL's "data exception" errors (SQLSTATE class 22: a number out of its column's range, text that is
 * not a number, a date that does not exist) are about a value, and the values the server writes or compares
 * come from the request. Many contract ids are integers without an upper bound while the columns are 32-bit
 * (`integer`), so `{"itemId": 2147483648}` used to reach the database and answer 500. The error handler answers
 * such errors 400 VALIDATION_FAILED instead, naming the fields that cannot fit when it can find them.
 */

const INT4_MAX = 2_147_483_647;
const MAX_CAUSES = 5;

/** The SQLSTATE of a PostgreSQL error, looked for down Drizzle's causes. */
function sqlState(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSES && typeof current === 'object' && current !== null; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = cause;
  }
  return null;
}

export function isDataException(error: unknown): boolean {
  return sqlState(error)?.startsWith('22') ?? false;
}

/** An integer no `integer` column holds: a number, or the digits a query string carries. */
function outOfIntegerRange(value: unknown): boolean {
  const number = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && Math.abs(number) > INT4_MAX;
}

/** Dotted paths (`body.items.0.id`) of the integers in `input` beyond 32 bits; iterative, the first 20. */
function outOfRangePaths(input: unknown, context: string): string[] {
  const found: string[] = [];
  const stack: Array<{ value: unknown; path: string }> = [{ value: input, path: context }];
  while (stack.length > 0 && found.length < 20) {
    const { value, path } = stack.pop() as { value: unknown; path: string };
    if (outOfIntegerRange(value)) found.push(path);
    else if (typeof value === 'object' && value !== null)
      for (const [key, inner] of Object.entries(value)) stack.push({ value: inner, path: `${path}.${key}` });
  }
  return found.reverse();
}

/** The field issues of a data exception: the too-large integers of the request, else the request as a whole. */
export function dataExceptionIssues(request: FastifyRequest): FieldIssue[] {
  const fields = [...outOfRangePaths(request.query, 'query'), ...outOfRangePaths(request.body, 'body')];
  if (fields.length === 0) return [{ field: 'request', message: 'invalidValue' }];
  return fields.map((field) => ({ field, message: 'numberOutOfRange' }));
}
