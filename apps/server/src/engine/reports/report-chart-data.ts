import type { ReportChart, ReportGroupRow } from '@der/contracts';
import type { ChartData } from './report-chart-svg.ts';

/**
 * The chart of a report's first measure: categories are the first grouping level; with a second level, one
 * series per key of it (a bar per state inside each month), else one series named by the measure. The web
 * draws the same shape (MUI X Charts).
 */
export function chartDataOf(
  chart: ReportChart,
  groups: readonly ReportGroupRow[],
  measureLabel: string,
): ChartData | null {
  if (chart === 'none' || groups.length === 0 || groups[0]!.keys.length === 0) return null;
  const categories = [...new Set(groups.map((group) => group.keys[0]!.label))];
  const position = new Map(categories.map((label, index) => [label, index]));
  if (groups[0]!.keys.length === 1) {
    return {
      chart,
      categories,
      series: [{ name: measureLabel, values: groups.map((group) => group.values[0] ?? null) }],
    };
  }
  const series = new Map<string, Array<number | null>>();
  for (const group of groups) {
    const name = group.keys[1]!.label;
    if (!series.has(name))
      series.set(
        name,
        categories.map(() => null),
      );
    series.get(name)![position.get(group.keys[0]!.label)!] = group.values[0] ?? null;
  }
  return { chart, categories, series: [...series].map(([name, values]) => ({ name, values })) };
}
