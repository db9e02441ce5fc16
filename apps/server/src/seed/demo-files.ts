import { PDFDocument, StandardFonts } from 'pdf-lib';
import { runtimeFiles } from '../engine/files/files.table.ts';
import type { Db } from '../infra/db/database.ts';
import { sha256Of } from '../infra/storage/file-store.ts';

/** A one-page PDF naming what it stands for (a CRLV, a drawing…): real documents are the requerente's to upload. */
export async function demoPdf(title: string, lines: readonly string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText(title, { x: 56, y: 770, size: 16, font });
  lines.forEach((line, index) => {
    page.drawText(line, { x: 56, y: 730 - index * 18, size: 11, font });
  });
  page.drawText('Documento de demonstração.', { x: 56, y: 72, size: 9, font });
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

/**
 * Stores a demo document as uploaded by `uploadedBy`, not yet referenced: the demo item that holds it claims it
 * through the write path, as a portal upload is claimed. The bytes are kept in the row (runtime_files.content):
 * the seed runs before the app has a file store to hand, and the start-up move (move-to-store.ts) puts them
 * in the store; until then they are served from the row.
 */
export async function storeDemoFile(
  tx: Db,
  uploadedBy: number,
  fileName: string,
  content: Buffer,
): Promise<number> {
  const [row] = await tx
    .insert(runtimeFiles)
    .values({
      uploadedBy,
      fileName,
      mediaType: 'application/pdf',
      size: content.length,
      sha256: sha256Of(content),
      content,
    })
    .returning({ id: runtimeFiles.id });
  return row!.id;
}

/** A demo PDF stored for `uploadedBy`, as the one-file value of a BINARY field. */
export async function demoDocument(
  tx: Db,
  uploadedBy: number,
  fileName: string,
  title: string,
  lines: readonly string[],
): Promise<number[]> {
  return [await storeDemoFile(tx, uploadedBy, fileName, await demoPdf(title, lines))];
}
