import { DEFAULT_LANGUAGE, LANGUAGES, type Language, VALIDATION_MESSAGES } from '@der/contracts';
import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../i18n/en.json';
import ptBR from '../i18n/pt-BR.json';
import { defaultStorage, LANGUAGE_STORAGE_KEY, readStoredLanguage } from './storedLanguage.ts';

/**
 * The shared validation messages of the contracts (spec §5) under `validation.*`: zod issues carry their keys.
 * Their `{name}` placeholders become i18next's `{{name}}`.
 */
export function validationTexts(language: Language): Record<string, string> {
  return Object.fromEntries(
    Object.entries(VALIDATION_MESSAGES).map(([key, texts]) => [
      key,
      texts[language].replace(/\{(\w+)\}/g, '{{$1}}'),
    ]),
  );
}

export function createAppI18n(language: Language): I18n {
  const instance = createInstance();
  instance.use(initReactI18next).init({
    resources: {
      'pt-BR': { translation: { ...ptBR, validation: validationTexts('pt-BR') } },
      en: { translation: { ...en, validation: validationTexts('en') } },
    },
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language;
    instance.on('languageChanged', (lng) => {
      document.documentElement.lang = lng;
    });
  }
  return instance;
}

/** The person's choice: applied and remembered. */
export async function chooseLanguage(
  instance: I18n,
  language: Language,
  storage: Storage | undefined = defaultStorage(),
): Promise<void> {
  storage?.setItem(LANGUAGE_STORAGE_KEY, language);
  await instance.changeLanguage(language);
}

/** The settings' default language applies only while the person has not chosen one. */
export async function applyDefaultLanguage(
  instance: I18n,
  defaultLanguage: Language,
  storage: Storage | undefined = defaultStorage(),
): Promise<void> {
  if (readStoredLanguage(storage)) return;
  if (instance.language !== defaultLanguage) await instance.changeLanguage(defaultLanguage);
}

export const i18n = createAppI18n(readStoredLanguage() ?? DEFAULT_LANGUAGE);
