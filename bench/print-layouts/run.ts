import { execSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ApplicationDefinitionSchema,
  type ComponentDefinition,
  FieldDefinitionSchema,
  type PrintLayout,
  PrintLayoutSchema,
} from '@der/contracts';
import { AET_DEFINITION } from '@der/definitions';
import { PDFDocument } from 'pdf-lib';
import type { PrintRecord, PrintSource } from '../../apps/server/src/engine/print-layouts/print-inputs.ts';
import { renderPrintLayout } from '../../apps/server/src/engine/print-layouts/render-print-layout.ts';
import { formatMs, percentile } from '../large-list/timing.ts';
import { describeMachine } from '../lib/machine.ts';
import { appendResults, markdownTable } from '../lib/report.ts';

/**
 * `npm run bench:print-layouts`: issue 18's print-layout figures, in process (the renderer the viewer and
 * generateDocument call): the shipped AET layout over one request (one page; target p95 ≤ 300 ms) and a
 * 20-page document, a table of child rows over 20 pages with repeated headers (target ≤ 2 s). RUNS renders of
 * each after 3 unmeasured. Appends to RESULTS.md unless BENCH_RECORD=0.
 */
const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.PRINT_RUNS ?? 40);
const RECORD = process.env.BENCH_RECORD !== '0';
const at = new Date('2026-11-20T17:32:00Z');
const text = (value: string) => ({ 'pt-BR': value, en: value });

const aet = ApplicationDefinitionSchema.parse(AET_DEFINITION);
const component = (name: string) =>
  aet.components.find((candidate) => candidate.name === name) as ComponentDefinition;
const request = component('SolicitacaoAET');
const vehicle = component('Veiculo');
const fieldsOf = (definition: ComponentDefinition) =>
  new Map(definition.fields.map((field) => [field.key, field]));
const aetLayout = request.printLayouts.find((layout) => layout.id === 1) as PrintLayout;

const context = {
  publicUrl: 'https://der.example.gov.br',
  printedAt: '20/11/2026 14:32',
  printedBy: '',
  layoutName: '',
  signature: '',
  documentCheckUrl: '',
};

const aetSource: PrintSource = {
  record: {
    values: {
      numeroAet: 'AET-2026-001287',
      FormattedID: 'AET-2026-001287',
      tipoAutorizacao: 'periodo',
      enquadramento: 'cvc',
      dataInicioValidade: '2026-11-20T12:00:00.000Z',
      dataFimValidade: '2027-11-19T12:00:00.000Z',
      requerenteNome: 'TRANSLOG CERRADO TRANSPORTES RODOVIÁRIOS LTDA',
      requerenteCpfCnpj: '48271653000131',
      placaCavalo: 'FTR4G21',
      comprimentoTotal: 25,
      larguraTotal: 2.6,
      alturaTotal: 4.4,
      pbtc: 74,
      numeroEixos: 9,
      cargaDescricao: 'Soja em grãos, a granel',
      cargaPeso: 48.5,
      origem: 'Ribeirão Preto/SP',
      destino: 'Guarujá/SP',
      rodovia: 'SP-330',
      kmInicial: 318,
      kmFinal: 103,
      trajeto: '<p>SP-330 km 318 ao km 103</p><p>SP-348 km 93 ao km 22</p>',
      condicoesTransito: '<ul><li>Trânsito somente no período diurno.</li></ul>',
      uidValidacao: '9f3c2a7b41d84e0fa1b2c3d4e5f60718',
    },
    fields: fieldsOf(request),
  },
  rows: new Map([
    [
      'composicao',
      ['FTR4G21', 'BSE2J47', 'BSE2J58'].map((placa, index) => ({
        values: {
          tipoVeiculo: index === 0 ? 'cavaloTrator' : 'semirreboque',
          placa,
          renavam: '11873455202',
          numeroEixos: 3,
          pbt: 25,
        },
        fields: fieldsOf(vehicle),
      })),
    ],
  ]),
  context,
  language: 'pt-BR',
};

/** A header, a footer with page numbers and a table of child rows: the long document. */
const tableLayout = PrintLayoutSchema.parse({
  id: 99,
  name: text('Relação de veículos'),
  template: {
    basePdf: {
      width: 210,
      height: 297,
      padding: [20, 15, 20, 15],
      staticSchema: [
        {
          type: 'text',
          name: 'cabecalho',
          position: { x: 15, y: 8 },
          width: 180,
          height: 6,
          content: text('DER - Relação de veículos'),
        },
        {
          type: 'text',
          name: 'rodape',
          position: { x: 15, y: 284 },
          width: 180,
          height: 6,
          alignment: 'right',
          content: text('Página {currentPage} de {totalPages}'),
        },
      ],
    },
    schemas: [
      [
        {
          type: 'text',
          name: 'titulo',
          position: { x: 15, y: 20 },
          width: 180,
          height: 8,
          fontSize: 13,
          binding: { kind: 'literal', text: text('Veículos cadastrados') },
        },
        {
          type: 'table',
          name: 'linhas',
          position: { x: 15, y: 30 },
          width: 180,
          height: 20,
          rows: { kind: 'children', componentId: 6 },
          columns: [
            { header: text('Placa'), width: 25, binding: { kind: 'field', field: 'placa' } },
            { header: text('RENAVAM'), width: 25, binding: { kind: 'field', field: 'renavam' } },
            { header: text('Tipo'), width: 30, binding: { kind: 'field', field: 'tipoVeiculo' } },
            {
              header: text('PBT (t)'),
              width: 20,
              alignment: 'right',
              binding: { kind: 'field', field: 'pbt', format: { kind: 'decimal', digits: 2 } },
            },
          ],
        },
      ],
    ],
  },
});

