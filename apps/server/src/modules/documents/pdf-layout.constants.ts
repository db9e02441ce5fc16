// The page geometry, colours and type sizes of the department's A4 documents (pdf-layout.ts).
import { rgb } from 'pdf-lib';

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

export const MARGIN_X = 56;
/** Height of the coloured header band at the top of every page. */
export const BAND_HEIGHT = 54;
export const CONTENT_TOP_GAP = 26;
export const FOOTER_LINE_Y = 42;
/** Content stops here, above the footer line. */
export const CONTENT_BOTTOM = 60;
export const BODY_SIZE = 10;
/** Line height as a multiple of the font size. */
export const LINE_FACTOR = 1.38;
