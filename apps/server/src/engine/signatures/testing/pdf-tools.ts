import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as asn1js from 'asn1js';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import * as pkijs from 'pkijs';

/** A plain PDF of `pages` pages with 'Página n' on each, as a document users would upload. */
export async function samplePdf(pages = 2): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let index = 1; index <= pages; index++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Página ${index} do processo de teste`, { x: 60, y: 760, size: 16, font });
  }
  return doc.save();
}

function withFile<T>(pdf: Uint8Array, use: (file: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'der-pdf-'));
  const file = path.join(dir, 'document.pdf');
  writeFileSync(file, pdf);
  try {
    return use(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** poppler's pdfsig report, trusting the roots of the NSS database `nssDir`. */
export function pdfsig(pdf: Uint8Array, nssDir: string): string {
  return withFile(pdf, (file) => {
    const result = spawnSync('pdfsig', ['-nssdir', `sql:${nssDir}`, file], { encoding: 'utf8' });
    return `${result.stdout}${result.stderr}`;
  });
}

/** The text of one page (or all) by poppler's pdftotext. */
export function pdftotext(pdf: Uint8Array, page?: number): string {
  return withFile(pdf, (file) => {
    const range = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
    return execFileSync('pdftotext', [...range, file, '-'], { encoding: 'utf8' });
  });
}

/** The CMS blobs in the PDF's signature dictionaries (/Contents <hex> after each /ByteRange). */
export function signatureContents(pdf: Uint8Array): pkijs.SignedData[] {
  const text = Buffer.from(pdf).toString('latin1');
  const found: pkijs.SignedData[] = [];
  for (const match of text.matchAll(/\/ByteRange\s*\[[^\]]*\]\s*\/Contents\s*<([0-9a-fA-F]+)>/g)) {
    const der = Buffer.from(match[1] ?? '', 'hex');
    const parsed = asn1js.fromBER(der);
    const contentInfo = new pkijs.ContentInfo({ schema: parsed.result });
    found.push(new pkijs.SignedData({ schema: contentInfo.content }));
  }
  return found;
}
