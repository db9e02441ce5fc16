import jsonata from 'jsonata';
import {
  daysBetween,
  type ReferenceTableSource,
  randomToken,
  tableRows,
  webCryptoRandom,
} from './rule-functions.ts';

/**
 * The safe expression language of business rules: JSONata (a pure-JS interpreter: no eval, Function or vm)
 * over the item's values by field key, e.g. `pbtc <= cmtCavalo`, with guards so that a hostile definition
 * cannot hang or exhaust the process that evaluates it (the server, or the user's browser):
 *
 * - the text is at most MAX_EXPRESSION_LENGTH characters (the definition schema's own cap);
 * - regular-expression literals are refused at compile time (a backtracking pattern could block the event loop
 *   inside one call, where no timeout can interrupt it), and so is `$eval` (it would run text without these
 *   guards);
 * - JSONata's own guard rails: EVALUATION_TIMEOUT_MS of evaluation, MAX_DEPTH nested evaluations (recursion),
 *   MAX_SEQUENCE items per sequence (ranges such as [1..1e7]);
 * - every intermediate string is capped at MAX_STRING_LENGTH (doubling strings in a loop), and $pad is capped.
 */
export const MAX_EXPRESSION_LENGTH = 4000;
/**
 * JSONata's clock is the wall clock from the start of an evaluation, and the evaluation is asynchronous: it
 * awaits the reference tables and the items it reads, and other requests run in between. 250 ms refused a
 * sending on a loaded server ('A regra desta ação não pôde ser avaliada'); two seconds still stop a loop.
 */
export const EVALUATION_TIMEOUT_MS = 2_000;
export const MAX_DEPTH = 200;
export const MAX_SEQUENCE = 10_000;
export const MAX_STRING_LENGTH = 100_000;
const MAX_CACHED_EXPRESSIONS = 500;

/** Why an expression could not be compiled or evaluated; `code` is JSONata's (S0xxx syntax, D1012 timeout…). */
export class RuleExpressionError extends Error {
  readonly code: string;
  readonly expression: string;
  constructor(expression: string, code: string, message: string) {
    super(message);
    this.name = 'RuleExpressionError';
    this.code = code;
    this.expression = expression;
  }
}

/**
 * What an evaluation may depend on besides the values: the clock, the source of random bytes and the
 * definition's reference tables.
 */
export interface RuleContext {
  /** $now() — the same instant for a whole evaluation (default: the current time). */
  now?: Date;
  /** Fills a buffer with random bytes for $randomToken (default: Web Crypto). */
  randomBytes?: (buffer: Uint8Array) => void;
  /** Where $table('key') reads a reference table's rows (none given: $table fails). */
  tables?: ReferenceTableSource;
}

type CompiledExpression = ReturnType<typeof jsonata>;
const cache = new Map<string, CompiledExpression>();

const guardedOptions = { timeout: EVALUATION_TIMEOUT_MS, stack: MAX_DEPTH, sequence: MAX_SEQUENCE };

/** Walks the parsed tree (plain objects and arrays) looking for a node of a refused kind. */
function findRefusedNode(node: unknown, seen = new Set<unknown>()): string | null {
  if (node === null || typeof node !== 'object' || seen.has(node)) return null;
  seen.add(node);
  const record = node as Record<string, unknown>;
  if (record.type === 'regex') return 'regular expressions are not allowed in rules';
  if (record.type === 'variable' && record.value === 'eval') return '$eval is not allowed in rules';
  for (const value of Object.values(record)) {
    const found = findRefusedNode(value, seen);
    if (found) return found;
  }
  return null;
}

function errorOf(expression: string, error: unknown): RuleExpressionError {
  if (error instanceof RuleExpressionError) return error;
  const record = (error ?? {}) as { code?: unknown; message?: unknown };
  const code = typeof record.code === 'string' ? record.code : 'RULE';
  const message = typeof record.message === 'string' ? record.message : String(error);
  return new RuleExpressionError(expression, code, message);
}

