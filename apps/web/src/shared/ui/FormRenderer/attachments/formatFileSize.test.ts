import { describe, expect, it } from 'vitest';
import { formatFileSize } from './formatFileSize.ts';

describe('formatFileSize', () => {
  it('uses base 1024 with one decimal, in the language given', () => {
    expect(formatFileSize(512, 'pt-BR')).toBe('512 B');
    expect(formatFileSize(1024, 'pt-BR')).toBe('1,0 KB');
    expect(formatFileSize(1536, 'pt-BR')).toBe('1,5 KB');
    expect(formatFileSize(1536, 'en')).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024 + 300 * 1024, 'en')).toBe('5.3 MB');
    expect(formatFileSize(3 * 1024 ** 3, 'en')).toBe('3.0 GB');
    // 1023.96 KB rounds to 1024.0 KB rather than jumping units mid-way.
    expect(formatFileSize(1024 * 1024 - 1, 'en')).toBe('1,024.0 KB');
  });
});
