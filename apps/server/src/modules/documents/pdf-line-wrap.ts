// Measuring, wrapping and drawing lines of rich text in pdf-lib fonts: the text primitives of DocumentLayout.
import type { PDFFont, PDFPage, RGB } from 'pdf-lib';
import { COLORS, LINE_FACTOR } from './pdf-layout.constants.ts';
import type { RichText } from './pdf-layout.types.ts';
import { parseInline } from './pdf-text.ts';

/** A stretch of one line drawn in one font. */
export interface Piece {
  text: string;
  font: PDFFont;
}
export type Line = Piece[];

export function lineHeightOf(size: number): number {
  return size * LINE_FACTOR;
}

/**
 * Breaks rich text into lines no wider than `maxWidth`; `\n` forces a break. Over-long words are split.
 * Plain runs are set in `fonts.base`, `**bold**` runs in `fonts.bold`.
 */
export function wrapRichText(
  text: RichText,
  size: number,
  maxWidth: number,
  fonts: { base: PDFFont; bold: PDFFont },
): Line[] {
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
    const font = run.bold ? fonts.bold : fonts.base;
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

export function lineWidthOf(line: Line, size: number): number {
  return line.reduce((sum, piece) => sum + piece.font.widthOfTextAtSize(piece.text, size), 0);
}

/** Draws one already-wrapped line with its baseline at `baseline`, aligned within `width` from `x`. */
export function drawTextLine(
  page: PDFPage,
  line: Line,
  x: number,
  baseline: number,
  size: number,
  color: RGB = COLORS.text,
  align: 'left' | 'right' | 'center' = 'left',
  width = 0,
): void {
  const total = lineWidthOf(line, size);
  let cursor = align === 'right' ? x + width - total : align === 'center' ? x + (width - total) / 2 : x;
  for (const piece of line) {
    page.drawText(piece.text, { x: cursor, y: baseline, size, font: piece.font, color });
    cursor += piece.font.widthOfTextAtSize(piece.text, size);
  }
}