const rowFields = new Map(
  [
    FieldDefinitionSchema.parse({ key: 'placa', type: 'STRING', label: text('Placa') }),
    FieldDefinitionSchema.parse({ key: 'renavam', type: 'STRING', label: text('RENAVAM') }),
    FieldDefinitionSchema.parse({ key: 'tipoVeiculo', type: 'STRING', label: text('Tipo') }),
    FieldDefinitionSchema.parse({ key: 'pbt', type: 'DECIMAL', label: text('PBT') }),
  ].map((field) => [field.key, field]),
);

function tableSource(count: number): PrintSource {
  const rows: PrintRecord[] = Array.from({ length: count }, (_, index) => ({
    values: {
      placa: `ABC${String(index).padStart(4, '0')}`,
      renavam: String(10_000_000_000 + index),
      tipoVeiculo: 'Semirreboque graneleiro',
      pbt: 20 + (index % 10) / 4,
    },
    fields: rowFields,
  }));
  return {
    record: { values: {}, fields: new Map() },
    rows: new Map([['linhas', rows]]),
    context,
    language: 'pt-BR',
  };
}

async function pagesOf(pdf: Uint8Array) {
  return (await PDFDocument.load(pdf)).getPageCount();
}

/** The row count that fills exactly `pages` pages (rows per page measured once). */
async function rowsForPages(pages: number): Promise<number> {
  const sample = 400;
  const perPage =
    sample / (await pagesOf((await renderPrintLayout(tableLayout, tableSource(sample), { at })).pdf));
  const count = async (rows: number) =>
    pagesOf((await renderPrintLayout(tableLayout, tableSource(rows), { at })).pdf);
  let rows = Math.round(perPage * (pages - 0.5));
  while ((await count(rows)) < pages) rows += Math.ceil(perPage / 4);
  while ((await count(rows)) > pages) rows -= 2;
  return rows;
}

async function measure(layout: PrintLayout, source: PrintSource) {
  for (let run = 0; run < 3; run++) await renderPrintLayout(layout, source, { at });
  const times: number[] = [];
  let pages = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const { pdf } = await renderPrintLayout(layout, source, { at });
    times.push(performance.now() - started);
    pages = await pagesOf(pdf);
  }
  return { pages, p50: percentile(times, 0.5), p95: percentile(times, 0.95), max: Math.max(...times) };
}

const loadBefore = execSync('uptime').toString().trim();
const onePage = await measure(aetLayout, aetSource);
const rows = await rowsForPages(20);
const twenty = await measure(tableLayout, tableSource(rows));
const loadAfter = execSync('uptime').toString().trim();
const machine = describeMachine();
const met = (value: number, target: number) => (value <= target ? '**met**' : '**not met**');
const section = [
  `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — print layouts (issue 18)`,
  '',
  `- Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM, ${machine.platform}; Node ${machine.node}`,
  `- uptime before: \`${loadBefore}\`; after: \`${loadAfter}\` (other sessions' work on the same machine included)`,
  `- In process, the renderer the print viewer and generateDocument call (pdfme generator, its embedded Roboto): ${RUNS} renders of each after 3 unmeasured`,
  `- One page: the shipped AET layout (text, multiVariableText, a table of the 3 linked vehicles, QR code, header and footer), ${onePage.pages} page(s): p95 ${formatMs(onePage.p95)} — target ≤ 300 ms: ${met(onePage.p95, 300)}`,
  `- ${twenty.pages} pages: a table of ${rows} child rows with its header repeated on every page, header and numbered footer: p95 ${formatMs(twenty.p95)} — target ≤ 2 s: ${met(twenty.p95, 2000)}`,
  '',
  ...markdownTable(
    [
      ['document', 'left'],
      ['pages', 'right'],
      ['p50', 'right'],
      ['p95', 'right'],
      ['max', 'right'],
    ],
    [
      [
        'AET (one page)',
        String(onePage.pages),
        formatMs(onePage.p50),
        formatMs(onePage.p95),
        formatMs(onePage.max),
      ],
      [
        `table of ${rows} rows`,
        String(twenty.pages),
        formatMs(twenty.p50),
        formatMs(twenty.p95),
        formatMs(twenty.max),
      ],
    ],
  ),
  '',
].join('\n');
console.log(section);
if (RECORD) await appendResults(path.join(benchDir, 'RESULTS.md'), section);
