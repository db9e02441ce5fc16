/**
 * A small layout toolkit over pdf-lib for the department's simple A4 documents: a header band with the
 * department's name on every page, a title, word-wrapped paragraphs that flow onto new pages, bullet and
 * numbered lists, key/value and column tables, callout notes, and a footer with "Página X de Y".
 *
 * Text uses the standard Helvetica fonts (WinAnsi encoding): Portuguese accents, º, ª, §, – and — are fine;
 * arrows, emoji and other characters outside WinAnsi are rejected by pdf-lib when drawn.
 *
 * Inline markup: `**bold**` inside any text given to `paragraph`, `bullets`, `note` and the block renderer.
 */
import { PDFDocument, type PDFFont, type PDFPage, type RGB, rgb, StandardFonts } from 'pdf-lib';
import type {
  Block,
  DocumentLayoutOptions,
  RichText,
  TableColumn,
  TableOptions,
} from './pdf-layout.types.ts';
import { parseInline } from './pdf-text.ts';

export const A4_SIZE: [number, number] = [595.28, 841.89];
export const DEPARTMENT_NAME = 'DEPARTAMENTO DE ESTRADAS DE RODAGEM - DER';

export const COLORS = {
  brand: rgb(0.06, 0.22, 0.4),
  accent: rgb(0.98, 0.75, 0.1),
  text: rgb(0.1, 0.1, 0.12),
  muted: rgb(0.38, 0.4, 0.44),
  border: rgb(0.72, 0.75, 0.8),
  headerFill: rgb(0.88, 0.92, 0.97),
  keyFill: rgb(0.95, 0.96, 0.98),
  noteFill: rgb(1, 0.97, 0.86),
  noteBorder: rgb(0.9, 0.72, 0.2),
  white: rgb(1, 1, 1),
} as const;

const MARGIN_X = 56;
const BAND_HEIGHT = 54;
const CONTENT_TOP_GAP = 26;
const FOOTER_LINE_Y = 42;
const CONTENT_BOTTOM = 60;
const BODY_SIZE = 10;
const LINE_FACTOR = 1.38;

interface Piece {
  text: string;
  font: PDFFont;
}
type Line = Piece[];

export class DocumentLayout {
  readonly doc: PDFDocument;
  readonly regular: PDFFont;
  readonly bold: PDFFont;
  readonly oblique: PDFFont;
  readonly options: DocumentLayoutOptions;
  readonly left = MARGIN_X;
  readonly right = A4_SIZE[0] - MARGIN_X;
  readonly contentWidth = A4_SIZE[0] - 2 * MARGIN_X;
  page!: PDFPage;
  /** The baseline cursor: the top of the next thing to draw. */
  y = 0;

  private constructor(
    doc: PDFDocument,
    fonts: { regular: PDFFont; bold: PDFFont; oblique: PDFFont },
    options: DocumentLayoutOptions,
  ) {
    this.doc = doc;
    this.regular = fonts.regular;
    this.bold = fonts.bold;
    this.oblique = fonts.oblique;
    this.options = options;
  }

  static async create(options: DocumentLayoutOptions): Promise<DocumentLayout> {
    const doc = await PDFDocument.create();
    const [regular, bold, oblique] = await Promise.all([
      doc.embedFont(StandardFonts.Helvetica),
      doc.embedFont(StandardFonts.HelveticaBold),
      doc.embedFont(StandardFonts.HelveticaOblique),
    ]);
    const layout = new DocumentLayout(doc, { regular, bold, oblique }, options);
    layout.newPage();
    return layout;
  }

  get contentTop(): number {
    return A4_SIZE[1] - BAND_HEIGHT - CONTENT_TOP_GAP;
  }

  newPage(): PDFPage {
    this.page = this.doc.addPage(A4_SIZE);
    this.drawHeaderBand(this.page);
    this.y = this.contentTop;
    return this.page;
  }

  /** Starts a new page unless `height` points still fit above the footer. */
  ensureSpace(height: number): void {
    if (this.y - height < CONTENT_BOTTOM) this.newPage();
  }

