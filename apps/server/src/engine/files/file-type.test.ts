import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  buildZip,
  contentTypesXml,
  DOCUMENT_MAIN,
  EXE_BYTES,
  minimalDocx,
  WORKBOOK_MAIN,
} from '../../../test/fixtures/test-zip.ts';
import { contentDisposition, sanitizeFileName } from './file-name.ts';
import { mediaTypeOf } from './file-type.ts';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

async function realXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Pedidos').addRow(['Placa', 'Eixos']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const bytes = (...values: number[]) => Buffer.from(values);

describe('mediaTypeOf', () => {
  it('knows the accepted kinds by their first bytes, whatever the name says', () => {
    expect(mediaTypeOf(Buffer.from('%PDF-1.7\n'), 'foto.png')).toBe('application/pdf');
    expect(mediaTypeOf(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), 'a.pdf')).toBe('image/png');
    expect(mediaTypeOf(bytes(0xff, 0xd8, 0xff, 0xe0, 0), 'a')).toBe('image/jpeg');
    expect(mediaTypeOf(Buffer.from('GIF89a\0\0'), 'a')).toBe('image/gif');
    expect(mediaTypeOf(Buffer.from('RIFF\0\0\0\0WEBPVP8 '), 'a')).toBe('image/webp');
  });

  it('tells a DOCX from an XLSX by their packages (main part and its content type)', async () => {
    expect(mediaTypeOf(minimalDocx(), 'a.docx')).toBe(DOCX);
    expect(mediaTypeOf(await realXlsx(), 'a.xlsx')).toBe(XLSX);
    // The name plays no part: a workbook called .docx is still a workbook.
    expect(mediaTypeOf(await realXlsx(), 'parecer.docx')).toBe(XLSX);
    // Sizes in data descriptors, as LibreOffice writes them.
    const libreOffice = buildZip([
      {
        name: '[Content_Types].xml',
        content: contentTypesXml({ '/word/document.xml': DOCUMENT_MAIN }),
        descriptor: true,
      },
      { name: 'word/document.xml', content: '<?xml version="1.0"?><w:document/>', descriptor: true },
    ]);
    expect(mediaTypeOf(libreOffice, 'a.docx')).toBe(DOCX);
  });

  it('refuses a ZIP whose entries only look like OOXML (names in the bytes, an .exe inside)', () => {
    // The old check: the names written anywhere in a file starting with PK.
    const names = Buffer.from('PK\u0003\u0004[Content_Types].xml\0\0xl/workbook.xml\0\0virus.exe', 'latin1');
    expect(mediaTypeOf(names, 'a.xlsx')).toBeNull();
    expect(mediaTypeOf(buildZip([{ name: 'virus.exe', content: EXE_BYTES }]), 'a.docx')).toBeNull();
    // OOXML names, but the parts are an executable and no content type is declared.
    const disguised = buildZip([
      { name: '[Content_Types].xml', content: EXE_BYTES },
      { name: 'xl/workbook.xml', content: EXE_BYTES },
      { name: 'virus.exe', content: EXE_BYTES },
    ]);
    expect(mediaTypeOf(disguised, 'planilha.xlsx')).toBeNull();
  });

  it('refuses a plain ZIP, a jar and packages of another or an unclaimed kind', () => {
    expect(mediaTypeOf(buildZip([{ name: 'fotos/a.txt', content: 'olá' }]), 'a.xlsx')).toBeNull();
    const jar = buildZip([
      { name: 'META-INF/MANIFEST.MF', content: 'Manifest-Version: 1.0\nMain-Class: Main\n' },
      { name: 'Main.class', content: Buffer.from([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 52]) },
    ]);
    expect(mediaTypeOf(jar, 'a.docx')).toBeNull();
    // A jar dressed as a document: a real main part and content types, plus the jar's entries.
    expect(
      mediaTypeOf(
        minimalDocx(
          [
            { name: 'META-INF/MANIFEST.MF', content: 'Manifest-Version: 1.0\n' },
            { name: 'Main.class', content: Buffer.from([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 52]) },
          ],
          { MF: 'text/plain', class: 'application/java-vm' },
        ),
        'a.docx',
      ),
    ).toBeNull();
    // The main part present but given another content type (a macro-enabled workbook's, a plain XML's).
    const mislabelled = buildZip([
      { name: '[Content_Types].xml', content: contentTypesXml({ '/word/document.xml': WORKBOOK_MAIN }) },
      { name: 'word/document.xml', content: '<w:document/>' },
    ]);
    expect(mediaTypeOf(mislabelled, 'a.docx')).toBeNull();
    // The content type declared, the main part missing.
    const hollow = buildZip([
      { name: '[Content_Types].xml', content: contentTypesXml({ '/word/document.xml': DOCUMENT_MAIN }) },
    ]);
    expect(mediaTypeOf(hollow, 'a.docx')).toBeNull();
  });

  it('refuses a real package that carries a program or macros, whatever their declared types', () => {
    const withExe = minimalDocx([{ name: 'word/media/setup.exe', content: EXE_BYTES }], {
      exe: 'application/octet-stream',
    });
    expect(mediaTypeOf(withExe, 'a.docx')).toBeNull();
    const exeAsImage = minimalDocx([{ name: 'word/media/image1.png', content: EXE_BYTES }], {
      png: 'image/png',
    });
    expect(mediaTypeOf(exeAsImage, 'a.docx')).toBeNull();
    const undeclared = minimalDocx([{ name: 'word/media/notes.dat', content: 'x' }]);
    expect(mediaTypeOf(undeclared, 'a.docx')).toBeNull();
    const macros = minimalDocx([{ name: 'word/vbaProject.bin', content: 'x' }], {
      bin: 'application/vnd.ms-office.vbaProject',
    });
    expect(mediaTypeOf(macros, 'a.docx')).toBeNull();
    // An image declared as one is fine.
    const image = minimalDocx([{ name: 'word/media/image1.png', content: PNG_BYTES }], { png: 'image/png' });
    expect(mediaTypeOf(image, 'a.docx')).toBe(DOCX);
  });

  it('refuses damaged and lying archives (sizes, extra data between entries)', () => {
    const good = minimalDocx();
    expect(mediaTypeOf(good.subarray(0, good.length - 30), 'a.docx')).toBeNull();
    const lying = buildZip([
      {
        name: '[Content_Types].xml',
        content: contentTypesXml({ '/word/document.xml': DOCUMENT_MAIN }),
        declaredSize: 10,
      },
      { name: 'word/document.xml', content: '<w:document/>' },
    ]);
    expect(mediaTypeOf(lying, 'a.docx')).toBeNull();
  });

  it('accepts UTF-8 and Windows-1252 text (CSV by its name) and refuses executables, scripts and binaries', () => {
    expect(mediaTypeOf(Buffer.from('placa;eixos\r\nABC1D23;6\r\n'), 'lista.CSV')).toBe('text/csv');
    expect(mediaTypeOf(Buffer.from('Relatório\tmês\n', 'latin1'), 'nota.txt')).toBe('text/plain');
    expect(mediaTypeOf(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(10)]), 'a.pdf')).toBeNull();
    expect(mediaTypeOf(bytes(0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0), 'a.txt')).toBeNull();
    expect(mediaTypeOf(Buffer.from('#!/bin/sh\nrm -rf /\n'), 'a.txt')).toBeNull();
    expect(mediaTypeOf(Buffer.alloc(0), 'vazio.txt')).toBeNull();
  });
});

describe('sanitizeFileName', () => {
  it('drops folders, reserved and control characters, and leading dots', () => {
    expect(sanitizeFileName('C:\\Users\\ana\\Planta "final".pdf', 'application/pdf')).toBe(
      'Planta final.pdf',
    );
    expect(sanitizeFileName('../../.htaccess\u0000.png', 'image/png')).toBe('htaccess.png');
    expect(sanitizeFileName('', 'application/pdf')).toBe('arquivo.pdf');
  });

  it("gives the name the type's extension when it has another one, keeping a matching one as typed", () => {
    expect(sanitizeFileName('nota.exe', 'application/pdf')).toBe('nota.exe.pdf');
    expect(sanitizeFileName('FOTO.JPG', 'image/jpeg')).toBe('FOTO.JPG');
    expect(sanitizeFileName(`${'a'.repeat(300)}.pdf`, 'application/pdf')).toHaveLength(200);
  });
});

describe('contentDisposition', () => {
  it('has an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('attachment', 'Licença "A".pdf')).toBe(
      `attachment; filename="Licenca A.pdf"; filename*=UTF-8''Licen%C3%A7a%20%22A%22.pdf`,
    );
  });
});
