import type { Language, ListRow, ReportInfo } from '@der/contracts';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { cellValue, restoreNeutralized } from '../excel/excel-cells.ts';
import { chartDataOf } from './report-chart-data.ts';
import { CHART_SIZE, renderChartSvg } from './report-chart-svg.ts';
import type { ReportDocument } from './report-document.ts';
import { formatMeasure } from './report-number-format.ts';
import { drawSvg } from './report-pdf-svg.ts';
import { REPORT_TEXTS } from './report-texts.ts';

const PAGE = { width: 595.28, height: 841.89 } as const;
const MARGIN = 36;
const ROW_HEIGHT = 14;
const FONT_SIZE = 8;
const PAGE_TEXTS: Record<Language, (page: number, pages: number) => string> = {
  'pt-BR': (page, pages) => `Página ${page} de ${pages}`,
  en: (page, pages) => `Page ${page} of ${pages}`,
};

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Keeps the characters the standard fonts can print (WinAnsi: Portuguese letters included); others become '?'. */
function safeTextFor(font: PDFFont): (text: string) => string {
  const known = new Map<string, boolean>();
  return (text) =>
    [...text.replace(/\s+/g, ' ')]
      .map((character) => {
        let printable = known.get(character);
        if (printable === undefined) {
          try {
            font.encodeText(character);
            printable = true;
          } catch {
            printable = false;
          }
          known.set(character, printable);
        }
        return printable ? character : '?';
      })
      .join('');
}

/** A text cut with '…' to fit a width. */
function fitted(font: PDFFont, text: string, width: number): string {
  if (font.widthOfTextAtSize(text, FONT_SIZE) <= width) return text;
  let cut = text;
  while (cut.length > 0 && font.widthOfTextAtSize(`${cut}...`, FONT_SIZE) > width) cut = cut.slice(0, -1);
  return `${cut}...`;
}

/** Writes pages top to bottom; a table that runs past the bottom goes on with its header on a new page. */
class PageWriter {
  readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  private y = 0;
  readonly safe: (text: string) => string;

  private readonly pdf: PDFDocument;
  readonly fonts: Fonts;

  constructor(pdf: PDFDocument, fonts: Fonts) {
    this.pdf = pdf;
    this.fonts = fonts;
    this.safe = safeTextFor(fonts.regular);
    this.newPage();
  }

  newPage(): void {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN;
  }

  /** Starts a new page unless `height` still fits on this one. */
  ensure(height: number): boolean {
    if (this.y - height >= MARGIN + ROW_HEIGHT) return false;
    this.newPage();
    return true;
  }

  text(text: string, size: number, bold = false): void {
    this.ensure(size + 6);
    this.page.drawText(this.safe(text), {
      x: MARGIN,
      y: this.y - size,
      size,
      font: bold ? this.fonts.bold : this.fonts.regular,
    });
    this.y -= size + 6;
  }

  chart(svg: string): void {
    const scale = (PAGE.width - 2 * MARGIN) / CHART_SIZE.width;
    this.ensure(CHART_SIZE.height * scale + 10);
    drawSvg(this.page, svg, { x: MARGIN, top: this.y, scale }, this.fonts.regular, this.safe);
    this.y -= CHART_SIZE.height * scale + 10;
  }

  row(cells: string[], widths: number[], options: { bold?: boolean; alignRight?: boolean[] } = {}): void {
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    let x = MARGIN;
    if (options.bold)
      this.page.drawRectangle({
        x: MARGIN,
        y: this.y - ROW_HEIGHT + 2,
        width: PAGE.width - 2 * MARGIN,
        height: ROW_HEIGHT,
        color: rgb(0.92, 0.93, 0.95),
      });
    cells.forEach((cell, index) => {
      const width = widths[index]!;
      const text = fitted(font, this.safe(cell), width - 4);
      const textWidth = font.widthOfTextAtSize(text, FONT_SIZE);
      const right = options.alignRight?.[index] ?? false;
      this.page.drawText(text, {
        x: right ? x + width - 2 - textWidth : x + 2,
        y: this.y - ROW_HEIGHT + 6,
        size: FONT_SIZE,
        font,
      });
      x += width;
    });
    this.y -= ROW_HEIGHT;
  }

