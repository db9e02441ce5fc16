// Bordered tables of the document layout: column widths, wrapped cells, row heights, and rows drawn across pages.
import type { PDFFont, PDFPage } from 'pdf-lib';
import { COLORS, CONTENT_BOTTOM } from './pdf-layout.constants.ts';
import type { TableColumn, TableOptions } from './pdf-layout.types.ts';
import { drawTextLine, type Line, lineHeightOf, wrapRichText } from './pdf-line-wrap.ts';

/** What a table needs from the layout to measure itself. */
export interface TableFonts {
  readonly contentWidth: number;
  readonly regular: PDFFont;
  readonly bold: PDFFont;
}

/** The part of the layout a table flows through: the current page, the cursor and page breaks. */
export interface TableFlow extends TableFonts {
  readonly page: PDFPage;
  y: number;
  readonly left: number;
  ensureSpace(height: number): void;
  newPage(): PDFPage;
}

function tableGeometry(layout: TableFonts, columns: TableColumn[], options: TableOptions) {
  const size = options.size ?? 9;
  const pad = 4;
  const totalWidth = options.width ?? layout.contentWidth;
  const totalWeight = columns.reduce((sum, column) => sum + column.width, 0);
  const widths = columns.map((column) => (column.width / totalWeight) * totalWidth);
  const lh = lineHeightOf(size);
  const fonts = { base: layout.regular, bold: layout.bold };
  const wrapRow = (cells: string[], header: boolean) =>
    widths.map((width, i) => {
      const bold = header || (options.keyColumn === true && i === 0);
      const text = cells[i] ?? '';
      // Cell text is data, never markup.
      return wrapRichText([{ text, bold }], size, width - 2 * pad, fonts);
    });
  const heightOf = (wrapped: Line[][]) =>
    Math.max(...wrapped.map((lines) => lines.length)) * lh + 2 * pad - (lh - size) + 2;
  return {
    size,
    pad,
    widths,
    lh,
    wrapRow,
    heightOf,
    rowHeight: (cells: string[], header: boolean) => heightOf(wrapRow(cells, header)),
  };
}

/** The height `drawTable()` will take with these arguments (including the space it leaves below). */
export function measureTable(
  layout: TableFonts,
  columns: TableColumn[],
  rows: string[][],
  options: TableOptions = {},
): number {
  const geometry = tableGeometry(layout, columns, options);
  const header =
    (options.showHeader ?? true)
      ? geometry.rowHeight(
          columns.map((c) => c.header),
          true,
        )
      : 0;
  return rows.reduce((sum, row) => sum + geometry.rowHeight(row, false), header) + 10;
}

/**
 * A bordered table whose cells wrap; a row never splits across pages, and the header row is repeated
 * on every page the table continues onto.
 */
export function drawTable(
  flow: TableFlow,
  columns: TableColumn[],
  rows: string[][],
  options: TableOptions = {},
): void {
  const { size, pad, widths, lh, wrapRow, heightOf } = tableGeometry(flow, columns, options);
  const x0 = options.x ?? flow.left;
  const showHeader = options.showHeader ?? true;
  const layoutRow = (cells: string[], header: boolean) => {
    const wrapped = wrapRow(cells, header);
    return { wrapped, height: heightOf(wrapped) };
  };

  const drawRow = (cells: string[], header: boolean) => {
    const { wrapped, height } = layoutRow(cells, header);
    const top = flow.y;
    let x = x0;
    widths.forEach((width, i) => {
      const fill = header ? COLORS.headerFill : options.keyColumn && i === 0 ? COLORS.keyFill : undefined;
      flow.page.drawRectangle({
        x,
        y: top - height,
        width,
        height,
        borderColor: COLORS.border,
        borderWidth: 0.6,
        ...(fill ? { color: fill } : {}),
      });
      let baseline = top - pad - size;
      for (const line of wrapped[i] ?? []) {
        const align = columns[i]?.align ?? 'left';
        drawTextLine(flow.page, line, x + pad, baseline, size, COLORS.text, align, width - 2 * pad);
        baseline -= lh;
      }
      x += width;
    });
    flow.y = top - height;
  };

  const headerCells = columns.map((column) => column.header);
  const headerHeight = showHeader ? layoutRow(headerCells, true).height : 0;
  const firstHeight = rows[0] ? layoutRow(rows[0], false).height : 0;
  flow.ensureSpace(headerHeight + firstHeight);
  if (showHeader) drawRow(headerCells, true);
  for (const row of rows) {
    const { height } = layoutRow(row, false);
    if (flow.y - height < CONTENT_BOTTOM) {
      flow.newPage();
      if (showHeader) drawRow(headerCells, true);
    }
    drawRow(row, false);
  }
  flow.y -= 10;
}

/** The columns, rows and options of a label/value table, the label column shaded. */
export function keyValueTableArgs(
  rows: Array<[string, string]>,
  options: { keyWidth?: number; size?: number },
): [TableColumn[], string[][], TableOptions] {
  const keyWidth = options.keyWidth ?? 0.32;
  return [
    [
      { header: '', width: keyWidth },
      { header: '', width: 1 - keyWidth },
    ],
    rows.map(([key, value]) => [key, value]),
    { showHeader: false, keyColumn: true, size: options.size ?? 9.5 },
  ];
}
