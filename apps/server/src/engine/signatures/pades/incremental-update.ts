import { PDFArray, PDFDict, type PDFDocument, PDFName, PDFRef } from 'pdf-lib';

/**
 * Writes an incremental update (ISO 32000-1 §7.5.6): the changed and new objects are appended after the
 * file's last %%EOF with their own cross-reference section whose /Prev points at the previous one, so every
 * byte an earlier signature covers stays where it was. (pdf-lib's save() rewrites the whole file, which
 * would break those signatures.)
 */
export interface UpdatedObject {
  ref: PDFRef;
  /** The object's body, as PDF syntax (without `n g obj` / `endobj`). */
  body: string;
}

/** The byte offset the file's last `startxref` names: the /Prev of the update. */
export function lastStartXref(pdf: Uint8Array): number {
  const tail = Buffer.from(pdf.subarray(Math.max(0, pdf.length - 2048))).toString('latin1');
  const match = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!match) throw new Error('The PDF has no trailing startxref');
  return Number(match[1]);
}

/** The trailer's /Size (one past the highest object number), read at the previous xref section. */
function previousSize(pdf: Uint8Array, prevOffset: number, doc: PDFDocument): number {
  const section = Buffer.from(pdf.subarray(prevOffset, Math.min(pdf.length, prevOffset + 200_000))).toString(
    'latin1',
  );
  const size = /\/Size\s+(\d+)/.exec(section);
  return Math.max(size ? Number(size[1]) : 0, doc.context.largestObjectNumber + 1);
}

interface XrefEntry {
  objectNumber: number;
  generation: number;
  offset: number;
}

/** Consecutive object numbers share one subsection ('first count' then the entries). */
function xrefSection(entries: XrefEntry[]): string {
  const sorted = [...entries].sort((a, b) => a.objectNumber - b.objectNumber);
  const subsections: XrefEntry[][] = [];
  for (const entry of sorted) {
    const last = subsections.at(-1);
    const previous = last?.at(-1);
    if (last && previous && previous.objectNumber + 1 === entry.objectNumber) last.push(entry);
    else subsections.push([entry]);
  }
  const lines: string[] = ['xref'];
  for (const subsection of subsections) {
    lines.push(`${subsection[0]?.objectNumber} ${subsection.length}`);
    for (const entry of subsection) {
      // Each entry is exactly 20 bytes: 10-digit offset, 5-digit generation, 'n', and a two-byte EOL.
      lines.push(
        `${String(entry.offset).padStart(10, '0')} ${String(entry.generation).padStart(5, '0')} n\r`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Allocates object numbers for new objects of the update, above everything the file already uses. */
export class IncrementalUpdate {
  private readonly objects: UpdatedObject[] = [];
  private nextNumber: number;
  private readonly prevOffset: number;
  private readonly pdf: Uint8Array;
  private readonly doc: PDFDocument;

  constructor(pdf: Uint8Array, doc: PDFDocument) {
    this.pdf = pdf;
    this.doc = doc;
    this.prevOffset = lastStartXref(pdf);
    this.nextNumber = previousSize(pdf, this.prevOffset, doc);
  }

  newRef(): PDFRef {
    return PDFRef.of(this.nextNumber++, 0);
  }

  put(ref: PDFRef, body: string) {
    this.objects.push({ ref, body });
  }

  /** The original bytes followed by the update. */
  write(): Buffer {
    const original = Buffer.from(this.pdf);
    const parts: Buffer[] = [original];
    let offset = original.length;
    const push = (text: string) => {
      const bytes = Buffer.from(text, 'latin1');
      parts.push(bytes);
      offset += bytes.length;
    };
    if (original[original.length - 1] !== 0x0a) push('\n');
    const entries: XrefEntry[] = [];
    for (const object of this.objects) {
      entries.push({
        objectNumber: object.ref.objectNumber,
        generation: object.ref.generationNumber,
        offset,
      });
      push(`${object.ref.objectNumber} ${object.ref.generationNumber} obj\n${object.body}\nendobj\n`);
    }
    const xrefOffset = offset;
    const trailer = this.doc.context.trailerInfo;
    const trailerEntries = [`/Size ${this.nextNumber}`, `/Root ${String(trailer.Root)}`];
    if (trailer.Info) trailerEntries.push(`/Info ${trailer.Info.toString()}`);
    if (trailer.ID) trailerEntries.push(`/ID ${trailer.ID.toString()}`);
    trailerEntries.push(`/Prev ${this.prevOffset}`);
    push(xrefSection(entries));
    push(`trailer\n<<\n${trailerEntries.join('\n')}\n>>\nstartxref\n${xrefOffset}\n%%EOF\n`);
    return Buffer.concat(parts);
  }
}

/** The AcroForm's existing /Fields array entries (refs), whether the AcroForm is inline or indirect. */
export function acroFormOf(doc: PDFDocument): { ref: PDFRef | null; dict: PDFDict | null } {
  const raw = doc.catalog.get(PDFName.of('AcroForm'));
  if (raw instanceof PDFRef) return { ref: raw, dict: doc.context.lookup(raw, PDFDict) };
  return { ref: null, dict: raw instanceof PDFDict ? raw : null };
}

export function fieldsOf(doc: PDFDocument, acroForm: PDFDict | null): PDFArray {
  const fields = acroForm?.lookup(PDFName.of('Fields'));
  return fields instanceof PDFArray ? fields : doc.context.obj([]);
}
