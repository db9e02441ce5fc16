import type { RouteContract } from '@der/contracts';
import * as contracts from '@der/contracts';
import fc from 'fast-check';
import { z } from 'zod';

/**
 * Inputs for the route fuzz test (fuzz-routes.test.ts): every route of packages/contracts, a plausible body or
 * query built from its schema, and the nasty variations of it the server must answer with a 4xx, never a 5xx.
 */

/** Every route definition exported by packages/contracts (its `…Routes` tables), once each. */
export function allRoutes(): RouteContract[] {
  const found = new Map<string, RouteContract>();
  for (const table of Object.values(contracts)) {
    if (typeof table !== 'object' || table === null) continue;
    for (const candidate of Object.values(table)) {
      if (!isRoute(candidate)) continue;
      found.set(`${candidate.method} ${candidate.path}`, candidate);
    }
  }
  return [...found.values()].sort((a, b) => `${a.path}${a.method}`.localeCompare(`${b.path}${b.method}`));
}

function isRoute(value: unknown): value is RouteContract {
  if (typeof value !== 'object' || value === null) return false;
  const route = value as Partial<RouteContract>;
  return (
    typeof route.method === 'string' &&
    typeof route.path === 'string' &&
    typeof route.access === 'string' &&
    route.response instanceof z.ZodType
  );
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  format?: string;
  additionalProperties?: JsonSchema | boolean;
};

/**
 * Ids in plausible bodies: high enough to name no row the test built, so a plausible request that does pass
 * its checks changes nothing the other routes need (it answers 404 instead).
 */
const SAMPLE_ID = 987_654;

/**
 * Real rows for plausible inputs, chosen by the key's name (`componentId`, `itemId`, `field`): they take a
 * request past "not found" into the route's own checks and services.
 */
export interface SampleRows {
  componentId: number;
  itemId: number;
  projectId: number;
  field: string;
}

/** The rows of the plausibleInput call under way. */
let rows: SampleRows | null = null;

function integerFor(key: string | undefined): number {
  if (!rows || !key) return SAMPLE_ID;
  if (/component/i.test(key)) return rows.componentId;
  if (/^(item|parent)(id)?$/i.test(key) || /^itemId$/i.test(key)) return rows.itemId;
  if (/project/i.test(key)) return rows.projectId;
  return SAMPLE_ID;
}

function stringFor(key: string | undefined): string | null {
  if (rows && key && /^(field|changedField|order)$/.test(key)) return rows.field;
  return null;
}

/** A value that fits the schema's shape (not necessarily its every rule), as a client would send. */
function sampleOf(schema: JsonSchema | undefined, depth = 0, key?: string): unknown {
  if (!schema || depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const choice = schema.anyOf ?? schema.oneOf;
  if (choice && choice.length > 0) {
    const concrete = choice.find((option) => option.type !== 'null') ?? choice[0];
    return sampleOf(concrete, depth + 1, key);
  }
  if (schema.allOf && schema.allOf.length > 0) {
    return Object.assign({}, ...schema.allOf.map((part) => sampleOf(part, depth + 1)));
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const object: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(schema.properties ?? {}))
        object[key] = sampleOf(inner, depth + 1, key);
      // Item data (`values`, `changes`): a record keyed by the component's fields.
      if (rows && !schema.properties && key && /^(values|changes)$/.test(key)) object[rows.field] = 'texto';
      return object;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, (_, index) =>
        sampleOf(schema.prefixItems?.[index] ?? schema.items, depth + 1),
      );
    case 'string':
      if (stringFor(key)) return stringFor(key);
      if (schema.format === 'email') return 'fuzz@example.com.br';
      if (schema.format === 'date-time') return '2026-11-25T10:00:00.000Z';
      if (schema.format === 'date') return '2026-11-25';
      return 'texto'.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength ?? 5);
    case 'integer':
    case 'number':
      return Math.min(Math.max(integerFor(key), schema.minimum ?? 0), schema.maximum ?? SAMPLE_ID);
    case 'boolean':
      // false: a plausible settings body must not turn on what would lock the test users out (MFA, expiry).
      return false;
    case 'null':
      return null;
    default:
      return schema.default ?? null;
  }
}

/** The route's body or query schema as JSON Schema (what a client reads in the OpenAPI document). */
function jsonSchemaOf(schema: z.ZodType | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', cycles: 'ref' }) as JsonSchema;
}

