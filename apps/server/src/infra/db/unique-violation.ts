/**
 * The constraint a PostgreSQL unique violation (23505) names, '' when the driver did not say, or null when
 * the error is something else. Drizzle wraps the driver's error, so the causes are followed a few levels.
 * A service maps the constraint to its own error code (a duplicate login, name, CNPJ).
 */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505')
      return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    current = candidate.cause;
  }
  return null;
}
