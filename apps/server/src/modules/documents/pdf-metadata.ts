// The PDF's document information (title, author, language, dates) that viewers and search tools read.
import type { PDFDocument } from 'pdf-lib';
import { DEPARTMENT_NAME } from './pdf-layout.constants.ts';
import type { DocumentLayoutOptions } from './pdf-layout.types.ts';

export function setDocumentMetadata(doc: PDFDocument, options: DocumentLayoutOptions): void {
  const date = options.date ?? new Date();
  doc.setTitle(options.title, { showInWindowTitleBar: true });
  doc.setAuthor(options.department ?? DEPARTMENT_NAME);
  doc.setCreator(options.department ?? DEPARTMENT_NAME);
  doc.setProducer('DER - portal de serviços (pdf-lib)');
  doc.setLanguage('pt-BR');
  if (options.subject) doc.setSubject(options.subject);
  if (options.keywords) doc.setKeywords(options.keywords);
  doc.setCreationDate(date);
  doc.setModificationDate(date);
}