  /** Room left on the current page. */
  get remaining(): number {
    return this.y - CONTENT_BOTTOM;
  }

  moveDown(points: number): void {
    this.y -= points;
  }

  // ---------------------------------------------------------------- text measurement and wrapping

  lineHeight(size: number): number {
    return size * LINE_FACTOR;
  }

  textWidth(text: string, size: number, font: PDFFont = this.regular): number {
    return font.widthOfTextAtSize(text, size);
  }

  /** Breaks rich text into lines no wider than `maxWidth`; `\n` forces a break. Over-long words are split. */
  wrap(text: RichText, size: number, maxWidth: number, baseFont: PDFFont = this.regular): Line[] {
    const runs = typeof text === 'string' ? parseInline(text) : text;
    const lines: Line[] = [];
    let line: Line = [];
    let width = 0;
    const flush = () => {
      lines.push(line);
      line = [];
      width = 0;
    };
    const addWord = (word: string, font: PDFFont, spaced: boolean) => {
      const space = spaced && line.length > 0 ? font.widthOfTextAtSize(' ', size) : 0;
      const wordWidth = font.widthOfTextAtSize(word, size);
      if (line.length > 0 && width + space + wordWidth > maxWidth) {
        flush();
        addWord(word, font, false);
        return;
      }
      if (line.length === 0 && wordWidth > maxWidth) {
        // A word longer than the line (a URL, a hash): cut it where it overflows.
        let cut = word.length;
        while (cut > 1 && font.widthOfTextAtSize(word.slice(0, cut), size) > maxWidth) cut--;
        line.push({ text: word.slice(0, cut), font });
        flush();
        if (cut < word.length) addWord(word.slice(cut), font, false);
        return;
      }
      const previous = line[line.length - 1];
      if (previous && previous.font === font) {
        previous.text += (space > 0 ? ' ' : '') + word;
      } else {
        line.push({ text: (space > 0 ? ' ' : '') + word, font });
      }
      width += space + wordWidth;
    };

    let pendingSpace = false;
    for (const run of runs) {
      const font = run.bold ? this.bold : baseFont;
      const paragraphs = run.text.split('\n');
      paragraphs.forEach((chunk, index) => {
        if (index > 0) {
          flush();
          pendingSpace = false;
        }
        const tokens = chunk.split(/(\s+)/);
        for (const token of tokens) {
          if (token === '') continue;
          if (/^\s+$/.test(token)) {
            pendingSpace = true;
            continue;
          }
          addWord(token, font, pendingSpace);
          pendingSpace = false;
        }
      });
    }
    if (line.length > 0 || lines.length === 0) flush();
    return lines;
  }

  lineWidth(line: Line, size: number): number {
    return line.reduce((sum, piece) => sum + piece.font.widthOfTextAtSize(piece.text, size), 0);
  }

  /** Draws one already-wrapped line with its baseline at `baseline`. */
  drawLine(
    page: PDFPage,
    line: Line,
    x: number,
    baseline: number,
    size: number,
    color: RGB = COLORS.text,
    align: 'left' | 'right' | 'center' = 'left',
    width = 0,
  ): void {
    const total = this.lineWidth(line, size);
    let cursor = align === 'right' ? x + width - total : align === 'center' ? x + (width - total) / 2 : x;
    for (const piece of line) {
      page.drawText(piece.text, { x: cursor, y: baseline, size, font: piece.font, color });
      cursor += piece.font.widthOfTextAtSize(piece.text, size);
    }
  }

  // ---------------------------------------------------------------- flowing blocks

