import type { LocalizedText, ReferenceTableInput } from '@der/contracts';
import { text } from '../shared/builders.ts';

/**
 * Limits by legal framing (domain.md): configuration the department edits (Administração → Definições de
 * aplicações → Tabelas de referência), never code. Each row says which requests it applies to (framing and
 * authorisation type, 'todos' for all; optionally only above a PBTC), the measure, its kind and value, and
 * the legal basis the request is told. The rules (solicitacao-rules.ts) read the table with $table.
 */
export const AET_LIMITS_TABLE_KEY = 'limitesAet';

/** Kinds of limit: needs an AET (named only), refused above / below, or an engineer and ART required above. */
export const AET_LIMIT_KINDS = ['flag', 'max', 'min', 'engineer'] as const;

/** What a limit measures: the request's field it reads, the name the message gives it, and its unit. */
export const AET_LIMIT_MEASURES: Record<string, { field: string; label: LocalizedText; unit: 'm' | 't' }> = {
  largura: { field: 'larguraTotal', label: text('Largura', 'Width'), unit: 'm' },
  altura: { field: 'alturaTotal', label: text('Altura', 'Height'), unit: 'm' },
  comprimento: { field: 'comprimentoTotal', label: text('Comprimento', 'Length'), unit: 'm' },
  pbtc: { field: 'pbtc', label: text('PBTC', 'GCW'), unit: 't' },
  eixoSimples: {
    field: 'cargaEixoSimples',
    label: text('Carga no eixo simples', 'Single-axle load'),
    unit: 't',
  },
  eixoDuplo: {
    field: 'cargaEixoDuplo',
    label: text('Carga no conjunto de dois eixos', 'Tandem-axle load'),
    unit: 't',
  },
  eixoTriplo: {
    field: 'cargaEixoTriplo',
    label: text('Carga no conjunto de três eixos', 'Tridem-axle load'),
    unit: 't',
  },
};

type LimitRow = {
  enquadramento: string;
  tipoAutorizacao: string;
  medida: keyof typeof AET_LIMIT_MEASURES;
  tipo: (typeof AET_LIMIT_KINDS)[number];
  valor: number;
  inclusivo?: boolean;
  pbtcAcimaDe?: number;
  fundamento: string;
};

const CONTRAN_882 = 'Res. CONTRAN 882/2021';
const CONTRAN_210 = 'Res. CONTRAN 210/2006, art. 2º';
const DNIT_1 = 'DNIT Res. 1/2021';
const DNIT_11 = 'DNIT Res. 11/2022';

