/** Test helpers: text extraction with poppler's pdftotext, and the raw pixels of embedded images. */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { inflateSync } from 'node:zlib';
import { type PDFDict, type PDFDocument, PDFName, type PDFNumber, PDFRawStream } from 'pdf-lib';

const run = promisify(execFile);

/** The text of a PDF as pdftotext (poppler-utils) extracts it. */
export async function pdfToText(bytes: Uint8Array): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'der-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    await writeFile(file, bytes);
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface RgbImage {
  width: number;
  height: number;
  /** 3 bytes per pixel, rows top to bottom. */
  pixels: Uint8Array;
}

/** Every DeviceRGB, 8-bit, Flate-compressed image XObject of the document, decoded. */
export function rgbImages(doc: PDFDocument): RgbImage[] {
  const images: RgbImage[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const dict: PDFDict = object.dict;
    if (dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    if (dict.get(PDFName.of('ColorSpace')) !== PDFName.of('DeviceRGB')) continue;
    const width = (dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
    const height = (dict.get(PDFName.of('Height')) as PDFNumber).asNumber();
    images.push({ width, height, pixels: new Uint8Array(inflateSync(object.contents)) });
  }
  return images;
}