  /** The document's title, with an optional line beneath it. */
  title(text: string, subtitle?: string): void {
    const size = 17;
    const lines = this.wrap([{ text, bold: true }], size, this.contentWidth);
    this.ensureSpace(lines.length * this.lineHeight(size) + 30);
    for (const line of lines) {
      this.y -= size;
      this.drawLine(this.page, line, this.left, this.y, size, COLORS.brand);
      this.y -= this.lineHeight(size) - size;
    }
    if (subtitle) {
      this.y -= 4;
      this.paragraph(subtitle, { size: 10, color: COLORS.muted, spaceAfter: 0 });
    }
    this.y -= 6;
    this.page.drawLine({
      start: { x: this.left, y: this.y },
      end: { x: this.right, y: this.y },
      thickness: 1.2,
      color: COLORS.accent,
    });
    this.y -= 14;
  }

  /** A section heading; it is never left alone at the foot of a page. */
  heading(text: string, level: 1 | 2 = 1): void {
    const size = level === 1 ? 12.5 : 10.5;
    const lines = this.wrap([{ text, bold: true }], size, this.contentWidth);
    const height = lines.length * this.lineHeight(size);
    this.y -= level === 1 ? 8 : 4;
    this.ensureSpace(height + 3 * this.lineHeight(BODY_SIZE));
    for (const line of lines) {
      this.y -= size;
      this.drawLine(this.page, line, this.left, this.y, size, level === 1 ? COLORS.brand : COLORS.text);
      this.y -= this.lineHeight(size) - size;
    }
    this.y -= level === 1 ? 4 : 2;
  }

  paragraph(
    text: RichText,
    options: {
      size?: number;
      color?: RGB;
      indent?: number;
      spaceAfter?: number;
      align?: 'left' | 'center';
    } = {},
  ): void {
    const size = options.size ?? BODY_SIZE;
    const indent = options.indent ?? 0;
    const width = this.contentWidth - indent;
    const lines = this.wrap(text, size, width);
    // No orphans: a paragraph never leaves a single line at the foot of a page.
    this.ensureSpace(Math.min(lines.length, 2) * this.lineHeight(size));
    this.flowLines(
      lines,
      size,
      this.left + indent,
      width,
      options.color ?? COLORS.text,
      options.align ?? 'left',
    );
    this.y -= options.spaceAfter ?? 6;
  }

  /** Draws wrapped lines, breaking pages between lines (never within one). */
  private flowLines(
    lines: Line[],
    size: number,
    x: number,
    width: number,
    color: RGB,
    align: 'left' | 'center' = 'left',
  ): void {
    const height = this.lineHeight(size);
    for (const line of lines) {
      this.ensureSpace(height);
      this.y -= size;
      this.drawLine(this.page, line, x, this.y, size, color, align, width);
      this.y -= height - size;
    }
  }

  /** A bullet (or, with `ordered`, numbered) list with hanging indentation. */
  bullets(items: RichText[], options: { ordered?: boolean; size?: number } = {}): void {
    const size = options.size ?? BODY_SIZE;
    const indent = options.ordered ? 22 : 16;
    const width = this.contentWidth - indent;
    items.forEach((item, index) => {
      const lines = this.wrap(item, size, width);
      // Keep the first two lines of an item together with its marker.
      this.ensureSpace(Math.min(lines.length, 2) * this.lineHeight(size));
      const marker = options.ordered ? `${index + 1}.` : '-';
      const markerX = options.ordered ? this.left + 2 : this.left + 5;
      this.page.drawText(marker, {
        x: markerX,
        y: this.y - size,
        size,
        font: this.bold,
        color: COLORS.brand,
      });
      this.flowLines(lines, size, this.left + indent, width, COLORS.text);
      this.y -= 3;
    });
    this.y -= 4;
  }

  /** A table of label/value rows, the label column shaded. */
  keyValueTable(rows: Array<[string, string]>, options: { keyWidth?: number; size?: number } = {}): void {
    this.table(...this.keyValueArgs(rows, options));
  }

  keyValueHeight(rows: Array<[string, string]>, options: { keyWidth?: number; size?: number } = {}): number {
    return this.tableHeight(...this.keyValueArgs(rows, options));
  }

