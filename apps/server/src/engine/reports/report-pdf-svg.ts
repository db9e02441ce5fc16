import { type PDFFont, type PDFPage, type RGB, rgb } from 'pdf-lib';

/** Where the SVG's top-left corner goes on the page (PDF points, y from the bottom), and its scale. */
export interface SvgPlacement {
  x: number;
  top: number;
  scale: number;
}

const ATTRIBUTE = /([\w:-]+)="([^"]*)"/g;

function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of tag.matchAll(ATTRIBUTE)) attributes[match[1]!] = match[2]!;
  return attributes;
}

/** '#rrggbb', '#rgb' or 'rgb(r,g,b)'; undefined for 'none' or what this does not read. */
export function parseColor(value: string | undefined): RGB | undefined {
  if (!value || value === 'none' || value === 'transparent') return undefined;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value);
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((digit) => digit + digit).join('') : hex[1]!;
    const channel = (index: number) => Number.parseInt(digits.slice(index, index + 2), 16) / 255;
    return rgb(channel(0), channel(2), channel(4));
  }
  const functional = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(value);
  if (functional)
    return rgb(Number(functional[1]) / 255, Number(functional[2]) / 255, Number(functional[3]) / 255);
  return undefined;
}

/** The translation of a `translate(x y)` or `matrix(a b c d e f)` transform (ECharts' SSR writes only those here). */
function translationOf(transform: string | undefined): { dx: number; dy: number } {
  if (!transform) return { dx: 0, dy: 0 };
  const numbers = (transform.match(/-?\d*\.?\d+(e-?\d+)?/g) ?? []).map(Number);
  if (transform.startsWith('translate')) return { dx: numbers[0] ?? 0, dy: numbers[1] ?? 0 };
  if (transform.startsWith('matrix')) return { dx: numbers[4] ?? 0, dy: numbers[5] ?? 0 };
  return { dx: 0, dy: 0 };
}

const opacityOf = (value: string | undefined) => (value === undefined ? 1 : Number(value));

/**
 * Draws an ECharts SSR SVG as vector graphics: each `<path>` through pdf-lib's drawSvgPath (lines, bars,
 * arcs of a pie), each `<text>` with the PDF's font at its anchor. Rasterising would need a canvas or a native
 * library; the chart stays sharp and its labels stay text (pdftotext reads them). `safe` makes a text printable
 * by the font (the standard fonts know WinAnsi only).
 */
export function drawSvg(
  page: PDFPage,
  svg: string,
  placement: SvgPlacement,
  font: PDFFont,
  safe: (text: string) => string,
): void {
  const { x, top, scale } = placement;
  for (const match of svg.matchAll(/<path\b([^>]*)>/g)) {
    const attributes = attributesOf(match[1]!);
    const d = attributes.d;
    if (!d) continue;
    const fill = parseColor(attributes.fill);
    const stroke = parseColor(attributes.stroke);
    const fillOpacity = opacityOf(attributes['fill-opacity']) * opacityOf(attributes.opacity);
    if ((!fill || fillOpacity === 0) && !stroke) continue;
    const { dx, dy } = translationOf(attributes.transform);
    page.drawSvgPath(d, {
      x: x + dx * scale,
      y: top - dy * scale,
      scale,
      ...(fill && fillOpacity > 0 ? { color: fill, opacity: fillOpacity } : {}),
      ...(stroke
        ? { borderColor: stroke, borderWidth: Number(attributes['stroke-width'] ?? 1) * scale }
        : {}),
    });
  }
  for (const match of svg.matchAll(/<text\b([^>]*)>([^<]*)<\/text>/g)) {
    const attributes = attributesOf(match[1]!);
    const content = safe(decodeEntities(match[2]!));
    if (content === '') continue;
    const size = Number(/font-size:\s*(\d+(\.\d+)?)px/.exec(attributes.style ?? '')?.[1] ?? 12) * scale;
    const { dx, dy } = translationOf(attributes.transform);
    const width = font.widthOfTextAtSize(content, size);
    const anchor = attributes['text-anchor'];
    const shift = anchor === 'middle' ? width / 2 : anchor === 'end' ? width : 0;
    const baseline = (Number(attributes.y ?? 0) + dy) * scale;
    page.drawText(content, {
      x: x + (Number(attributes.x ?? 0) + dx) * scale - shift,
      // 'central' baselines: the middle of the glyphs sits on the point.
      y: top - baseline - size * 0.35,
      size,
      font,
      color: parseColor(attributes.fill) ?? rgb(0.2, 0.2, 0.2),
    });
  }
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
