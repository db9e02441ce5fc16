import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env.ts';
import { DEFAULT_IMPORT_LIMITS, importLimitExceeded } from './import-limits.ts';

describe('import limits configuration', () => {
  it('defaults to the safe limits', () => {
    expect(loadConfig({}).importLimits).toEqual(DEFAULT_IMPORT_LIMITS);
    expect(DEFAULT_IMPORT_LIMITS).toMatchObject({
      maxUncompressedBytes: 256 * 1024 * 1024,
      maxCompressionRatio: 200,
      maxEntries: 1000,
      maxCellChars: 32_767,
      maxSharedStrings: 2_000_000,
      maxRows: 100_000,
      maxColumns: 1000,
    });
  });

  it('takes each limit from the environment', () => {
    const { importLimits } = loadConfig({
      IMPORT_MAX_UNCOMPRESSED_MIB: '64',
      IMPORT_MAX_COMPRESSION_RATIO: '50',
      IMPORT_MAX_ZIP_ENTRIES: '100',
      IMPORT_MAX_CELL_CHARS: '1000',
      IMPORT_MAX_SHARED_STRINGS: '5000',
      IMPORT_MAX_COLUMNS: '30',
    });
    expect(importLimits).toEqual({
      maxUncompressedBytes: 64 * 1024 * 1024,
      maxCompressionRatio: 50,
      maxEntries: 100,
      maxCellChars: 1000,
      maxSharedStrings: 5000,
      maxRows: 100_000,
      maxColumns: 30,
    });
    expect(importLimitExceeded('uncompressedSize', importLimits).details).toEqual({
      params: { variant: 'uncompressedSize', limit: 'uncompressedSize', max: '64' },
    });
  });

  it.each([
    ['IMPORT_MAX_UNCOMPRESSED_MIB', '0'],
    ['IMPORT_MAX_COMPRESSION_RATIO', 'muito'],
    ['IMPORT_MAX_ZIP_ENTRIES', '70000'],
    ['IMPORT_MAX_CELL_CHARS', '1.5'],
    ['IMPORT_MAX_COLUMNS', '-1'],
    ['IMPORT_MAX_SHARED_STRINGS', '10'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
  });
});
