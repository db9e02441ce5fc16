import { assertNever, type Language, type ReportNumberFormat } from '@der/contracts';

/** A measure's number as the PDF prints it (spec §9: BRL currency, two decimals, hours). */
export function formatMeasure(value: number | null, format: ReportNumberFormat, language: Language): string {
  if (value === null) return '';
  const decimals = (digits: number) =>
    new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
      value,
    );
  switch (format) {
    case 'integer':
      return decimals(0);
    case 'decimal':
      return decimals(2);
    case 'currency':
      return new Intl.NumberFormat(language, { style: 'currency', currency: 'BRL' }).format(value);
    case 'percent':
      return `${decimals(2)}%`;
    case 'duration':
      return `${decimals(2)} h`;
    default:
      return assertNever(format);
  }
}

/** Spec §9 spreadsheet formats of the measures (the list export's, excel-cells.ts). */
export const MEASURE_SHEET_FORMATS: Readonly<Record<ReportNumberFormat, string>> = {
  integer: '0',
  decimal: '#,##0.00',
  currency: 'R$ #,##0.00',
  percent: '0.00"%"',
  duration: '0.00" hrs"',
};