  /** A table: the header again on every page it runs onto. */
  table(header: string[], rows: Iterable<string[]>, alignRight: boolean[]): void {
    const widths = header.map(() => (PAGE.width - 2 * MARGIN) / header.length);
    this.ensure(ROW_HEIGHT * 3);
    this.row(header, widths, { bold: true });
    for (const cells of rows) {
      if (this.ensure(ROW_HEIGHT)) this.row(header, widths, { bold: true });
      this.row(cells, widths, { alignRight });
    }
    this.y -= ROW_HEIGHT;
  }
}

function cellText(value: ReturnType<typeof cellValue>, language: Language): string {
  if (value === null) return '';
  if (value instanceof Date) {
    // A São Paulo wall-clock date (excel-cells.ts): its UTC fields are the local reading.
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${pad(value.getUTCDate())}/${pad(value.getUTCMonth() + 1)}/${value.getUTCFullYear()} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}`;
  }
  if (typeof value === 'number') return new Intl.NumberFormat(language).format(value);
  return restoreNeutralized(value);
}

function groupRows(info: ReportInfo, document: ReportDocument): string[][] {
  const { language, result } = document;
  const measures = (values: Array<number | null>) =>
    values.map((value, index) => formatMeasure(value, info.measures[index]!.format, language));
  const rows = result.groups.map((group) => [
    ...group.keys.map((key) => key.label),
    ...measures(group.values),
  ]);
  if (info.groups.length > 0)
    rows.push([
      REPORT_TEXTS[language].total,
      ...info.groups.slice(1).map(() => ''),
      ...measures(result.totals),
    ]);
  return rows;
}

/**
 * The report as PDF (A4): its title and parameters, the chart (ECharts' SVG drawn as vectors), the groups with
 * their measures and totals, then the items' table over as many pages as it takes (header repeated), page
 * numbers at the foot. `onRows` reports progress.
 */
export async function writeReportPdf(
  document: ReportDocument,
  onRows: (written: number) => Promise<void>,
): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const { info, language } = document;
  pdf.setTitle(info.name);
  pdf.setCreator('Portal DER');
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const writer = new PageWriter(pdf, fonts);
  writer.text(info.name, 16, true);
  for (const line of document.parameterLines) writer.text(line, 9);
  const chart = chartDataOf(info.chart, document.result.groups, info.measures[0]?.label ?? '');
  if (chart) writer.chart(await renderChartSvg(chart));
  writer.table(
    [...info.groups.map((group) => group.label), ...info.measures.map((measure) => measure.label)],
    groupRows(info, document),
    [...info.groups.map(() => false), ...info.measures.map(() => true)],
  );
  if (info.columns.length > 0) {
    const rows: string[][] = [];
    let written = 0;
    for await (const batch of document.batches()) {
      rows.push(
        ...batch.map((row: ListRow) =>
          info.columns.map((column) => cellText(cellValue(column, row, language), language)),
        ),
      );
      written += batch.length;
      await onRows(written);
    }
    writer.table(
      info.columns.map((column) => column.header),
      rows,
      info.columns.map(() => false),
    );
  }
  writer.pages.forEach((page, index) => {
    const text = PAGE_TEXTS[language](index + 1, writer.pages.length);
    page.drawText(text, {
      x: PAGE.width - MARGIN - fonts.regular.widthOfTextAtSize(text, FONT_SIZE),
      y: MARGIN / 2,
      size: FONT_SIZE,
      font: fonts.regular,
    });
  });
  return Buffer.from(await pdf.save());
}
