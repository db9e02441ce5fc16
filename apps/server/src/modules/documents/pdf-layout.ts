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
import { PDFDocument, type PDFFont, type PDFPage, type RGB, StandardFonts } from 'pdf-lib';
import {
  A4_SIZE,
  BAND_HEIGHT,
  BODY_SIZE,
  COLORS,
  CONTENT_BOTTOM,
  CONTENT_TOP_GAP,
  MARGIN_X,
} from './pdf-layout.constants.ts';
import type {
  Block,
  DocumentLayoutOptions,
  RichText,
  TableColumn,
  TableOptions,
} from './pdf-layout.types.ts';
import { drawTextLine, type Line, lineHeightOf, lineWidthOf, wrapRichText } from './pdf-line-wrap.ts';
import { setDocumentMetadata } from './pdf-metadata.ts';
import { drawFooters, drawHeaderBand } from './pdf-page-furniture.ts';
import { drawTable, keyValueTableArgs, measureTable } from './pdf-table.ts';

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
    drawHeaderBand(this.page, this, this.options);
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
    return lineHeightOf(size);
  }

  textWidth(text: string, size: number, font: PDFFont = this.regular): number {
    return font.widthOfTextAtSize(text, size);
  }

  /** Breaks rich text into lines no wider than `maxWidth`; `\n` forces a break. Over-long words are split. */
  wrap(text: RichText, size: number, maxWidth: number, baseFont: PDFFont = this.regular): Line[] {
    return wrapRichText(text, size, maxWidth, { base: baseFont, bold: this.bold });
  }

  lineWidth(line: Line, size: number): number {
    return lineWidthOf(line, size);
  }

  /** Draws one already-wrapped line with its baseline at `baseline`. */
  drawLine(...args: Parameters<typeof drawTextLine>): void {
    drawTextLine(...args);
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
    this.table(...keyValueTableArgs(rows, options));
  }

  keyValueHeight(rows: Array<[string, string]>, options: { keyWidth?: number; size?: number } = {}): number {
    return this.tableHeight(...keyValueTableArgs(rows, options));
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
    return measureTable(this, columns, rows, options);
  }

  /** Starts a new page when a group of `height` points would not fit here but fits on an empty page. */
  keepTogether(height: number): void {
    if (height <= this.contentTop - CONTENT_BOTTOM) this.ensureSpace(height);
  }

  /**
   * A bordered table whose cells wrap; a row never splits across pages, and the header row is repeated
   * on every page the table continues onto.
   */
  table(columns: TableColumn[], rows: string[][], options: TableOptions = {}): void {
    drawTable(this, columns, rows, options);
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

  /** Draws the footers (now that the page count is known), sets the metadata and serialises the PDF. */
  async finish(): Promise<Uint8Array> {
    drawFooters(this.doc, this, this.options, this.contentWidth);
    setDocumentMetadata(this.doc, this.options);
    return this.doc.save();
  }
}
