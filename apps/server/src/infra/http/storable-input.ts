import { assertNever, type FieldIssue, type ValidationMessageKey } from '@der/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * Deepest nesting of objects and arrays a request may carry. The shipped application definitions, the deepest
 * bodies there are, reach 13 levels and a filter tree at its limit (8 groups) about 18, so 64 refuses no real
 * request, while keeping every recursive check behind it (the zod schemas of filter trees, form layouts and
 * menus, the services that walk item data) far from the stack's limit.
 */
export const MAX_INPUT_DEPTH = 64;

/**
 * Text PostgreSQL cannot store: NUL (refused by text and by jsonb) and UTF-16 surrogates without their other
 * half (jsonb refuses them, and UTF-8 cannot encode them). Written for code units, so no `u` flag.
 */
const UNSTORABLE_TEXT = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE_TEXT.test(text);
}

/** One value still to look at, with the way back to its parent for naming it. */
interface Pending {
  value: unknown;
  key: string | null;
  parent: Pending | null;
  depth: number;
}

function pathOf(node: Pending): string[] {
  const segments: string[] = [];
  for (let at: Pending | null = node; at; at = at.parent) if (at.key !== null) segments.push(at.key);
  return segments.reverse();
}

export interface InputProblem {
  /** `text`: a string the database cannot store; `depth`: nesting beyond the limit. */
  kind: 'text' | 'depth';
  path: string[];
}

/**
 * Whether a parsed body, query or params holds anything findInputProblem reports. The pass every request
 * makes, so it keeps no paths: values and depths on two stacks, nothing allocated per node. Iterative: no
 * nesting can overflow the stack here.
 */
function hasInputProblem(input: unknown, maxDepth: number): boolean {
  const values: unknown[] = [input];
  const depths: number[] = [0];
  while (values.length > 0) {
    const value = values.pop();
    const depth = depths.pop() as number;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return true;
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= maxDepth) return true;
    if (Array.isArray(value)) {
      for (const item of value) {
        values.push(item);
        depths.push(depth + 1);
      }
      continue;
    }
    for (const key of Object.keys(value)) {
      if (!isStorableText(key)) return true;
      values.push((value as Record<string, unknown>)[key]);
      depths.push(depth + 1);
    }
  }
  return false;
}

/** The same walk, keeping the way back to each value, once hasInputProblem found something to name. */
function locateInputProblem(input: unknown, maxDepth: number): InputProblem | null {
  const stack: Pending[] = [{ value: input, key: null, parent: null, depth: 0 }];
  while (stack.length > 0) {
    const node = stack.pop() as Pending;
    const { value } = node;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return { kind: 'text', path: pathOf(node) };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    // The path to the top-level field names it: the full path of a 1 000-deep tree is no help to anyone.
    if (node.depth >= maxDepth) return { kind: 'depth', path: pathOf(node).slice(0, 1) };
    const entries: Iterable<[string, unknown]> = Array.isArray(value)
      ? value.map((item, index): [string, unknown] => [String(index), item])
      : Object.entries(value);
    for (const [key, inner] of entries) {
      const child: Pending = { value: inner, key, parent: node, depth: node.depth + 1 };
      if (!isStorableText(key)) return { kind: 'text', path: pathOf(child) };
      stack.push(child);
    }
  }
  return null;
}

/**
 * The first thing in a parsed body, query or params the database could not store or the validation could not
 * walk: a string (value or key) with unstorable text, or nesting deeper than `maxDepth`.
 */
export function findInputProblem(input: unknown, maxDepth = MAX_INPUT_DEPTH): InputProblem | null {
  return hasInputProblem(input, maxDepth) ? locateInputProblem(input, maxDepth) : null;
}

function messageOf(kind: InputProblem['kind']): ValidationMessageKey {
  switch (kind) {
    case 'text':
      return 'textNotStorable';
    case 'depth':
      return 'nestingTooDeep';
    default:
      return assertNever(kind);
  }
}

const PARTS = [
  ['params', 'params'],
  ['query', 'query'],
  ['body', 'body'],
] as const satisfies ReadonlyArray<readonly [keyof FastifyRequest, string]>;

/** The field issue of a request whose params, query or body holds such a problem, or null. */
export function inputIssue(request: FastifyRequest): FieldIssue | null {
  for (const [part, context] of PARTS) {
    const problem = findInputProblem(request[part]);
    if (!problem) continue;
    return { field: [context, ...problem.path].join('.'), message: messageOf(problem.kind) };
  }
  return null;
}

/**
 * preValidation of every contract route (register-route.ts): refuses unstorable text and runaway nesting with
 * 400 VALIDATION_FAILED naming the field, before the route's zod schema runs (a recursive schema would
 * overflow on a deep tree) and long before the database would answer 500. Covers routes whose bodies are
 * free records (item data, additional fields) as well as typed ones.
 */
export async function refuseUnstorableInput(request: FastifyRequest): Promise<void> {
  const issue = inputIssue(request);
  if (issue) throw new AppError('VALIDATION_FAILED', [issue]);
}
