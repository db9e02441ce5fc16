import type { ColumnItem, Language } from '@der/contracts';
import { describe, expect, it } from 'vitest';
import { createAppI18n } from '../../app/i18n.ts';
import { formatCellText, stripHtml } from './formatCellText.ts';
import type { FormatContext } from './formatContext.ts';
import { dateTimeFormatOf, formatDateTime } from './formatDateTime.ts';
import {
  formatCount,
  formatCurrency,
  formatDecimal,
  formatDuration,
  formatFileSize,
  formatInteger,
  formatPercent,
} from './formatNumber.ts';

function contextFor(language: Language): FormatContext {
  const i18n = createAppI18n(language);
  return { language, t: (key) => i18n.t(key) };
}

const PT = contextFor('pt-BR');
const EN = contextFor('en');

const ITEMS: ColumnItem[] = [
  { value: 'aberta', text: 'Aberta', color: '#2E7D32', image: null, isFontAwesome: false },
  { value: 'fechada', text: 'Fechada', color: '#C62828', image: null, isFontAwesome: false },
];

function column(type: Parameters<typeof formatCellText>[0]['type'], overrides = {}) {
  return { type, items: ITEMS, dateTimeFormatType: null, dateTimeFormat: null, decimals: null, ...overrides };
}

describe('currency (spec §9: BRL, R$, comma decimals, dot thousands, two decimals)', () => {
  it('formats in the Brazilian way whatever the language', () => {
    expect(formatCurrency(1234.5)).toBe('R$ 1.234,50');
    expect(formatCurrency(1234567.891)).toBe('R$ 1.234.567,89');
    expect(formatCurrency(0)).toBe('R$ 0,00');
    expect(formatCurrency(-10)).toBe('-R$ 10,00');
    expect(formatCellText(column('CURRENCY'), 99.9, undefined, EN)).toBe('R$ 99,90');
    expect(formatCellText(column('CURRENCY'), 99.9, undefined, PT)).toBe('R$ 99,90');
  });

  it('shows nothing for what is not a number', () => {
    expect(formatCurrency(null)).toBe('');
    expect(formatCurrency('abc')).toBe('');
    expect(formatCurrency(Number.NaN)).toBe('');
  });
});

describe('numbers, percent and duration follow the language', () => {
  it('integers and decimals', () => {
    expect(formatInteger(1234567, 'pt-BR')).toBe('1.234.567');
    expect(formatInteger(1234567, 'en')).toBe('1,234,567');
    expect(formatDecimal(1234.5, 'pt-BR')).toBe('1.234,5');
    expect(formatDecimal(1234.5, 'en')).toBe('1,234.5');
    expect(formatDecimal(1.23456, 'pt-BR')).toBe('1,23');
    expect(formatCellText(column('INTEGER'), 42, undefined, PT)).toBe('42');
    expect(formatCellText(column('DECIMAL'), 2.5, undefined, EN)).toBe('2.5');
  });

  it('percent in percentage points', () => {
    expect(formatPercent(12.5, 'pt-BR')).toBe('12,5%');
    expect(formatPercent(12.5, 'en')).toBe('12.5%');
    expect(formatCellText(column('PERCENTILE'), 100, undefined, PT)).toBe('100%');
  });

  it("duration in hours with ' hrs'", () => {
    expect(formatDuration(1.5, 'pt-BR')).toBe('1,5 hrs');
    expect(formatDuration(8, 'en')).toBe('8 hrs');
    expect(formatCellText(column('DURATION'), 2.25, undefined, EN)).toBe('2.25 hrs');
  });

  it("capped counts read '1.000+' / '1,000+'", () => {
    expect(formatCount(1000, true, 'pt-BR')).toBe('1.000+');
    expect(formatCount(1000, true, 'en')).toBe('1,000+');
    expect(formatCount(37, false, 'pt-BR')).toBe('37');
  });
});