export function plausibleInput(schema: z.ZodType | undefined, chosen: SampleRows | null = null): unknown {
  rows = chosen;
  try {
    return sampleOf(jsonSchemaOf(schema));
  } finally {
    rows = null;
  }
}

/** Where the leaves of a value are (object keys and array indexes), at most `limit` of them. */
export function leafPaths(value: unknown, limit = 12): Array<Array<string | number>> {
  const paths: Array<Array<string | number>> = [];
  const visit = (node: unknown, path: Array<string | number>) => {
    if (paths.length >= limit) return;
    if (Array.isArray(node) && node.length > 0) {
      for (const [index, inner] of node.entries()) visit(inner, [...path, index]);
    } else if (typeof node === 'object' && node !== null && Object.keys(node).length > 0) {
      for (const [key, inner] of Object.entries(node)) visit(inner, [...path, key]);
    } else if (path.length > 0) paths.push(path);
  };
  visit(value, []);
  return paths;
}

export function withValueAt(value: unknown, path: Array<string | number>, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...Array<string | number>];
  if (Array.isArray(value)) {
    const copy: unknown[] = [...value];
    copy[Number(head)] = withValueAt(copy[Number(head)], rest, replacement);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  copy[head] = withValueAt(copy[head], rest, replacement);
  return copy;
}

/** Two thousand levels of arrays, as raw JSON (JSON.stringify would overflow on deeper ones). */
export const DEEP_JSON = `${'['.repeat(2000)}1${']'.repeat(2000)}`;

/** Values that broke servers before: the database's limits, JavaScript's, and the wrong type. */
export const NASTY_LEAVES: readonly unknown[] = [
  '\u0000',
  'a\ud800b',
  2_147_483_648,
  9_007_199_254_740_991,
  -1,
  1.5,
  1e308,
  'x'.repeat(70_000),
  "'; drop table users; --",
  '',
  null,
  true,
  [],
  { '\u0000': 1 },
];

/**
 * Each nasty leaf value at one of the plausible input's leaves, in turn, so every value and (up to their number)
 * every leaf is tried without the full cross product.
 */
export function mutationsOf(plausible: unknown): unknown[] {
  const paths = leafPaths(plausible);
  if (paths.length === 0) return [];
  return NASTY_LEAVES.map((value, index) =>
    withValueAt(plausible, paths[index % paths.length] as Array<string | number>, value),
  );
}

/** Whole bodies of the wrong kind. */
export const NASTY_BODIES: readonly unknown[] = [
  null,
  [],
  {},
  'texto',
  0,
  -1,
  1e308,
  true,
  [null],
  { a: '\u0000' },
];

/** Raw query strings: NUL, broken percent-encoding, huge and negative numbers, repeated keys. */
export function nastyQueries(keys: readonly string[]): string[] {
  const queries = ['', '?%00=%00', '?a=%E0%A4%A', '?=', '?&&&'];
  for (const key of keys) {
    for (const value of ['%00', '-1', '2147483648', '99999999999999999999999', 'x'.repeat(5000)])
      queries.push(`?${key}=${value}`);
    queries.push(`?${key}=1&${key}=2`);
  }
  return queries;
}

/** Strings with the characters that matter (NUL, surrogates, quotes, wildcards) mixed into ordinary text. */
const nastyString = fc.oneof(
  fc.string(),
  fc.constantFrom('\u0000', '\ud800', '\udfff', "'", '%', '_', '\\', '😀', '../..'),
  fc.string({ unit: 'binary' }),
);

/** Arbitrary JSON, biased to the values above. */
export const arbitraryJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(2_147_483_648, 9_007_199_254_740_991, -1, 0),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(nastyString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** The route's own keys with arbitrary values: gets further into a route than arbitrary JSON does. */
export function arbitraryShaped(plausible: unknown): fc.Arbitrary<unknown> {
  if (typeof plausible !== 'object' || plausible === null || Array.isArray(plausible)) return arbitraryJson;
  const keys = Object.keys(plausible);
  if (keys.length === 0) return arbitraryJson;
  return fc
    .record(Object.fromEntries(keys.map((key) => [key, arbitraryJson])), { requiredKeys: [] })
    .map((changes) => ({ ...(plausible as object), ...changes }));
}
