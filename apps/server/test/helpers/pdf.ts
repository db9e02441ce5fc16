/** Test helpers: text extraction with poppler's pdftotext, and the raw pixels of embedded images. */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

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
