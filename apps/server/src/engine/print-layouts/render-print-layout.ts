import { localize, type PrintLayout } from '@der/contracts';
import { toPdfmeTemplate } from './pdfme-template.ts';
import { buildPrintInputs, type PrintSource } from './print-inputs.ts';

/**
 * pdfme, loaded with the first document rather than with the server: its modules took most of a server's start
 * (about 10 s of 25 on a busy two-core machine), and most processes never print.
 */
let pdfme: ReturnType<typeof loadPdfme> | undefined;

async function loadPdfme() {
  const [{ getDefaultFont }, { generate }, schemas] = await Promise.all([
    import('@pdfme/common'),
    import('@pdfme/generator'),
    import('@pdfme/schemas'),
  ]);
  const { barcodes, image, line, multiVariableText, rectangle, table, text } = schemas;
  return {
    generate,
    /**
     * The field types a layout may use. pdfme's text font is its embedded Roboto (full Latin: ã, ç, é, º, ª), so
     * nothing is fetched at run time.
     */
    plugins: { text, multiVariableText, table, image, qrcode: barcodes.qrcode, line, rectangle },
    /**
     * pdfme's Roboto, decoded once: without a font in the options pdfme decodes its base64 again at every text
     * it measures — most of the time of a long table went there (20 pages: 2.5 s → see bench/RESULTS.md).
     */
    font: getDefaultFont(),
  };
}

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
  pdfme ??= loadPdfme();
  const { generate, plugins, font } = await pdfme;
  const pdf = await generate({
    template: toPdfmeTemplate(layout, source.language, emptyQrCodes),
    inputs: [inputs],
    plugins,
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
      font,
    },
  });
  return { pdf, title };
}