  private keyValueArgs(
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

  /** Height of a heading (with the space around it). */
  headingHeight(text: string, level: 1 | 2 = 1): number {
    const size = level === 1 ? 12.5 : 10.5;
    return (
      this.wrap([{ text, bold: true }], size, this.contentWidth).length * this.lineHeight(size) +
      (level === 1 ? 12 : 6)
    );
  }

  /** The height `table()` will take with these arguments (including the space it leaves below). */
  tableHeight(columns: TableColumn[], rows: string[][], options: TableOptions = {}): number {
    const geometry = this.tableGeometry(columns, options);
    const header =
      (options.showHeader ?? true)
        ? geometry.rowHeight(
            columns.map((c) => c.header),
            true,
          )
        : 0;
    return rows.reduce((sum, row) => sum + geometry.rowHeight(row, false), header) + 10;
  }

  /** Starts a new page when a group of `height` points would not fit here but fits on an empty page. */
  keepTogether(height: number): void {
    if (height <= this.contentTop - CONTENT_BOTTOM) this.ensureSpace(height);
  }

  private tableGeometry(columns: TableColumn[], options: TableOptions) {
    const size = options.size ?? 9;
    const pad = 4;
    const totalWidth = options.width ?? this.contentWidth;
    const totalWeight = columns.reduce((sum, column) => sum + column.width, 0);
    const widths = columns.map((column) => (column.width / totalWeight) * totalWidth);
    const lh = this.lineHeight(size);
    const wrapRow = (cells: string[], header: boolean) =>
      widths.map((width, i) => {
        const bold = header || (options.keyColumn === true && i === 0);
        const text = cells[i] ?? '';
        // Cell text is data, never markup.
        return this.wrap([{ text, bold }], size, width - 2 * pad);
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

  /**
   * A bordered table whose cells wrap; a row never splits across pages, and the header row is repeated
   * on every page the table continues onto.
   */
  table(columns: TableColumn[], rows: string[][], options: TableOptions = {}): void {
    const { size, pad, widths, lh, wrapRow, heightOf } = this.tableGeometry(columns, options);
    const x0 = options.x ?? this.left;
    const showHeader = options.showHeader ?? true;
    const layoutRow = (cells: string[], header: boolean) => {
      const wrapped = wrapRow(cells, header);
      return { wrapped, height: heightOf(wrapped) };
    };

    const drawRow = (cells: string[], header: boolean) => {
      const { wrapped, height } = layoutRow(cells, header);
      const top = this.y;
      let x = x0;
      widths.forEach((width, i) => {
        const fill = header ? COLORS.headerFill : options.keyColumn && i === 0 ? COLORS.keyFill : undefined;
        this.page.drawRectangle({
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
          this.drawLine(this.page, line, x + pad, baseline, size, COLORS.text, align, width - 2 * pad);
          baseline -= lh;
        }
        x += width;
      });
      this.y = top - height;
    };

    const headerCells = columns.map((column) => column.header);
    const headerHeight = showHeader ? layoutRow(headerCells, true).height : 0;
    const firstHeight = rows[0] ? layoutRow(rows[0], false).height : 0;
    this.ensureSpace(headerHeight + firstHeight);
    if (showHeader) drawRow(headerCells, true);
    for (const row of rows) {
      const { height } = layoutRow(row, false);
      if (this.y - height < CONTENT_BOTTOM) {
        this.newPage();
        if (showHeader) drawRow(headerCells, true);
      }
      drawRow(row, false);
    }
    this.y -= 10;
  }

  /** A shaded callout box (kept on one page when it fits). */
  note(text: RichText, title?: string): void {
    const size = 9.5;
    const pad = 8;
    const width = this.contentWidth - 2 * pad;
    const titleLines = title ? this.wrap([{ text: title, bold: true }], size, width) : [];
    const lines = [...titleLines, ...this.wrap(text, size, width)];
    const height = lines.length * this.lineHeight(size) + 2 * pad - (this.lineHeight(size) - size);
    if (height > this.contentTop - CONTENT_BOTTOM) {
      this.paragraph(text);
      return;
    }
    this.ensureSpace(height + 4);
    this.page.drawRectangle({
      x: this.left,
      y: this.y - height,
      width: this.contentWidth,
      height,
      color: COLORS.noteFill,
      borderColor: COLORS.noteBorder,
      borderWidth: 0.8,
    });
    let baseline = this.y - pad - size;
    for (const line of lines) {
      this.drawLine(this.page, line, this.left + pad, baseline, size);
      baseline -= this.lineHeight(size);
    }
    this.y -= height + 10;
  }

  /** Renders a list of declarative blocks. */
  blocks(blocks: Block[]): void {
    for (const block of blocks) {
      if ('h1' in block) this.heading(block.h1, 1);
      else if ('h2' in block) this.heading(block.h2, 2);
      else if ('p' in block) this.paragraph(block.p);
      else if ('ul' in block) this.bullets(block.ul);
      else if ('ol' in block) this.bullets(block.ol, { ordered: true });
      else if ('kv' in block) this.keyValueTable(block.kv);
      else if ('table' in block) this.table(block.table.columns, block.table.rows);
      else if ('note' in block) this.note(block.note, block.title);
      else this.y -= block.space;
    }
  }

  // ---------------------------------------------------------------- page furniture and output

  private drawHeaderBand(page: PDFPage): void {
    const [width, height] = A4_SIZE;
    page.drawRectangle({ x: 0, y: height - BAND_HEIGHT, width, height: BAND_HEIGHT, color: COLORS.brand });
    page.drawRectangle({ x: 0, y: height - BAND_HEIGHT - 3, width, height: 3, color: COLORS.accent });
    page.drawText(this.options.department ?? DEPARTMENT_NAME, {
      x: MARGIN_X,
      y: height - 24,
      size: 11.5,
      font: this.bold,
      color: COLORS.white,
    });
    page.drawText(this.options.headerSubtitle, {
      x: MARGIN_X,
      y: height - 40,
      size: 9,
      font: this.regular,
      color: COLORS.white,
    });
  }

  private drawFooters(): void {
    const pages = this.doc.getPages();
    const total = pages.length;
    pages.forEach((page, index) => {
      page.drawLine({
        start: { x: MARGIN_X, y: FOOTER_LINE_Y },
        end: { x: A4_SIZE[0] - MARGIN_X, y: FOOTER_LINE_Y },
        thickness: 0.5,
        color: COLORS.border,
      });
      const label = `Página ${index + 1} de ${total}`;
      const size = 8;
      page.drawText(label, {
        x: A4_SIZE[0] - MARGIN_X - this.regular.widthOfTextAtSize(label, size),
        y: FOOTER_LINE_Y - 13,
        size,
        font: this.regular,
        color: COLORS.muted,
      });
      if (this.options.footerNote) {
        const maxWidth = this.contentWidth - this.regular.widthOfTextAtSize(label, size) - 20;
        const [line] = this.wrap([{ text: this.options.footerNote }], size, maxWidth);
        if (line) this.drawLine(page, line, MARGIN_X, FOOTER_LINE_Y - 13, size, COLORS.muted);
      }
    });
  }

  /** Draws the footers (now that the page count is known), sets the metadata and serialises the PDF. */
  async finish(): Promise<Uint8Array> {
    this.drawFooters();
    const date = this.options.date ?? new Date();
    this.doc.setTitle(this.options.title, { showInWindowTitleBar: true });
    this.doc.setAuthor(this.options.department ?? DEPARTMENT_NAME);
    this.doc.setCreator(this.options.department ?? DEPARTMENT_NAME);
    this.doc.setProducer('DER - portal de serviços (pdf-lib)');
    this.doc.setLanguage('pt-BR');
    if (this.options.subject) this.doc.setSubject(this.options.subject);
    if (this.options.keywords) this.doc.setKeywords(this.options.keywords);
    this.doc.setCreationDate(date);
    this.doc.setModificationDate(date);
    return this.doc.save();
  }
}
