import type { ExecuteFilterResult, FilterCondition, FilterGroup } from '@der/contracts';
import { isFilterGroup } from '@der/contracts';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { importQueryTestDefinition, insertItems } from '../../../test/fixtures/query-test-fixture.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';

/**
 * Property: for random filter trees over typed fields, executeFilter answers exactly the items an in-memory
 * evaluation of the same tree selects (and in the order an in-memory sort gives). The evaluator below is
 * written from the operators' documented meaning, independently of the SQL compiler.
 */
const BASE = 700;
const ITEM = BASE + 2;

interface Sample {
  id: number;
  title: string;
  position: number;
  status: string | null;
  data: Record<string, unknown>;
}

const CHARS = ['a', 'A', 'b', '%', '_', '\\', ' '];
const text = (maxLength: number) =>
  fc.array(fc.constantFrom(...CHARS), { maxLength }).map((chars) => chars.join(''));
const INSTANTS = [
  '1999-12-31T23:59:59.000Z',
  '2024-01-01T00:00:00.000Z',
  '2024-06-15T12:30:00.000Z',
  '2025-01-01T00:00:00.000Z',
];
const DECIMALS = [-1.5, 0, 0.25, 1, 2.5, 10];
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 4 });

const sampleArbitrary = fc.record({
  title: text(4),
  position: fc.integer({ min: 0, max: 3 }),
  status: fc.constantFrom(null, 'aberto', 'fechado'),
  n: optional(fc.integer({ min: -3, max: 3 })),
  d: optional(fc.constantFrom(...DECIMALS)),
  t: optional(text(4)),
  p: optional(fc.constantFrom('a', 'b', 'c')),
  b: optional(fc.boolean()),
  w: optional(fc.constantFrom(...INSTANTS)),
  u: optional(fc.integer({ min: 1, max: 4 })),
  us: optional(fc.subarray([1, 2, 3])),
});

type Kind = 'number' | 'text' | 'boolean' | 'instant' | 'reference' | 'references';
const FIELDS: Record<string, { kind: Kind; read: (item: Sample) => unknown }> = {
  n: { kind: 'number', read: (item) => item.data.n },
  d: { kind: 'number', read: (item) => item.data.d },
  t: { kind: 'text', read: (item) => item.data.t },
  p: { kind: 'text', read: (item) => item.data.p },
  b: { kind: 'boolean', read: (item) => item.data.b },
  w: { kind: 'instant', read: (item) => item.data.w },
  u: { kind: 'reference', read: (item) => item.data.u },
  us: { kind: 'references', read: (item) => item.data.us },
  Title: { kind: 'text', read: (item) => item.title },
  Position: { kind: 'number', read: (item) => item.position },
  StatusName: { kind: 'text', read: (item) => item.status },
};

function conditionArbitrary(field: string): fc.Arbitrary<FilterCondition> {
  const kind = FIELDS[field]!.kind;
  const value: fc.Arbitrary<unknown> = {
    number: field === 'd' ? fc.constantFrom(...DECIMALS, 0.5) : fc.integer({ min: -4, max: 4 }),
    text:
      field === 'p'
        ? fc.constantFrom('a', 'b', 'c', 'A')
        : field === 'StatusName'
          ? fc.constantFrom('aberto', 'fechado', 'ab')
          : text(3),
    boolean: fc.boolean(),
    instant: fc.constantFrom(...INSTANTS, '2024-03-01T00:00:00.000Z'),
    reference: fc.integer({ min: 1, max: 4 }),
    references: fc.integer({ min: 1, max: 4 }),
  }[kind];
  const list = fc.array(value, { minLength: 1, maxLength: 3 });
  const ordered = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte'] as const;
  const empties = fc.record({
    field: fc.constant(field),
    operator: fc.constantFrom('isEmpty', 'isNotEmpty'),
  });
  const single = (operators: readonly FilterCondition['operator'][]) =>
    fc.record({ field: fc.constant(field), operator: fc.constantFrom(...operators), value });
  const inList = fc.record({
    field: fc.constant(field),
    operator: fc.constantFrom('in', 'notIn'),
    value: list,
  });
  switch (kind) {
    case 'number':
    case 'instant':
      return fc.oneof(
        single(ordered),
        fc.record({ field: fc.constant(field), operator: fc.constant('between'), value, valueTo: value }),
        inList,
        empties,
      );
    case 'text':
      return fc.oneof(
        single(['eq', 'ne', 'contains', 'notContains', 'startsWith', 'endsWith']),
        inList,
        empties,
      );
    case 'boolean':
      return fc.oneof(single(['eq', 'ne']), empties);
    case 'reference':
      return fc.oneof(single(['eq', 'ne']), inList, empties);
    case 'references':
      return fc.oneof(single(['contains', 'notContains']), inList, empties);
  }
}

const anyCondition = fc.constantFrom(...Object.keys(FIELDS)).chain(conditionArbitrary);

const { tree } = fc.letrec<{ tree: FilterGroup; node: FilterCondition | FilterGroup }>((recurse) => ({
  tree: fc.record({
    logicSeparator: fc.constantFrom('AND', 'OR'),
    filters: fc.array(recurse('node'), { maxLength: 4 }),
  }) as fc.Arbitrary<FilterGroup>,
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, anyCondition, recurse('tree')),
}));