describe('dates by format type, in America/Sao_Paulo', () => {
  // 14:30 UTC is 11:30 in São Paulo (UTC−3).
  const instant = '2026-03-05T14:30:00.000Z';

  it('types 0, 1 and 2', () => {
    expect(formatDateTime(instant, 0, 'pt-BR')).toBe('05/03/2026 11:30');
    expect(formatDateTime(instant, 1, 'pt-BR')).toBe('05/03/2026');
    expect(formatDateTime(instant, 2, 'en')).toBe('11:30');
    expect(formatDateTime(instant, 0, 'en')).toBe('05/03/2026 11:30');
  });

  it('the day in São Paulo, not in UTC', () => {
    expect(formatDateTime('2026-03-06T01:00:00.000Z', 1, 'pt-BR')).toBe('05/03/2026');
  });

  it('type 3 uses the custom format, with month names of the language', () => {
    expect(formatDateTime(instant, 3, 'pt-BR', 'D [de] MMMM [de] YYYY')).toBe('5 de março de 2026');
    expect(formatDateTime(instant, 3, 'en', 'MMMM D, YYYY')).toBe('March 5, 2026');
    expect(dateTimeFormatOf(3)).toBe('DD/MM/YYYY HH:mm');
  });

  it('columns read their format type (date only when none is given)', () => {
    expect(formatCellText(column('DATE_TIME', { dateTimeFormatType: 0 }), instant, undefined, PT)).toBe(
      '05/03/2026 11:30',
    );
    expect(formatCellText(column('DATE_TIME'), instant, undefined, EN)).toBe('05/03/2026');
  });

  it('shows nothing for what is not a date', () => {
    expect(formatDateTime('not a date', 1, 'pt-BR')).toBe('');
    expect(formatDateTime(null, 1, 'pt-BR')).toBe('');
  });
});

describe('booleans, choices and references', () => {
  it('booleans say Sim/Não or Yes/No', () => {
    expect(formatCellText(column('BOOLEAN'), true, undefined, PT)).toBe('Sim');
    expect(formatCellText(column('BOOLEAN'), false, undefined, PT)).toBe('Não');
    expect(formatCellText(column('BOOLEAN'), true, undefined, EN)).toBe('Yes');
    expect(formatCellText(column('BOOLEAN'), false, undefined, EN)).toBe('No');
    expect(formatCellText(column('BOOLEAN'), null, undefined, EN)).toBe('');
  });

  it('picklists read their option text, from the server display or the column items', () => {
    expect(formatCellText(column('PICKLIST'), 'fechada', undefined, PT)).toBe('Fechada');
    expect(
      formatCellText(column('PICKLIST'), 'x', [{ id: 'x', text: 'Em análise', color: '#000000' }], EN),
    ).toBe('Em análise');
    expect(formatCellText(column('PICKLIST'), 'unknown', undefined, PT)).toBe('unknown');
  });

  it('users and other references read their names, several separated by commas', () => {
    const display = [
      { id: 1, text: 'Ana', color: null, avatar: 'a.png' },
      { id: 2, text: 'Bruno', color: null },
    ];
    expect(formatCellText(column('USERS', { items: [] }), [1, 2], display, PT)).toBe('Ana, Bruno');
    expect(formatCellText(column('COMPANY', { items: [] }), 7, undefined, EN)).toBe('7');
  });

  it('text and rich text', () => {
    expect(formatCellText(column('STRING'), 'Carga indivisível', undefined, PT)).toBe('Carga indivisível');
    expect(formatCellText(column('STRING'), null, undefined, PT)).toBe('');
    expect(stripHtml('<p>Rota <b>SP-280</b> &amp; SP-270</p>')).toBe('Rota SP-280 & SP-270');
  });
});

describe('file sizes (spec §9: KB, MB, GB, base 1024, one decimal)', () => {
  it('chooses the unit and the decimal separator of the language', () => {
    expect(formatFileSize(300, 'pt-BR')).toBe('0,3 KB');
    expect(formatFileSize(1536, 'pt-BR')).toBe('1,5 KB');
    expect(formatFileSize(1536, 'en')).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024, 'pt-BR')).toBe('5,0 MB');
    expect(formatFileSize(3.25 * 1024 ** 3, 'en')).toBe('3.3 GB');
    expect(formatFileSize(2048 * 1024 ** 3, 'en')).toBe('2,048.0 GB');
    expect(formatFileSize(-1, 'en')).toBe('');
  });
});
