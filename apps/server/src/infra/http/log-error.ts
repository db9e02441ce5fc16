/**
 * How an error is written to the log: what it is and where it came from, never the data it was about.
 *
 * A failed query carries the row it was writing: Drizzle's DrizzleQueryError puts the query's parameters in its
 * message, its stack and `params`; PostgreSQL's `detail` echoes values ("Key (email)=(x@y) already exists"),
 * `where` and `internalQuery` quote statements, and messages quote the value they refused
 * (`invalid input syntax for type integer: "..."`). So an error is logged from an allowlist of fields, its
 * message and stack are cleaned, and its cause goes through the same, a few levels deep.
 */

/** Fields that name things (SQLSTATE, constraint, table, HTTP status, system call), never values. */
const SAFE_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'constraint',
  'schema',
  'table',
  'column',
  'dataType',
  'routine',
  'errno',
  'syscall',
] as const;

const MAX_CAUSES = 4;

/** Drizzle's message: `Failed query: <sql>\nparams: <values>`. */
const DRIZZLE_PARAMS = /\nparams:[\s\S]*$/;
/** SQL string literals ('...' with '' escapes), which may be values written inline. */
const SQL_LITERAL = /'(?:[^']|'')*'/g;
/** PostgreSQL quotes the refused value at the end of a message: `...: "value"`. */
const QUOTED_VALUE = /: ".*"$/s;
/** Other quoted parts: names (`constraint "users_email_unique"`) stay, values (`value "2147483648"`) go. */
const QUOTED = /"((?:[^"]|"")*)"/g;
const IDENTIFIER = /^[A-Za-z_][\w$.]*$/;

function isDatabaseError(error: Record<string, unknown>): boolean {
  return (
    (typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code)) ||
    'query' in error ||
    'params' in error
  );
}

/**
 * Personal data any message may quote (an SMTP server rejecting `<x@y>`, a library echoing its input): e-mail
 * addresses, and CPFs and CNPJs written with their punctuation or as bare 11 or 14 digits.
 */
const EMAIL = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[A-Za-z]{2,}/g;
const CPF_OR_CNPJ = /\b(\d{3}\.\d{3}\.\d{3}-\d{2}|\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}|\d{11}|\d{14})\b/g;

function cleanMessage(message: string, fromDatabase: boolean): string {
  const cleaned = message.replace(EMAIL, '[REDACTED]').replace(CPF_OR_CNPJ, '[REDACTED]');
  if (!fromDatabase) return cleaned;
  return cleaned
    .replace(DRIZZLE_PARAMS, '')
    .replace(SQL_LITERAL, "'[REDACTED]'")
    .replace(QUOTED_VALUE, ': "[REDACTED]"')
    .replace(QUOTED, (quoted, inner: string) => (IDENTIFIER.test(inner) ? quoted : '"[REDACTED]"'));
}

/** The stack's frames under the cleaned first line (V8 repeats the whole message there). */
function cleanStack(stack: unknown, heading: string): string {
  if (typeof stack !== 'string') return heading;
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [heading, ...frames].join('\n');
}

/** The class (DrizzleQueryError names itself `Error`), or the type an already-serialised error kept. */
function typeOf(error: Record<string, unknown>): string {
  if (typeof error.type === 'string') return error.type;
  const className = error.constructor?.name;
  if (className && className !== 'Object') return className;
  if (typeof error.name === 'string') return error.name;
  return 'Error';
}

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/** A value for the log standing for an error (or anything thrown); already-serialised ones pass again safely. */
export function serializeLoggedError(error: unknown, causes = 0): LoggedError {
  if (typeof error !== 'object' || error === null) {
    const message = String(error);
    return { type: typeof error, message, stack: message };
  }
  const fields = error as Record<string, unknown>;
  const fromDatabase = isDatabaseError(fields);
  const type = typeOf(fields);
  const message = cleanMessage(typeof fields.message === 'string' ? fields.message : '', fromDatabase);
  const logged: LoggedError = { type, message, stack: cleanStack(fields.stack, `${type}: ${message}`) };
  for (const field of SAFE_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string' || typeof value === 'number') logged[field] = value;
  }
  if (fields.cause !== undefined && causes < MAX_CAUSES)
    logged.cause = serializeLoggedError(fields.cause, causes + 1);
  return logged;
}
