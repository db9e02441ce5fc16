import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfToText } from '../../../test/helpers/pdf.ts';
import { DocumentLayout } from './pdf-layout.ts';
import { parseInline } from './pdf-text.ts';
import {
  buildGuideAetPdf,
  buildGuideFaixaPdf,
  buildManualAetPdf,
  buildManualFaixaPdf,
  buildTermsOfUsePdf,
  STATIC_DOCUMENTS,
} from './static-documents.ts';
import { SHIPPED_TERMS_OF_USE } from './terms-of-use.ts';

const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('pdf-layout', () => {
  it('parses **bold** markup', () => {
    expect(parseInline('a **b** c')).toEqual([{ text: 'a ' }, { text: 'b', bold: true }, { text: ' c' }]);
  });

  it('wraps within the width, keeps every word and splits over-long words', async () => {
    const layout = await DocumentLayout.create({ title: 't', headerSubtitle: 's' });
    const text = `${'palavra '.repeat(60)}${'x'.repeat(200)}`;
    const lines = layout.wrap(text, 10, 200);
    for (const line of lines) expect(layout.lineWidth(line, 10)).toBeLessThanOrEqual(200);
    const joined = lines.map((line) => line.map((piece) => piece.text).join('')).join(' ');
    expect(joined.replace(/\s+/g, '')).toBe(text.replace(/\s+/g, ''));
    expect(lines.length).toBeGreaterThan(5);
  });

  it('numbers the pages "Página X de Y"', async () => {
    const layout = await DocumentLayout.create({
      title: 'Teste',
      headerSubtitle: 'Sub',
      footerNote: 'Rodapé',
    });
    for (let i = 0; i < 120; i++) layout.paragraph(`Parágrafo ${i} com acentuação: ação, órgão, pé.`);
    const bytes = await layout.finish();
    const pages = (await PDFDocument.load(bytes)).getPageCount();
    expect(pages).toBeGreaterThan(1);
    const text = await pdfToText(bytes);
    for (let page = 1; page <= pages; page++) expect(text).toContain(`Página ${page} de ${pages}`);
    expect(text).toContain('Parágrafo 119 com acentuação: ação, órgão, pé.');
  });
});

describe('terms of use', () => {
  it('is version 1 with an absolute path to the shipped PDF', () => {
    expect(SHIPPED_TERMS_OF_USE.version).toBe(1);
    expect(SHIPPED_TERMS_OF_USE.path).toMatch(/apps\/server\/assets\/terms-of-use\/termos-de-uso-v1\.pdf$/);
    expect(SHIPPED_TERMS_OF_USE.publishedAt.toISOString()).toBe('2026-11-20T03:00:00.000Z');
  });

  it('covers the required sections, over several pages', async () => {
    const bytes = await buildTermsOfUsePdf();
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThanOrEqual(3);
    const text = flat(await pdfToText(bytes));
    for (const expected of [
      'Termos de Uso e Política de Privacidade',
      'Versão 1, publicada em 20/11/2026',
      'Definições',
      'Cadastro, conta e credenciais',
      'Obrigações do usuário',
      'QR code',
      'Lei nº 13.709/2018',
      'CPF ou CNPJ',
      'RG',
      'e-mail',
      'RENAVAM',
      'Finalidades',
      'Bases legais',
      'Retenção',
      'Direitos do titular',
      'Encarregado',
      'logs',
      'auditoria',
      'Responsabilidades',
      'Alterações destes termos',
      'foro',
    ]) {
      expect(text).toContain(expected);
    }
  });
});

describe('guides and manuals', () => {
  it('AET account guide lists the AET registration fields', async () => {
    const text = flat(await pdfToText(await buildGuideAetPdf()));
    for (const field of [
      'Nome',
      'E-mail',
      'Senha',
      'Confirmação da senha',
      'Tipo de requerente',
      'CPF/CNPJ',
    ]) {
      expect(text).toContain(field);
    }
    expect(text).toContain('Pessoa Física');
    expect(text).toContain('ATIVAR A CONTA');
    expect(text).toContain('das 8h às 13h');
  });

  it('faixa account guide lists the PF and PJ fields', async () => {
    const text = flat(await pdfToText(await buildGuideFaixaPdf()));
    for (const field of [
      'Já possui solicitação?',
      'RG',
      'Órgão expedidor',
      'Profissão',
      'Estado civil',
      'Nacionalidade',
      'Inscrição estadual',
      'Nome fantasia',
      'Atividade',
      'Opcional',
    ]) {
      expect(text).toContain(field);
    }
    expect(text).toContain('das 7h às 13h');
  });

  it('AET manual describes the statuses and the QR validation', async () => {
    const text = flat(await pdfToText(await buildManualAetPdf()));
    for (const status of [
      'Rascunho',
      'Enviada',
      'Aguardando pagamento',
      'Paga',
      'Em análise',
      'Pendente',
      'Deferida',
      'Emitida',
      'Indeferida',
    ]) {
      expect(text).toContain(status);
    }
    expect(text).toContain('Validar AET');
    expect(text).toContain('90 dias');
    expect(text).toContain('12 meses');
  });

  it('faixa manual covers TPEU uses, documents, statuses and stamping', async () => {
    const text = flat(await pdfToText(await buildManualFaixaPdf()));
    for (const expected of ['TPEU', 'Memorial descritivo', 'ART', 'Triagem', 'Vistoria', 'APROVADO - DER']) {
      expect(text).toContain(expected);
    }
  });
});

describe('shipped files', () => {
  it('are up to date with the generators (run apps/server/scripts/build-documents.ts)', async () => {
    for (const document of STATIC_DOCUMENTS) {
      const shipped = await readFile(document.path);
      const built = await document.build();
      const [a, b] = [await pdfToText(shipped), await pdfToText(built)];
      expect(a, document.path).toBe(b);
    }
  });
});