const lower = (value: unknown) => String(value).toLowerCase();
const isAbsent = (value: unknown) => value === undefined || value === null;

function evaluateCondition(item: Sample, condition: FilterCondition): boolean {
  const { kind, read } = FIELDS[condition.field]!;
  const value = read(item);
  const target = condition.value;
  const empty =
    isAbsent(value) ||
    (kind === 'text' && value === '') ||
    (kind === 'references' && (value as number[]).length === 0);
  const contains = (element: unknown) =>
    kind === 'references'
      ? Array.isArray(value) && value.includes(element)
      : !isAbsent(value) && lower(value).includes(lower(element));
  const list = Array.isArray(target) ? target : [target];
  const inList = () =>
    kind === 'references' ? list.some(contains) : !isAbsent(value) && list.includes(value);
  const compare = (check: (a: never, b: never) => boolean) =>
    !isAbsent(value) && check(value as never, target as never);
  switch (condition.operator) {
    case 'eq':
      return !isAbsent(value) && value === target;
    case 'ne':
      return isAbsent(value) || value !== target;
    case 'lt':
      return compare((a, b) => a < b);
    case 'lte':
      return compare((a, b) => a <= b);
    case 'gt':
      return compare((a, b) => a > b);
    case 'gte':
      return compare((a, b) => a >= b);
    case 'between':
      return (
        !isAbsent(value) &&
        (value as number) >= (target as number) &&
        (value as number) <= (condition.valueTo as number)
      );
    case 'contains':
      return contains(target);
    case 'notContains':
      return !contains(target);
    case 'startsWith':
      return !isAbsent(value) && lower(value).startsWith(lower(target));
    case 'endsWith':
      return !isAbsent(value) && lower(value).endsWith(lower(target));
    case 'in':
      return inList();
    case 'notIn':
      return !inList();
    case 'isEmpty':
      return empty;
    case 'isNotEmpty':
      return !empty;
  }
}

function evaluate(item: Sample, group: FilterGroup): boolean {
  const results = group.filters.map((node) =>
    isFilterGroup(node) ? evaluate(item, node) : evaluateCondition(item, node),
  );
  if (results.length === 0) return true;
  return group.logicSeparator === 'OR' ? results.some(Boolean) : results.every(Boolean);
}

const SORTS = [
  { field: 'n', read: (item: Sample) => item.data.n },
  { field: 'd', read: (item: Sample) => item.data.d },
  { field: 'w', read: (item: Sample) => item.data.w },
  { field: 'Position', read: (item: Sample) => item.position },
  { field: 'ID', read: (item: Sample) => item.id },
];

/** PostgreSQL's order: ascending puts empties last, descending first; ties by id in the same direction. */
function sortIds(items: Sample[], sort: (typeof SORTS)[number], direction: 'asc' | 'desc'): number[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...items]
    .sort((left, right) => {
      const a = sort.read(left) as number | string | undefined;
      const b = sort.read(right) as number | string | undefined;
      if (isAbsent(a) !== isAbsent(b)) return isAbsent(a) ? sign : -sign;
      if (!isAbsent(a) && a !== b) return (a! < b! ? -1 : 1) * sign;
      return (left.id - right.id) * sign;
    })
    .map((item) => item.id);
}

describe('filter compiler: random filter trees agree with an in-memory evaluation', () => {
  let app: FastifyInstance;
  let token: string;
  let samples: Sample[];

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    await importQueryTestDefinition(app, BASE);
    token = await signIn(app, await buildUser(app.database.db, { isAdministrator: true }));
    const generated = fc.sample(sampleArbitrary, { numRuns: 200, seed: 20260322 });
    const ids = await insertItems(
      app.database.db,
      generated.map(({ title, position, status, ...values }) => ({
        componentId: ITEM,
        title,
        position,
        status,
        data: Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)),
      })),
    );
    samples = generated.map(({ title, position, status, ...values }, index) => ({
      id: ids[index]!,
      title,
      position,
      status,
      data: Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)),
    }));
  });
  afterAll(() => app.close());

  it('returns exactly the matching items, counted and ordered', async () => {
    await fc.assert(
      fc.asyncProperty(
        tree,
        fc.constantFrom(...SORTS),
        fc.constantFrom('asc', 'desc'),
        async (filter, sort, direction) => {
          const response = await app.inject({
            method: 'POST',
            url: '/api/genericItem/executeFilter',
            headers: bearer(token),
            payload: {
              componentID: ITEM,
              filters: filter.filters,
              logicSeparator: filter.logicSeparator,
              sort: { field: sort.field, sortDirection: direction },
              rowsPerPage: 500,
            },
          });
          expect(response.statusCode, response.body).toBe(200);
          const result = response.json<ExecuteFilterResult>();
          const expected = sortIds(
            samples.filter((item) => evaluate(item, filter)),
            sort,
            direction,
          );
          expect(result.rows.map((row) => row.ID)).toEqual(expected);
          expect(result.total).toBe(expected.length);
          expect(result.capped).toBe(false);
        },
      ),
      { numRuns: 60 },
    );
  });
});
