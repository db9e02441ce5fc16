import { PDFDict, PDFDocument, PDFName, PDFString, rgb, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';
import { errorWithParams } from '../../../infra/http/app-error.ts';
import { isPdf } from '../pades/sign-pdf.ts';
import { signedFieldCount } from '../pades/signature-placeholder.ts';

/**
 * The stamp every page of a document receives: the stamp's lines (a filled template such as 'APROVADO — DER —
 * processo nº … — analista … — data/hora') and a QR code to the public check of this document.
 */
export interface Stamp {
  lines: string[];
  /** The document's public id: the QR code points to `${checkUrl}` and the PDF records it as stamped. */
  uid: string;
  checkUrl: string;
  fileName?: string;
}

/** The document-information key that marks a stamped PDF (its value is the stamp's public uid). */
export const STAMP_INFO_KEY = 'DERStampUid';

const FONT_SIZE = 7;
const LINE_GAP = 2;
const PADDING = 4;
const QR_SIZE = 48;
const MARGIN = 12;

function infoDict(doc: PDFDocument): PDFDict | null {
  const ref = doc.context.trailerInfo.Info;
  const info = ref ? doc.context.lookup(ref) : undefined;
  return info instanceof PDFDict ? info : null;
}

/** The stamp's uid when the PDF was stamped by this product, else null. */
export function stampUidOf(doc: PDFDocument): string | null {
  const value = infoDict(doc)?.lookup(PDFName.of(STAMP_INFO_KEY));
  return value instanceof PDFString ? value.decodeText() : null;
}

async function loadForStamp(pdf: Uint8Array, fileName: string): Promise<PDFDocument> {
  if (!isPdf(pdf)) throw errorWithParams('STAMP_NOT_PDF', { name: fileName });
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(pdf, { updateMetadata: false });
    // A file that starts like a PDF but has no page tree to draw on is not a document to stamp either.
    if (doc.getPageCount() === 0) throw new Error('no pages');
  } catch {
    throw errorWithParams('STAMP_NOT_PDF', { name: fileName });
  }
  if (stampUidOf(doc) !== null) throw errorWithParams('STAMP_ALREADY_STAMPED', { name: fileName });
  // Stamping rewrites the file, which would invalidate the signatures: stamp first, then sign.
  if (signedFieldCount(doc) > 0) throw errorWithParams('STAMP_AFTER_SIGNATURE', { name: fileName });
  return doc;
}

/** Characters the standard Helvetica (WinAnsi) cannot draw become '?', instead of failing the stamp. */
function drawable(text: string, canEncode: (char: string) => boolean): string {
  return [...text].map((char) => (canEncode(char) ? char : '?')).join('');
}

/**
 * Stamps every page (bottom-left box with the lines and the QR code) and marks the document as stamped in its
 * information dictionary. Refuses a non-PDF, an already stamped PDF and a signed one (spec §5, §8).
 */
export async function stampPdf(pdf: Uint8Array, stamp: Stamp): Promise<Buffer> {
  const fileName = stamp.fileName ?? 'documento.pdf';
  const doc = await loadForStamp(pdf, fileName);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const canEncode = (char: string) => {
    try {
      font.encodeText(char);
      return true;
    } catch {
      return false;
    }
  };
  const lines = stamp.lines.map((line) => drawable(line, canEncode));
  const qrPng = await QRCode.toBuffer(stamp.checkUrl, { type: 'png', margin: 1, errorCorrectionLevel: 'M' });
  const qr = await doc.embedPng(qrPng);
  const textWidth = Math.max(...lines.map((line) => font.widthOfTextAtSize(line, FONT_SIZE)), 0);
  const textHeight = lines.length * (FONT_SIZE + LINE_GAP);
  const boxHeight = Math.max(QR_SIZE, textHeight) + 2 * PADDING;

  for (const page of doc.getPages()) {
    const box = page.getMediaBox();
    const x = box.x + MARGIN;
    const y = box.y + MARGIN;
    // Wide stamps are scaled down to the page's width rather than drawn off it.
    const available = box.width - 2 * MARGIN - QR_SIZE - 3 * PADDING;
    const scale = textWidth > available ? available / textWidth : 1;
    page.drawRectangle({
      x,
      y,
      width: QR_SIZE + 3 * PADDING + textWidth * scale,
      height: boxHeight,
      color: rgb(1, 1, 1),
      opacity: 0.85,
      borderColor: rgb(0, 0.27, 0.55),
      borderWidth: 0.8,
    });
    page.drawImage(qr, { x: x + PADDING, y: y + (boxHeight - QR_SIZE) / 2, width: QR_SIZE, height: QR_SIZE });
    lines.forEach((line, index) => {
      page.drawText(line, {
        x: x + QR_SIZE + 2 * PADDING,
        y: y + boxHeight - PADDING - (index + 1) * (FONT_SIZE + LINE_GAP) + LINE_GAP,
        size: FONT_SIZE * scale,
        font,
        color: rgb(0, 0.27, 0.55),
      });
    });
  }

  let info = infoDict(doc);
  if (!info) {
    info = doc.context.obj({});
    doc.context.trailerInfo.Info = doc.context.register(info);
  }
  info.set(PDFName.of(STAMP_INFO_KEY), PDFString.of(stamp.uid));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** Fills `{{key}}` placeholders; unknown keys become empty (a template may name fields an item lacks). */
export function fillStampTemplate(template: string, textOf: (key: string) => string): string[] {
  return template
    .replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, key: string) => textOf(key))
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}
