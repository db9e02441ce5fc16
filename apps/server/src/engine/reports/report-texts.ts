import type { Language } from '@der/contracts';

/** The few words a report writes itself (group keys without a value, booleans, the totals row). */
export const REPORT_TEXTS: Record<
  Language,
  { empty: string; yes: string; no: string; total: string; count: string }
> = {
  'pt-BR': { empty: '(vazio)', yes: 'Sim', no: 'Não', total: 'Total', count: 'Quantidade' },
  en: { empty: '(empty)', yes: 'Yes', no: 'No', total: 'Total', count: 'Count' },
};

/** An aggregate's name before its field's label ("Soma de Valor"). */
export const AGGREGATE_TEXTS: Record<Language, Record<'sum' | 'avg' | 'min' | 'max', string>> = {
  'pt-BR': { sum: 'Soma de', avg: 'Média de', min: 'Mínimo de', max: 'Máximo de' },
  en: { sum: 'Sum of', avg: 'Average of', min: 'Minimum of', max: 'Maximum of' },
};
