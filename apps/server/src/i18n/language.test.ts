import { describe, expect, it } from 'vitest';
import { pickLanguage } from './language.ts';

describe('pickLanguage', () => {
  it.each([
    [undefined, 'pt-BR'],
    ['', 'pt-BR'],
    ['pt-BR', 'pt-BR'],
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['pt-BR,pt;q=0.9,en;q=0.8', 'pt-BR'],
    ['fr-FR,en;q=0.5,pt;q=0.9', 'pt-BR'],
    ['fr-FR,en;q=0.5', 'en'],
    ['de', 'pt-BR'],
    ['en;q=0', 'pt-BR'],
  ])('reads %j as %s', (header, expected) => {
    expect(pickLanguage(header)).toBe(expected);
  });
});