const ROWS: LimitRow[] = [
  // Without an AET (every request): beyond these the vehicle needs one — named, not refused.
  {
    enquadramento: 'todos',
    tipoAutorizacao: 'todos',
    medida: 'largura',
    tipo: 'flag',
    valor: 2.6,
    fundamento: CONTRAN_882,
  },
  {
    enquadramento: 'todos',
    tipoAutorizacao: 'todos',
    medida: 'altura',
    tipo: 'flag',
    valor: 4.4,
    fundamento: CONTRAN_882,
  },
  {
    enquadramento: 'todos',
    tipoAutorizacao: 'todos',
    medida: 'comprimento',
    tipo: 'flag',
    valor: 19.8,
    fundamento: CONTRAN_882,
  },
  {
    enquadramento: 'todos',
    tipoAutorizacao: 'todos',
    medida: 'pbtc',
    tipo: 'flag',
    valor: 57,
    fundamento: CONTRAN_882,
  },
  {
    enquadramento: 'todos',
    tipoAutorizacao: 'todos',
    medida: 'eixoSimples',
    tipo: 'flag',
    valor: 10,
    fundamento: CONTRAN_210,
  },
  {
    enquadramento: 'todos',
    tipoAutorizacao: 'todos',
    medida: 'eixoDuplo',
    tipo: 'flag',
    valor: 17,
    fundamento: CONTRAN_210,
  },
  {
    enquadramento: 'todos',
    tipoAutorizacao: 'todos',
    medida: 'eixoTriplo',
    tipo: 'flag',
    valor: 25.5,
    fundamento: CONTRAN_210,
  },
  // Engineering thresholds (every framing): an engineer with CREA and an ART.
  {
    enquadramento: 'todos',
    tipoAutorizacao: 'todos',
    medida: 'pbtc',
    tipo: 'engineer',
    valor: 80,
    inclusivo: true,
    fundamento: DNIT_1,
  },
  {
    enquadramento: 'todos',
    tipoAutorizacao: 'todos',
    medida: 'largura',
    tipo: 'engineer',
    valor: 5,
    fundamento: DNIT_1,
  },
  {
    enquadramento: 'todos',
    tipoAutorizacao: 'todos',
    medida: 'altura',
    tipo: 'engineer',
    valor: 5,
    fundamento: DNIT_1,
  },
  // CVC: PBTC up to 74 t, length up to 30 m, and at least 25 m when the PBTC passes 57 t.
  {
    enquadramento: 'cvc',
    tipoAutorizacao: 'todos',
    medida: 'pbtc',
    tipo: 'max',
    valor: 74,
    fundamento: CONTRAN_882,
  },
  {
    enquadramento: 'cvc',
    tipoAutorizacao: 'todos',
    medida: 'comprimento',
    tipo: 'max',
    valor: 30,
    fundamento: CONTRAN_882,
  },
  {
    enquadramento: 'cvc',
    tipoAutorizacao: 'todos',
    medida: 'comprimento',
    tipo: 'min',
    valor: 25,
    pbtcAcimaDe: 57,
    fundamento: CONTRAN_882,
  },
  // Indivisible load: no fixed PBTC or length cap — the department decides per request (engineer above 80 t).
  // Crane, car carrier, container: their own ceilings.
  {
    enquadramento: 'guindaste',
    tipoAutorizacao: 'todos',
    medida: 'largura',
    tipo: 'max',
    valor: 3.2,
    fundamento: DNIT_1,
  },
  {
    enquadramento: 'guindaste',
    tipoAutorizacao: 'todos',
    medida: 'comprimento',
    tipo: 'max',
    valor: 30,
    fundamento: DNIT_1,
  },
  {
    enquadramento: 'cegonha',
    tipoAutorizacao: 'todos',
    medida: 'altura',
    tipo: 'max',
    valor: 4.95,
    fundamento: CONTRAN_882,
  },
  {
    enquadramento: 'cegonha',
    tipoAutorizacao: 'todos',
    medida: 'comprimento',
    tipo: 'max',
    valor: 22.4,
    fundamento: CONTRAN_882,
  },
  {
    enquadramento: 'conteiner',
    tipoAutorizacao: 'todos',
    medida: 'altura',
    tipo: 'max',
    valor: 4.95,
    fundamento: CONTRAN_882,
  },
  {
    enquadramento: 'conteiner',
    tipoAutorizacao: 'todos',
    medida: 'comprimento',
    tipo: 'max',
    valor: 30,
    fundamento: CONTRAN_882,
  },
  // Period AETs are for recurring combinations within these (whatever the framing).
  {
    enquadramento: 'todos',
    tipoAutorizacao: 'periodo',
    medida: 'altura',
    tipo: 'max',
    valor: 4.4,
    fundamento: DNIT_11,
  },
  {
    enquadramento: 'todos',
    tipoAutorizacao: 'periodo',
    medida: 'largura',
    tipo: 'max',
    valor: 3.2,
    fundamento: DNIT_11,
  },
  {
    enquadramento: 'todos',
    tipoAutorizacao: 'periodo',
    medida: 'comprimento',
    tipo: 'max',
    valor: 30,
    fundamento: DNIT_11,
  },
  {
    enquadramento: 'todos',
    tipoAutorizacao: 'periodo',
    medida: 'pbtc',
    tipo: 'max',
    valor: 57,
    fundamento: DNIT_11,
  },
];

export const AET_LIMITS_TABLE = {
  key: AET_LIMITS_TABLE_KEY,
  name: text('Limites por enquadramento', 'Limits by legal framing'),
  description: text(
    "Enquadramento e tipo: 'todos' vale para qualquer um. Tipo de limite: flag (exige AET, só avisa), max (recusado acima), min (recusado abaixo), engineer (engenheiro e ART acima). Medidas: largura, altura, comprimento, pbtc, eixoSimples, eixoDuplo, eixoTriplo.",
    "Framing and type: 'todos' applies to any. Kind: flag (needs an AET, only named), max (refused above), min (refused below), engineer (engineer and ART above). Measures: largura, altura, comprimento, pbtc, eixoSimples, eixoDuplo, eixoTriplo.",
  ),
  columns: [
    { key: 'enquadramento', label: text('Enquadramento', 'Legal framing'), type: 'string' },
    { key: 'tipoAutorizacao', label: text('Tipo de autorização', 'Authorisation type'), type: 'string' },
    { key: 'medida', label: text('Medida', 'Measure'), type: 'string' },
    { key: 'tipo', label: text('Tipo de limite', 'Kind of limit'), type: 'string' },
    { key: 'valor', label: text('Valor', 'Value'), type: 'number' },
    { key: 'inclusivo', label: text('Vale a partir do valor', 'From the value on'), type: 'boolean' },
    {
      key: 'pbtcAcimaDe',
      label: text('Só com PBTC acima de (t)', 'Only with GCW above (t)'),
      type: 'number',
    },
    { key: 'fundamento', label: text('Fundamento legal', 'Legal basis'), type: 'string' },
  ],
  // Every row has every column (null when unused): the rules and the administrator's grid read them alike.
  rows: ROWS.map((row) => ({ inclusivo: false, pbtcAcimaDe: null, ...row })),
} satisfies ReferenceTableInput;
