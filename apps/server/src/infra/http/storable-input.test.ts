import { describe, expect, it } from 'vitest';
import { findInputProblem, isStorableText, MAX_INPUT_DEPTH } from './storable-input.ts';

describe('isStorableText', () => {
  it('accepts any text PostgreSQL stores, emoji (surrogate pairs) and accents included', () => {
    for (const text of [
      '',
      'Fulano de Tal',
      'São João — ção',
      '😀 🚚',
      'tab\tline\nend',
      '\uFFFD',
      '\uD83D\uDE00',
    ])
      expect(isStorableText(text), JSON.stringify(text)).toBe(true);
  });

  it('refuses NUL and surrogate halves without their other half, wherever they are', () => {
    for (const text of ['\u0000', 'a\u0000', '\uD800', 'a\uD83D', '\uDE00a', 'x\uDE00\uD83D', '😀\uD800'])
      expect(isStorableText(text), JSON.stringify(text)).toBe(false);
  });
});

describe('findInputProblem', () => {
  it('names the path of the first unstorable value or key, in objects and arrays', () => {
    expect(findInputProblem({ a: [1, { b: 'ok' }, { c: 'x\u0000' }] })).toEqual({
      kind: 'text',
      path: ['a', '2', 'c'],
    });
    expect(findInputProblem({ data: { 'k\u0000': 1 } })).toEqual({ kind: 'text', path: ['data', 'k\u0000'] });
    expect(findInputProblem('\uD800')).toEqual({ kind: 'text', path: [] });
    expect(findInputProblem({ a: 1, b: [true, null, 'texto'] })).toBeNull();
  });

  it(`refuses nesting beyond ${MAX_INPUT_DEPTH} levels, naming the top-level field, without recursion`, () => {
    const nest = (levels: number) => {
      let value: unknown = 1;
      for (let level = 0; level < levels; level++) value = { filters: [value] };
      return value;
    };
    // Each level above is an object and an array: two levels of nesting.
    expect(findInputProblem(nest(MAX_INPUT_DEPTH / 2))).toBeNull();
    expect(findInputProblem(nest(MAX_INPUT_DEPTH / 2 + 1))).toEqual({ kind: 'depth', path: ['filters'] });
    expect(findInputProblem(nest(100_000))).toEqual({ kind: 'depth', path: ['filters'] });
  });
});
