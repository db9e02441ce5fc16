import { PDFArray, PDFDict, type PDFDocument, PDFHexString, PDFName, PDFRef } from 'pdf-lib';
import { acroFormOf, fieldsOf, IncrementalUpdate } from './incremental-update.ts';

/** Room for the CMS: a signer certificate, up to four CA certificates and the attributes fit comfortably. */
export const SIGNATURE_MAX_BYTES = 16_384;
const BYTE_RANGE_PLACEHOLDER = '/ByteRange [0 /********** /********** /**********]';

export interface PlaceholderOptions {
  reason: string;
  location: string;
  signerName: string;
  signedAt: Date;
  /**
   * Make this a certification signature with DocMDP P=2: after it only form filling and further signatures
   * are permitted, so co-signers can still sign while any other change shows as one. (P=1 would forbid the
   * co-signatures this product allows.) Only the first signature of a document may certify. This follows
   * our reading of ITI's PAdES guidance (DOC-ICP-15.03); confirm it against the current document, and with
   * the 'Verificador de Conformidade', before production.
   */
  certify: boolean;
}

/** PDF date string, UTC: D:YYYYMMDDHHmmSS+00'00'. */
function pdfDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `D:${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}${pad(
    date.getUTCHours(),
  )}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}+00'00'`;
}

const text = (value: string) => PDFHexString.fromText(value).toString();

/** Signature fields already holding a value (a signature) in the document. */
export function signedFieldCount(doc: PDFDocument): number {
  const { dict } = acroFormOf(doc);
  const fields = fieldsOf(doc, dict);
  let count = 0;
  for (let index = 0; index < fields.size(); index++) {
    const field = fields.lookup(index);
    if (
      field instanceof PDFDict &&
      field.get(PDFName.of('FT')) === PDFName.of('Sig') &&
      field.get(PDFName.of('V'))
    )
      count++;
  }
  return count;
}

export function isCertified(doc: PDFDocument): boolean {
  const perms = doc.catalog.lookup(PDFName.of('Perms'));
  return perms instanceof PDFDict && perms.has(PDFName.of('DocMDP'));
}

function signatureDictionary(options: PlaceholderOptions): string {
  const lines = [
    '<<',
    '/Type /Sig',
    '/Filter /Adobe.PPKLite',
    '/SubFilter /ETSI.CAdES.detached',
    BYTE_RANGE_PLACEHOLDER,
    `/Contents <${'0'.repeat(SIGNATURE_MAX_BYTES * 2)}>`,
    `/Reason ${text(options.reason)}`,
    `/Location ${text(options.location)}`,
    `/Name ${text(options.signerName)}`,
    `/M (${pdfDate(options.signedAt)})`,
  ];
  if (options.certify) {
    lines.push(
      '/Reference [<< /Type /SigRef /TransformMethod /DocMDP /TransformParams << /Type /TransformParams /P 2 /V /1.2 >> >>]',
    );
  }
  lines.push('>>');
  return lines.join('\n');
}

/**
 * Appends, as an incremental update, an invisible signature field on the first page whose value is a
 * signature dictionary with ByteRange and Contents placeholders (for @signpdf/signpdf to fill).
 */
export function appendSignaturePlaceholder(
  pdf: Uint8Array,
  doc: PDFDocument,
  options: PlaceholderOptions,
): Buffer {
  const update = new IncrementalUpdate(pdf, doc);
  const context = doc.context;
  const signatureRef = update.newRef();
  const widgetRef = update.newRef();
  const page = doc.getPage(0);
  const fieldName = `Assinatura${signedFieldCount(doc) + 1}`;

  update.put(signatureRef, signatureDictionary(options));
  update.put(
    widgetRef,
    `<<\n/Type /Annot\n/Subtype /Widget\n/FT /Sig\n/T ${text(fieldName)}\n/V ${signatureRef}\n/F 132\n/Rect [0 0 0 0]\n/P ${page.ref}\n>>`,
  );

  const annots = page.node.get(PDFName.of('Annots'));
  if (annots instanceof PDFRef) {
    const array = context.lookup(annots, PDFArray);
    array.push(widgetRef);
    update.put(annots, array.toString());
  } else {
    const array = annots instanceof PDFArray ? annots : context.obj([]);
    array.push(widgetRef);
    page.node.set(PDFName.of('Annots'), array);
    update.put(page.ref, page.node.toString());
  }

  let catalogChanged = false;
  const acroForm = acroFormOf(doc);
  if (acroForm.dict) {
    const fieldsRaw = acroForm.dict.get(PDFName.of('Fields'));
    if (fieldsRaw instanceof PDFRef) {
      const fields = context.lookup(fieldsRaw, PDFArray);
      fields.push(widgetRef);
      update.put(fieldsRaw, fields.toString());
    } else {
      const fields = fieldsRaw instanceof PDFArray ? fieldsRaw : context.obj([]);
      fields.push(widgetRef);
      acroForm.dict.set(PDFName.of('Fields'), fields);
    }
    acroForm.dict.set(PDFName.of('SigFlags'), context.obj(3));
    if (acroForm.ref) update.put(acroForm.ref, acroForm.dict.toString());
    else catalogChanged = true;
  } else {
    const acroFormRef = update.newRef();
    update.put(acroFormRef, context.obj({ Fields: [widgetRef], SigFlags: 3 }).toString());
    doc.catalog.set(PDFName.of('AcroForm'), acroFormRef);
    catalogChanged = true;
  }
  if (options.certify) {
    doc.catalog.set(PDFName.of('Perms'), context.obj({ DocMDP: signatureRef }));
    catalogChanged = true;
  }
  if (catalogChanged) update.put(context.trailerInfo.Root as PDFRef, doc.catalog.toString());
  return update.write();
}
