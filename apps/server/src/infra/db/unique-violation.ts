/**
 * The constraint or unique index a PostgreSQL unique violation (23505) names, '' when the driver did not say,
 * or null for any other error. Drizzle wraps the driver's error (node-postgres and PGlite alike), so the cause
 * chain is walked. A service maps the name to its own error code (a duplicate login, e-mail, name, CNPJ).
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
