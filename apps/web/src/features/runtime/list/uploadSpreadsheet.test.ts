import { afterEach, describe, expect, it, vi } from 'vitest';
import { newImportKey } from './uploadSpreadsheet.ts';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('newImportKey', () => {
  it('makes a new UUID for each chosen file', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newImportKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });

  it('makes one without crypto.randomUUID too (plain http is not a secure context)', () => {
    const { getRandomValues } = crypto;
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(crypto) });
    const first = newImportKey();
    expect(first).toMatch(UUID_V4);
    expect(newImportKey()).not.toBe(first);
  });
});
