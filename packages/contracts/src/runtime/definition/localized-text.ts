import { z } from 'zod';

/** A text a definition shows to users, in both languages of the product (pt-BR is the default). */
export const LocalizedTextSchema = z.object({
  'pt-BR': z.string().trim().min(1).max(500),
  en: z.string().trim().min(1).max(500),
});
export type LocalizedText = z.infer<typeof LocalizedTextSchema>;

/** The text of a localized label for a language, falling back to pt-BR. */
export function localize(text: LocalizedText, language: string): string {
  return language === 'en' ? text.en : text['pt-BR'];
}
