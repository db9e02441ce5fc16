import { assertNever, type ReportNumberFormat } from '@der/contracts';

/** A measure's number as the viewer shows it (spec §9: BRL, two decimals, hours), in the page's language. */
export function formatReportNumber(
  value: number | null,
  format: ReportNumberFormat,
  language: string,
): string {
  if (value === null) return '';
  const fixed = (digits: number) =>
    new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
      value,
    );
  switch (format) {
    case 'integer':
      return fixed(0);
    case 'decimal':
      return fixed(2);
    case 'currency':
      return new Intl.NumberFormat(language, { style: 'currency', currency: 'BRL' }).format(value);
    case 'percent':
      return `${fixed(2)}%`;
    case 'duration':
      return `${fixed(2)} h`;
    default:
      return assertNever(format);
  }
}

export interface ChartSeries {
  label: string;
  data: Array<number | null>;
}

/**
 * The chart of the first measure (the same shape as the PDF's, engine/reports/report-chart-data.ts): the
 * first grouping level's labels as categories; with a second level one series per key of it.
 */
export function chartSeriesOf(
  groups: ReadonlyArray<{ keys: Array<{ label: string }>; values: Array<number | null> }>,
  measureLabel: string,
): { categories: string[]; series: ChartSeries[] } {
  const categories = [...new Set(groups.map((group) => group.keys[0]?.label ?? ''))];
  if (groups.length === 0 || (groups[0]?.keys.length ?? 0) < 2) {
    return {
      categories,
      series: [{ label: measureLabel, data: groups.map((group) => group.values[0] ?? null) }],
    };
  }
  const position = new Map(categories.map((label, index) => [label, index]));
  const series = new Map<string, Array<number | null>>();
  for (const group of groups) {
    const name = group.keys[1]?.label ?? '';
    if (!series.has(name))
      series.set(
        name,
        categories.map(() => null),
      );
    series.get(name)![position.get(group.keys[0]?.label ?? '')!] = group.values[0] ?? null;
  }
  return { categories, series: [...series].map(([label, data]) => ({ label, data })) };
}
