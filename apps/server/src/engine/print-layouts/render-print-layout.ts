import { localize, type PrintLayout } from '@der/contracts';
import { getDefaultFont } from '@pdfme/common';
import { generate } from '@pdfme/generator';
import { barcodes, image, line, multiVariableText, rectangle, table, text } from '@pdfme/schemas';
import { toPdfmeTemplate } from './pdfme-template.ts';
import { buildPrintInputs, type PrintSource } from './print-inputs.ts';

/**
 * The field types a layout may use. pdfme's text font is its embedded Roboto (full Latin: ã, ç, é, º, ª), so
 * nothing is fetched at run time.
 */
const PLUGINS = { text, multiVariableText, table, image, qrcode: barcodes.qrcode, line, rectangle };

/**
 * pdfme's Roboto, decoded once: without a font in the options pdfme decodes its base64 again at every text it
 * measures — most of the time of a long table went there (20 pages: 2.5 s → see bench/RESULTS.md).
 */
const FONT = getDefaultFont();

export interface RenderedDocument {
  pdf: Uint8Array;
  /** The layout's name in the reader's language. */
  title: string;
}

/** A print layout filled from `source`: pdfme's generator over the layout's template and the bound inputs. */
export async function renderPrintLayout(
  layout: PrintLayout,
  source: PrintSource,
  meta: { subject?: string; at: Date },
): Promise<RenderedDocument> {
  const inputs = buildPrintInputs(layout, source);
  const emptyQrCodes = new Set(
    layout.template.schemas
      .flat()
      .filter((field) => field.type === 'qrcode' && inputs[field.name] === '')
      .map((field) => field.name),
  );
  const title = localize(layout.name, source.language);
  const pdf = await generate({
    template: toPdfmeTemplate(layout, source.language, emptyQrCodes),
    inputs: [inputs],
    plugins: PLUGINS,
    options: {
      title,
      subject: meta.subject ?? title,
      author: 'DER',
      creator: 'DER',
      producer: 'DER',
      // pdfme's own UI languages: the document's is English or, for pt-BR, left to the reader's viewer.
      ...(source.language === 'en' ? { lang: 'en' as const } : {}),
      creationDate: meta.at,
      modificationDate: meta.at,
      font: FONT,
    },
  });
  return { pdf, title };
}
