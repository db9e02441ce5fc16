import {
  type FieldDefinition,
  FieldDefinitionSchema,
  type PrintBindingInput,
  type PrintFieldInput,
  type PrintLayoutInput,
  PrintLayoutSchema,
} from '@der/contracts';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfToText } from '../../../test/helpers/pdf.ts';
import type { PrintRecord, PrintSource } from './print-inputs.ts';
import { renderPrintLayout } from './render-print-layout.ts';

const field = (key: string, type: string, extra: Record<string, unknown> = {}): FieldDefinition =>
  FieldDefinitionSchema.parse({ key, type, label: { 'pt-BR': key, en: key }, ...extra });

const FIELDS = new Map(
  [
    field('nome', 'STRING'),
    field('valor', 'CURRENCY'),
    field('peso', 'DECIMAL'),
    field('eixos', 'INTEGER'),
    field('inicio', 'DATE_TIME', { dateTimeFormatType: 1 }),
    field('partida', 'DATE_TIME', { dateTimeFormatType: 0 }),
    field('perigosa', 'BOOLEAN'),
    field('documento', 'STRING'),
  ].map((definition) => [definition.key, definition]),
);
const ROW_FIELDS = new Map(
  [field('placa', 'STRING'), field('pbt', 'DECIMAL')].map((definition) => [definition.key, definition]),
);

const text = (pt: string, en = pt) => ({ 'pt-BR': pt, en });
const box = (name: string, y: number, height = 8) => ({ name, position: { x: 15, y }, width: 180, height });
const bound = (name: string, y: number, binding: PrintBindingInput): PrintFieldInput => ({
  type: 'text',
  ...box(name, y),
  binding,
});

const LAYOUT: PrintLayoutInput = {
  id: 1,
  name: text('Autorização de teste', 'Test authorisation'),
  template: {
    basePdf: {
      width: 210,
      height: 297,
      padding: [20, 15, 20, 15],
      staticSchema: [
        { type: 'text', ...box('cabecalho', 5), content: text('DER - Departamento de Estradas de Rodagem') },
        { type: 'line', name: 'regua', position: { x: 15, y: 14 }, width: 180, height: 0.3 },
        {
          type: 'text',
          ...box('rodape', 284),
          alignment: 'right',
          content: text('Página {currentPage} de {totalPages}', 'Page {currentPage} of {totalPages}'),
        },
      ],
    },
    schemas: [
      [
        bound('nome', 20, { kind: 'field', field: 'nome' }),
        bound('valor', 30, { kind: 'field', field: 'valor' }),
        bound('peso', 40, { kind: 'field', field: 'peso', format: { kind: 'decimal', digits: 2 } }),
        bound('eixos', 50, { kind: 'field', field: 'eixos', format: { kind: 'integer' } }),
        bound('inicio', 60, { kind: 'field', field: 'inicio' }),
        bound('partida', 70, {
          kind: 'field',
          field: 'partida',
          format: { kind: 'date', dateFormatType: 0 },
        }),
        bound('hora', 80, { kind: 'field', field: 'partida', format: { kind: 'date', dateFormatType: 2 } }),
        bound('perigosa', 90, { kind: 'field', field: 'perigosa' }),
        bound('documento', 100, { kind: 'field', field: 'documento', format: { kind: 'cpfCnpj' } }),
        bound('numero', 110, { kind: 'field', field: 'FormattedID' }),
        bound('rotulo', 120, {
          kind: 'literal',
          text: text('Condições de trânsito: ação, çã, º, ª', 'Conditions'),
        }),
        {
          type: 'multiVariableText',
          ...box('validade', 130),
          text: text('Válida de {inicio} até {fim}', 'Valid from {inicio} to {fim}'),
          variables: {
            inicio: { kind: 'field', field: 'inicio' },
            fim: { kind: 'literal', text: text('31/12/2026') },
          },
        },
        {
          type: 'qrcode',
          name: 'qr',
          position: { x: 160, y: 20 },
          width: 30,
          height: 30,
          binding: { kind: 'template', text: text('{{publicUrl}}/validarAET?uid={{FormattedID}}') },
        },
        { type: 'rectangle', name: 'moldura', position: { x: 14, y: 19 }, width: 182, height: 130 },
        {
          type: 'table',
          name: 'veiculos',
          position: { x: 15, y: 155 },
          width: 180,
          height: 20,
          rows: { kind: 'children', componentId: 2 },
          columns: [
            { header: text('Placa', 'Plate'), width: 60, binding: { kind: 'field', field: 'placa' } },
            {
              header: text('PBT (t)', 'GVW (t)'),
              width: 40,
              alignment: 'right',
              binding: { kind: 'field', field: 'pbt', format: { kind: 'decimal', digits: 1 } },
            },
          ],
        },
      ],
    ],
  },
};

