import { assertNever, type ReportChart } from '@der/contracts';

export interface ChartData {
  chart: Exclude<ReportChart, 'none'>;
  /** The first grouping level's labels (the categories, or the pie's slices). */
  categories: string[];
  /** One series per second-level key (or one, named by the measure), values per category. */
  series: Array<{ name: string; values: Array<number | null> }>;
}

export const CHART_SIZE = { width: 520, height: 300 } as const;

function seriesOptions(data: ChartData) {
  switch (data.chart) {
    case 'bar':
    case 'line':
      return data.series.map((series) => ({ name: series.name, type: data.chart, data: series.values }));
    case 'pie':
      return [
        {
          name: data.series[0]?.name ?? '',
          type: 'pie' as const,
          radius: '60%',
          data: data.categories.map((name, index) => ({ name, value: data.series[0]?.values[index] ?? 0 })),
        },
      ];
    default:
      return assertNever(data.chart);
  }
}

/** ECharts, loaded with the first chart rather than with the server (about a second of its start). */
let echartsModule: Promise<typeof import('echarts')> | undefined;

/**
 * The report's chart as SVG, drawn by ECharts' server-side renderer (no DOM, no canvas): the PDF export draws
 * its paths and texts (report-pdf-svg.ts). No animation, so the first frame is the final one.
 */
export async function renderChartSvg(data: ChartData): Promise<string> {
  echartsModule ??= import('echarts');
  const echarts = await echartsModule;
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, ...CHART_SIZE });
  try {
    const axes =
      data.chart === 'pie'
        ? {}
        : {
            xAxis: { type: 'category' as const, data: data.categories, axisLabel: { hideOverlap: true } },
            yAxis: { type: 'value' as const },
            grid: { left: 70, right: 20, top: 40, bottom: 40 },
          };
    chart.setOption({
      animation: false,
      legend: { top: 0, type: 'plain' },
      ...axes,
      series: seriesOptions(data),
    });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
