import type { Language } from '@der/contracts';
import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';
import { formatDateTime } from './item-template-values.ts';

export interface ProtocolSigner {
  signerName: string;
  cpfMasked: string | null;
  certificateSubject: string;
  certificateSerial: string;
  signedAt: Date;
}

export interface ProtocolInput {
  /** The configured template, filled (its lines). */
  openingLines: string[];
  fileName: string;
  documentSha256: string;
  checkUrl: string;
  signers: ProtocolSigner[];
  language: Language;
}

const TEXT = {
  'pt-BR': {
    title: 'Protocolo de Assinatura',
    document: 'Documento',
    hash: 'SHA-256 do documento assinado',
    check: 'Verificação pública',
    signers: 'Assinaturas (ICP-Brasil, PAdES AD-RB)',
    cpf: 'CPF',
    subject: 'Certificado',
    serial: 'Número de série',
    at: 'Data/hora',
  },
  en: {
    title: 'Signature Protocol',
    document: 'Document',
    hash: 'SHA-256 of the signed document',
    check: 'Public check',
    signers: 'Signatures (ICP-Brasil, PAdES AD-RB)',
    cpf: 'CPF',
    subject: 'Certificate',
    serial: 'Serial number',
    at: 'Date/time',
  },
} as const;

/** Splits a text into lines no wider than `width` (long unbroken runs such as hashes are cut). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The 'Protocolo de Assinatura': the template's opening text, then the document, its SHA-256, the public
 * check address and every signature (signer, masked CPF, certificate subject and serial, time).
 */
export async function renderSignatureProtocol(input: ProtocolInput): Promise<Buffer> {
  const text = TEXT[input.language];
  const doc = await PDFDocument.create();
  doc.setTitle(text.title);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const clean = (value: string) =>
    [...value]
      .map((char) => {
        try {
          font.encodeText(char);
          return char;
        } catch {
          return '?';
        }
      })
      .join('');
  let page = doc.addPage([595, 842]);
  const left = 56;
  const width = 595 - 2 * left;
  let y = 842 - 64;
  const write = (value: string, options: { size?: number; strong?: boolean; gap?: number } = {}) => {
    const size = options.size ?? 10;
    const face = options.strong ? bold : font;
    for (const line of wrap(clean(value), face, size, width)) {
      if (y < 56) {
        page = doc.addPage([595, 842]);
        y = 842 - 64;
      }
      page.drawText(line, { x: left, y, size, font: face });
      y -= size + 4;
    }
    y -= options.gap ?? 0;
  };

  write(text.title, { size: 16, strong: true, gap: 8 });
  for (const line of input.openingLines) write(line, { gap: 2 });
  y -= 8;
  write(`${text.document}: ${input.fileName}`);
  write(`${text.hash}: ${input.documentSha256}`);
  write(`${text.check}: ${input.checkUrl}`, { gap: 10 });
  write(text.signers, { size: 12, strong: true, gap: 4 });
  input.signers.forEach((signer, index) => {
    write(`${index + 1}. ${signer.signerName}`, { strong: true });
    if (signer.cpfMasked) write(`${text.cpf}: ${signer.cpfMasked}`);
    write(`${text.subject}: ${signer.certificateSubject}`);
    write(`${text.serial}: ${signer.certificateSerial}`);
    write(`${text.at}: ${formatDateTime(signer.signedAt, input.language)}`, { gap: 8 });
  });
  return Buffer.from(await doc.save());
}
