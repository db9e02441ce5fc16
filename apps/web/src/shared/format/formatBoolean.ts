import type { FormatContext } from './formatContext.ts';

/** 'Sim'/'Não' (pt-BR) or 'Yes'/'No' (en); anything that is not a boolean shows as nothing. */
export function formatBoolean(value: unknown, context: Pick<FormatContext, 't'>): string {
  if (value === true || value === 'true') return context.t('runtime.boolean.yes');
  if (value === false || value === 'false') return context.t('runtime.boolean.no');
  return '';
}
