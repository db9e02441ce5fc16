import { assertNever, type ReportChart as ReportChartKind, type ReportGroupRow } from '@der/contracts';
import { Box } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { chartSeriesOf } from '../reportFormat.ts';

const HEIGHT = 320;

/**
 * The report's chart of its first measure (MUI X Charts, the theme's palette). The same numbers are in the
 * groups table beside it, which is what screen readers read; the figure is named by the report.
 */
export function ReportChart({
  chart,
  groups,
  measureLabel,
  title,
  format,
}: {
  chart: Exclude<ReportChartKind, 'none'>;
  groups: readonly ReportGroupRow[];
  measureLabel: string;
  title: string;
  format: (value: number | null) => string;
}) {
  const { categories, series } = chartSeriesOf(groups, measureLabel);
  const valueFormatter = (value: number | null) => format(value);
  const body = (() => {
    switch (chart) {
      case 'bar':
        return (
          <BarChart
            height={HEIGHT}
            xAxis={[{ scaleType: 'band', data: categories }]}
            series={series.map((entry) => ({ ...entry, valueFormatter }))}
          />
        );
      case 'line':
        return (
          <LineChart
            height={HEIGHT}
            xAxis={[{ scaleType: 'point', data: categories }]}
            series={series.map((entry) => ({ ...entry, valueFormatter }))}
          />
        );
      case 'pie':
        return (
          <PieChart
            height={HEIGHT}
            series={[
              {
                data: categories.map((label, index) => ({
                  id: index,
                  label,
                  value: series[0]?.data[index] ?? 0,
                })),
                valueFormatter: (item) => format(item.value),
              },
            ]}
          />
        );
      default:
        return assertNever(chart);
    }
  })();
  return (
    <Box component="figure" role="figure" aria-label={title} data-testid="report-chart" sx={{ m: 0 }}>
      {body}
    </Box>
  );
}