function rowsOf(count: number): PrintRecord[] {
  return Array.from({ length: count }, (_, index) => ({
    values: { placa: `ROW${String(index + 1).padStart(4, '0')}`, pbt: 10 + index / 10 },
    fields: ROW_FIELDS,
  }));
}

function sourceOf(rows: PrintRecord[], language: 'pt-BR' | 'en' = 'pt-BR'): PrintSource {
  return {
    record: {
      values: {
        nome: 'TRANSLOG CERRADO TRANSPORTES LTDA',
        valor: 1234.5,
        peso: 48.5,
        eixos: 9,
        inicio: '2026-11-20T15:00:00.000Z',
        partida: '2026-11-21T09:30:00.000Z',
        perigosa: true,
        documento: '48271653000131',
        FormattedID: 'AET-2026-000123',
      },
      fields: FIELDS,
    },
    rows: new Map([['veiculos', rows]]),
    context: {
      publicUrl: 'https://der.example',
      printedAt: '',
      printedBy: '',
      layoutName: '',
      signature: '',
      documentCheckUrl: '',
    },
    language,
  };
}

async function pages(pdf: Uint8Array): Promise<string[]> {
  const raw = await pdfToText(pdf);
  return raw.split('\f').filter((page) => page.trim() !== '');
}

describe('renderPrintLayout', () => {
  const layout = PrintLayoutSchema.parse(LAYOUT);
  const at = new Date('2026-11-20T18:00:00Z');

  it('writes every field type formatted by spec §9, with pt-BR accents', async () => {
    const { pdf, title } = await renderPrintLayout(layout, sourceOf(rowsOf(3)), { at });
    expect(title).toBe('Autorização de teste');
    const [first] = await pages(pdf);
    const text = first!.replace(/\s+/g, ' ');
    expect(text).toContain('TRANSLOG CERRADO TRANSPORTES LTDA');
    expect(text).toContain('R$ 1.234,50');
    expect(text).toContain('48,50');
    expect(text).toContain('20/11/2026');
    expect(text).toContain('21/11/2026 06:30');
    expect(text).toMatch(/(^| )06:30( |$)/);
    expect(text).toContain('Sim');
    expect(text).toContain('48.271.653/0001-31');
    expect(text).toContain('AET-2026-000123');
    expect(text).toContain('Condições de trânsito: ação, çã, º, ª');
    expect(text).toContain('Válida de 20/11/2026 até 31/12/2026');
    expect(text).toContain('DER - Departamento de Estradas de Rodagem');
    expect(text).toContain('Página 1 de 1');
    expect(text).toContain('ROW0003');
    expect(text).toContain('10,2');
  });

  it('writes the layout in English for an English reader', async () => {
    const { pdf } = await renderPrintLayout(layout, sourceOf(rowsOf(1), 'en'), { at });
    const text = (await pages(pdf)).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('Page 1 of 1');
    expect(text).toContain('Plate');
    expect(text).toContain('Yes');
  });

  it('breaks a table of 300 rows over several pages, its header repeated on each', async () => {
    const { pdf } = await renderPrintLayout(layout, sourceOf(rowsOf(300)), { at });
    const doc = await PDFDocument.load(pdf);
    const texts = await pages(pdf);
    expect(texts.length).toBe(doc.getPageCount());
    expect(texts.length).toBeGreaterThanOrEqual(5);
    texts.forEach((page, index) => {
      expect(page).toContain('Placa');
      expect(page).toContain('PBT (t)');
      expect(page).toContain(`Página ${index + 1} de ${texts.length}`);
    });
    // Every row once, in order, across the pages.
    const rows = texts.join('\n').match(/ROW\d{4}/g) ?? [];
    expect(rows).toEqual(
      Array.from({ length: 300 }, (_, index) => `ROW${String(index + 1).padStart(4, '0')}`),
    );
    expect(texts.at(-1)).toContain('ROW0300');
  });

  it('prints the empty text of a table without rows', async () => {
    const withEmpty = PrintLayoutSchema.parse({
      ...LAYOUT,
      template: {
        ...LAYOUT.template,
        schemas: [
          LAYOUT.template.schemas[0]!.map((entry) =>
            entry.type === 'table' ? { ...entry, emptyText: text('Nenhum veículo') } : entry,
          ),
        ],
      },
    });
    const { pdf } = await renderPrintLayout(withEmpty, sourceOf([]), { at });
    expect((await pages(pdf)).join(' ')).toContain('Nenhum veículo');
  });
});
