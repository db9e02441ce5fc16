import { describe, expect, it } from 'vitest';
import { contentDisposition, sanitizeFileName } from './file-name.ts';
import { mediaTypeOf } from './file-type.ts';

const bytes = (...values: number[]) => Buffer.from(values);

describe('mediaTypeOf', () => {
  it('knows the accepted kinds by their first bytes, whatever the name says', () => {
    expect(mediaTypeOf(Buffer.from('%PDF-1.7\n'), 'foto.png')).toBe('application/pdf');
    expect(mediaTypeOf(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), 'a.pdf')).toBe('image/png');
    expect(mediaTypeOf(bytes(0xff, 0xd8, 0xff, 0xe0, 0), 'a')).toBe('image/jpeg');
    expect(mediaTypeOf(Buffer.from('GIF89a\0\0'), 'a')).toBe('image/gif');
    expect(mediaTypeOf(Buffer.from('RIFF\0\0\0\0WEBPVP8 '), 'a')).toBe('image/webp');
  });

  it('tells a DOCX from an XLSX by their parts, and refuses any other zip', () => {
    const zip = (...names: string[]) => Buffer.from(`PK\u0003\u0004${names.join('\0\0')}`, 'latin1');
    expect(mediaTypeOf(zip('[Content_Types].xml', 'word/document.xml'), 'a.docx')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(mediaTypeOf(zip('[Content_Types].xml', 'xl/workbook.xml'), 'a.xlsx')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(mediaTypeOf(zip('virus.exe'), 'a.docx')).toBeNull();
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
