import jsonata from 'jsonata';
import {
  addMonths,
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
 * - EVALUATION_TIMEOUT_MS of the expression's own work (the time spent waiting for $table is not counted),
 *   and JSONata's guard rails: MAX_DEPTH nested evaluations (recursion), MAX_SEQUENCE items per sequence
 *   (ranges such as [1..1e7]);
 * - every intermediate string is capped at MAX_STRING_LENGTH (doubling strings in a loop), and $pad is capped.
 */
export const MAX_EXPRESSION_LENGTH = 4000;
/**
 * How long an expression may work before it is stopped as a loop. JSONata's own timeout is the wall clock from
 * the start of an evaluation, which also counts the wait for $table's rows — and on a busy server other
 * requests run during that wait: 250 ms of it refused a sending ('A regra desta ação não pôde ser avaliada').
 * So the clock is ours (EVALUATION_CLOCK) and pauses while $table waits; a step of the expression itself is
 * synchronous work, so what it counts is the expression's own.
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

const guardedOptions = { stack: MAX_DEPTH, sequence: MAX_SEQUENCE };

/** The variable an evaluation's clock is bound to, read by the step hook (an expression may read it, harmlessly). */
const EVALUATION_CLOCK = '__evaluationClock';

/** When an evaluation started, and how long it has waited for $table since. */
interface EvaluationClock {
  started: number;
  waited: number;
}

interface EvaluationFrame {
  lookup(name: string): unknown;
}

/** Runs before every step of an evaluation: stops one whose own work outlasted EVALUATION_TIMEOUT_MS. */
function checkEvaluationClock(_expr: unknown, _input: unknown, environment: EvaluationFrame): void {
  const clock = environment.lookup(EVALUATION_CLOCK) as EvaluationClock | undefined;
  if (!clock || Date.now() - clock.started - clock.waited <= EVALUATION_TIMEOUT_MS) return;
  throw {
    code: 'D1012',
    message: `Evaluation timeout after ${EVALUATION_TIMEOUT_MS} milliseconds. Check for infinite loop`,
  };
}

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
  compiled.registerFunction('addMonths', addMonths, '<x-x-:s>');
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
  // Checks the clock before every step and every intermediate result after it (JSONata's evaluation hooks).
  const assign = compiled.assign as (name: string | symbol, value: unknown) => void;
  assign(Symbol.for('jsonata.__evaluate_entry'), checkEvaluationClock);
  assign(
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
  const clock: EvaluationClock = { started: Date.now(), waited: 0 };
  const bindings = {
    now: () => now.toISOString(),
    randomToken: (bytes: unknown) => randomToken(bytes, fill),
    table: async (key: unknown) => {
      const waitFrom = Date.now();
      try {
        return await tableRows(key, context.tables);
      } finally {
        clock.waited += Date.now() - waitFrom;
      }
    },
    [EVALUATION_CLOCK]: clock,
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
