import { DEFAULT_LANGUAGE, type Language } from '@der/contracts';

/**
 * The product language a request prefers, from its Accept-Language header (q-values honoured): English when
 * English ranks above Portuguese, else pt-BR — the default for a missing or unknown header.
 */
export function pickLanguage(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  let best: Language = DEFAULT_LANGUAGE;
  let bestQ = -1;
  for (const part of acceptLanguage.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    const language: Language | undefined = primary === 'en' ? 'en' : primary === 'pt' ? 'pt-BR' : undefined;
    if (!language) continue;
    const qParam = params.find((p) => p.trim().startsWith('q='));
    const q = qParam ? Number.parseFloat(qParam.trim().slice(2)) : 1;
    // Strictly greater: on a tie the earlier entry wins, as the header lists preferences in order.
    if (Number.isFinite(q) && q > 0 && q > bestQ) {
      best = language;
      bestQ = q;
    }
  }
  return best;
}
