// What every page of a document carries around its content: the header band and the numbered footer.
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import {
  A4_SIZE,
  BAND_HEIGHT,
  COLORS,
  DEPARTMENT_NAME,
  FOOTER_LINE_Y,
  MARGIN_X,
} from './pdf-layout.constants.ts';
import type { DocumentLayoutOptions } from './pdf-layout.types.ts';
import { drawTextLine, wrapRichText } from './pdf-line-wrap.ts';

interface FurnitureFonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** The brand-coloured band with the department's name and the document's subtitle. */
export function drawHeaderBand(page: PDFPage, fonts: FurnitureFonts, options: DocumentLayoutOptions): void {
  const [width, height] = A4_SIZE;
  page.drawRectangle({ x: 0, y: height - BAND_HEIGHT, width, height: BAND_HEIGHT, color: COLORS.brand });
  page.drawRectangle({ x: 0, y: height - BAND_HEIGHT - 3, width, height: 3, color: COLORS.accent });
  page.drawText(options.department ?? DEPARTMENT_NAME, {
    x: MARGIN_X,
    y: height - 24,
    size: 11.5,
    font: fonts.bold,
    color: COLORS.white,
  });
  page.drawText(options.headerSubtitle, {
    x: MARGIN_X,
    y: height - 40,
    size: 9,
    font: fonts.regular,
    color: COLORS.white,
  });
}

/**
 * A rule, "Página X de Y" and the footer note on every page; drawn last because Y, the page count, is only
 * known once the content has flowed.
 */
export function drawFooters(
  doc: PDFDocument,
  fonts: FurnitureFonts,
  options: DocumentLayoutOptions,
  contentWidth: number,
): void {
  const pages = doc.getPages();
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
      x: A4_SIZE[0] - MARGIN_X - fonts.regular.widthOfTextAtSize(label, size),
      y: FOOTER_LINE_Y - 13,
      size,
      font: fonts.regular,
      color: COLORS.muted,
    });
    if (options.footerNote) {
      const maxWidth = contentWidth - fonts.regular.widthOfTextAtSize(label, size) - 20;
      const [line] = wrapRichText([{ text: options.footerNote }], size, maxWidth, {
        base: fonts.regular,
        bold: fonts.bold,
      });
      if (line) drawTextLine(page, line, MARGIN_X, FOOTER_LINE_Y - 13, size, COLORS.muted);
    }
  });
}
