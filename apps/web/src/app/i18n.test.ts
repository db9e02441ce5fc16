import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import ptBR from '../i18n/pt-BR.json';
import { applyDefaultLanguage, chooseLanguage, createAppI18n } from './i18n.ts';
import { LANGUAGE_STORAGE_KEY, normalizeLanguage, readStoredLanguage } from './storedLanguage.ts';

function keysOf(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe('i18n', () => {
  it("remembers the chosen language under 'language' and updates <html lang>", async () => {
    const i18n = createAppI18n('pt-BR');
    await chooseLanguage(i18n, 'en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(i18n.t('notFound.message')).toBe('Page Not Found');
    expect(readStoredLanguage()).toBe('en');
  });

  it('translates to Brazilian Portuguese by default', () => {
    const i18n = createAppI18n('pt-BR');
    expect(i18n.t('error.networkError')).toBe('Erro de Rede. Verifique sua conexão e tente novamente.');
  });

  it("uses the settings' default language only when none was chosen", async () => {
    const fresh = createAppI18n('pt-BR');
    await applyDefaultLanguage(fresh, 'en');
    expect(fresh.language).toBe('en');

    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'pt-BR');
    const chosen = createAppI18n('pt-BR');
    await applyDefaultLanguage(chosen, 'en');
    expect(chosen.language).toBe('pt-BR');
  });

  it('normalizes stored language codes', () => {
    expect(normalizeLanguage('pt-br')).toBe('pt-BR');
    expect(normalizeLanguage('en-US')).toBe('en');
    expect(normalizeLanguage('fr')).toBeNull();
  });

  it('has every key in both languages', () => {
    expect(keysOf(en).sort()).toEqual(keysOf(ptBR).sort());
  });
});
