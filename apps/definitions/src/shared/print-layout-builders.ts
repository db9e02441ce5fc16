import type {
  PrintBindingInput,
  PrintFieldInput,
  PrintFormatInput,
  PrintStaticFieldInput,
} from '@der/contracts';
import { text } from './builders.ts';

/** A4 portrait with the department's margins; the fields below are placed in millimetres on it. */
export const A4 = { width: 210, height: 297 } as const;
export const MARGIN = 15;
export const CONTENT_WIDTH = A4.width - 2 * MARGIN;
export const BRAND_COLOR = '#2E5A88';

type Box = { x?: number; width?: number; height?: number };

const place = (name: string, y: number, box: Box = {}) => ({
  name,
  position: { x: box.x ?? MARGIN, y },
  width: box.width ?? CONTENT_WIDTH,
  height: box.height ?? 6,
});

/** A numbered section title in the brand colour. */
export const heading = (name: string, y: number, ptBR: string, en: string): PrintFieldInput => ({
  type: 'text',
  ...place(name, y, { height: 7 }),
  fontSize: 11,
  fontColor: BRAND_COLOR,
  binding: { kind: 'literal', text: text(ptBR, en) },
});

/** 'Label: {{field}}' lines; `expand` lets a long value push what follows down (onto the next page). */
export const line = (
  name: string,
  y: number,
  ptBR: string,
  en: string,
  options: Box & { fontSize?: number; expand?: boolean; alignment?: 'left' | 'right' | 'center' } = {},
): PrintFieldInput => ({
  type: 'text',
  ...place(name, y, options),
  fontSize: options.fontSize ?? 9.5,
  alignment: options.alignment ?? 'left',
  overflow: options.expand ? 'expand' : 'visible',
  binding: { kind: 'template', text: text(ptBR, en) },
});

const CHECK_QR_SIZE = 30;

/**
 * The issued document's QR code and address of its public check (the `documentCheckUrl` the workflow's
 * generateDocument gives it: /validarDocumento shows the signature and the request's current status).
 */
export const documentCheck = (y: number): PrintFieldInput[] => {
  const textWidth = CONTENT_WIDTH - CHECK_QR_SIZE - 6;
  return [
    {
      type: 'qrcode',
      ...place('qrVerificacao', y, {
        x: A4.width - MARGIN - CHECK_QR_SIZE,
        width: CHECK_QR_SIZE,
        height: CHECK_QR_SIZE,
      }),
      binding: { kind: 'context', key: 'documentCheckUrl' },
    },
    line(
      'verifiqueAutenticidade',
      y + 8,
      'Autenticidade e situação atual verificáveis pelo QR code ou no endereço:',
      'Authenticity and current status can be checked by the QR code or at:',
      { width: textWidth, fontSize: 8 },
    ),
    line('enderecoVerificacao', y + 14, '{{documentCheckUrl}}', '{{documentCheckUrl}}', {
      width: textWidth,
      fontSize: 7.5,
      height: 8,
    }),
  ];
};

/** One field of the item, formatted. */
export const value = (
  name: string,
  y: number,
  field: string,
  options: Box & { format?: PrintFormatInput; expand?: boolean; fontSize?: number } = {},
): PrintFieldInput => ({
  type: 'text',
  ...place(name, y, options),
  fontSize: options.fontSize ?? 9.5,
  overflow: options.expand ? 'expand' : 'visible',
  binding: { kind: 'field', field, ...(options.format ? { format: options.format } : {}) },
});

/** A sentence with `{name}` variables bound to fields (pdfme's multiVariableText). */
export const sentence = (
  name: string,
  y: number,
  ptBR: string,
  en: string,
  variables: Record<string, PrintBindingInput>,
  options: Box & { fontSize?: number } = {},
): PrintFieldInput => ({
  type: 'multiVariableText',
  ...place(name, y, options),
  fontSize: options.fontSize ?? 9.5,
  text: text(ptBR, en),
  variables,
});

export const fieldOf = (field: string, format?: PrintFormatInput): PrintBindingInput => ({
  kind: 'field',
  field,
  ...(format ? { format } : {}),
});

/** The department's header and the page-numbered footer of every page. */
export function departmentHeaderAndFooter(
  subtitle: [string, string],
  footnote: [string, string],
): PrintStaticFieldInput[] {
  return [
    {
      type: 'text',
      ...place('cabecalhoOrgao', 8, { height: 6 }),
      fontSize: 12,
      fontColor: BRAND_COLOR,
      content: text('DER - Departamento de Estradas de Rodagem', 'DER - State Highway Department'),
    },
    {
      type: 'text',
      ...place('cabecalhoDocumento', 14, { height: 5 }),
      fontSize: 9,
      fontColor: '#555555',
      content: text(...subtitle),
    },
    { type: 'line', ...place('reguaCabecalho', 20, { height: 0.4 }), color: BRAND_COLOR },
    { type: 'line', ...place('reguaRodape', 282, { height: 0.3 }), color: '#888888' },
    {
      type: 'text',
      ...place('rodapeNota', 284, { width: 140, height: 5 }),
      fontSize: 7.5,
      fontColor: '#555555',
      content: text(...footnote),
    },
    {
      type: 'text',
      ...place('rodapePagina', 284, { x: 155, width: 40, height: 5 }),
      fontSize: 8,
      alignment: 'right',
      content: text('Página {currentPage} de {totalPages}', 'Page {currentPage} of {totalPages}'),
    },
  ];
}