const capString = (value: unknown): void => {
  if (typeof value === 'string' && value.length > MAX_STRING_LENGTH)
    throw {
      code: 'RULE_TOO_LARGE',
      message: `a value of the expression exceeds ${MAX_STRING_LENGTH} characters`,
    };
};

/** Parses (once; the parsed tree is cached by text) and checks an expression. Throws RuleExpressionError. */
export function compileRuleExpression(expression: string): CompiledExpression {
  const cached = cache.get(expression);
  if (cached) return cached;
  if (expression.length > MAX_EXPRESSION_LENGTH)
    throw new RuleExpressionError(
      expression,
      'RULE_TOO_LONG',
      `longer than ${MAX_EXPRESSION_LENGTH} characters`,
    );
  let compiled: CompiledExpression;
  try {
    compiled = jsonata(expression, guardedOptions);
  } catch (error) {
    throw errorOf(expression, error);
  }
  const refused = findRefusedNode(compiled.ast());
  if (refused) throw new RuleExpressionError(expression, 'RULE_REFUSED', refused);
  compiled.registerFunction('daysBetween', daysBetween, '<x-x-:n>');
  compiled.registerFunction(
    'pad',
    (text: string, width: number, padding?: string) => {
      if (Math.abs(width) > MAX_STRING_LENGTH)
        throw { code: 'RULE_TOO_LARGE', message: '$pad width too large' };
      const fill = padding ?? ' ';
      return width >= 0 ? text.padEnd(width, fill) : text.padStart(-width, fill);
    },
    '<x-ns?:s>',
  );
  // Checks every intermediate result (JSONata's documented evaluation hook).
  (compiled.assign as (name: string | symbol, value: unknown) => void)(
    Symbol.for('jsonata.__evaluate_exit'),
    (_expr: unknown, _input: unknown, _environment: unknown, result: unknown) => capString(result),
  );
  if (cache.size >= MAX_CACHED_EXPRESSIONS) cache.delete(cache.keys().next().value as string);
  cache.set(expression, compiled);
  return compiled;
}

/** Turns JSONata's results (sequences, functions) into plain JSON values; undefined stays undefined. */
export function toPlainValue(value: unknown): unknown {
  if (value === undefined || typeof value === 'function') return undefined;
  if (typeof value === 'number' && !Number.isFinite(value)) return undefined;
  if (Array.isArray(value)) return value.map(toPlainValue).filter((entry) => entry !== undefined);
  if (value !== null && typeof value === 'object') {
    const plain: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) {
      const converted = toPlainValue(entry);
      if (converted !== undefined) plain[key] = converted;
    }
    return plain;
  }
  return value;
}

/**
 * Evaluates a rule expression over the item's values (field keys and system keys such as Title or
 * FormattedID). The result is plain JSON, or undefined when the expression names nothing present (JSONata
 * comparisons with a missing value are undefined, not false). Throws RuleExpressionError.
 */
export async function evaluateRuleExpression(
  expression: string,
  values: Record<string, unknown>,
  context: RuleContext = {},
): Promise<unknown> {
  const compiled = compileRuleExpression(expression);
  const now = context.now ?? new Date();
  const fill = context.randomBytes ?? webCryptoRandom;
  const bindings = {
    now: () => now.toISOString(),
    randomToken: (bytes: unknown) => randomToken(bytes, fill),
    table: (key: unknown) => tableRows(key, context.tables),
  };
  try {
    return toPlainValue(await compiled.evaluate(values, bindings));
  } catch (error) {
    throw errorOf(expression, error);
  }
}

/** True only for a JSON `true` result (conditions, visibility, required-ness). */
export async function evaluateRuleCondition(
  expression: string,
  values: Record<string, unknown>,
  context: RuleContext = {},
): Promise<boolean | undefined> {
  const result = await evaluateRuleExpression(expression, values, context);
  return typeof result === 'boolean' ? result : undefined;
}
