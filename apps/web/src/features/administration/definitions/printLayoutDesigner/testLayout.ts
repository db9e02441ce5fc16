import { type PrintLayout, type PrintLayoutInput, PrintLayoutSchema } from '@der/contracts';

const both = (text: string) => ({ 'pt-BR': text, en: text });

/**
 * A layout for the designer's tests, its defaults filled by the contract: an A4 page with 10 mm padding, a
 * footer text, and on page 1 a bound text, a multi-variable text, a table of a route's segments and a line.
 */
export function buildTestLayout(overrides: Partial<PrintLayoutInput> = {}): PrintLayout {
  return PrintLayoutSchema.parse({
    id: 1,
    name: both('Autorização'),
    template: {
      basePdf: {
        width: 210,
        height: 297,
        padding: [10, 10, 10, 10],
        staticSchema: [
          {
            type: 'text',
            name: 'rodape',
            position: { x: 10, y: 285 },
            width: 190,
            height: 6,
            content: {
              'pt-BR': 'Página {currentPage} de {totalPages}',
              en: 'Page {currentPage} of {totalPages}',
            },
          },
        ],
      },
      schemas: [
        [
          {
            type: 'text',
            name: 'titulo',
            position: { x: 10, y: 10 },
            width: 190,
            height: 10,
            binding: { kind: 'field', field: 'numeroAet' },
          },
          {
            type: 'multiVariableText',
            name: 'resumo',
            position: { x: 10, y: 30 },
            width: 190,
            height: 20,
            text: both('Veículo {placa}'),
            variables: { placa: { kind: 'field', field: 'placa' } },
          },
          {
            type: 'table',
            name: 'trechos',
            position: { x: 10, y: 60 },
            width: 190,
            height: 40,
            rows: { kind: 'tableField', field: 'trechos' },
            columns: [
              { header: both('Rodovia'), width: 60, binding: { kind: 'field', field: 'rodovia' } },
              { header: both('Km'), width: 40, binding: { kind: 'field', field: 'km' } },
            ],
          },
          { type: 'line', name: 'linha', position: { x: 10, y: 110 }, width: 190, height: 0.5 },
        ],
        [],
      ],
    },
    ...overrides,
  });
}

/** Where each field of buildTestLayout() is: its page fields in order, and its footer. */
export const TEST_REFS = {
  title: { area: 'page', page: 0, index: 0 },
  summary: { area: 'page', page: 0, index: 1 },
  table: { area: 'page', page: 0, index: 2 },
  line: { area: 'page', page: 0, index: 3 },
  footer: { area: 'static', index: 0 },
} as const;
