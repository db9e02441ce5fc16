import type {
  BusinessRuleInput,
  FieldDefinitionInput,
  LocalizedText,
  ReferenceTableInput,
} from '@der/contracts';
import { field, text } from '../shared/builders.ts';

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

/** The axle-group loads the limits read, as numbers (cargasPorGrupoEixos stays the free description). */
export const AET_LIMIT_FIELDS = [
  field('cargaEixoSimples', 'DECIMAL', text('Maior carga num eixo simples (t)', 'Heaviest single axle (t)'), {
    minimum: 0,
    maximum: 100,
  }),
  field(
    'cargaEixoDuplo',
    'DECIMAL',
    text('Maior carga num conjunto de dois eixos (t)', 'Heaviest tandem axle group (t)'),
    { minimum: 0, maximum: 150 },
  ),
  field(
    'cargaEixoTriplo',
    'DECIMAL',
    text('Maior carga num conjunto de três eixos (t)', 'Heaviest tridem axle group (t)'),
    { minimum: 0, maximum: 200 },
  ),
] satisfies FieldDefinitionInput[];

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

const PT_NUMBER = "{'decimal-separator': ',', 'grouping-separator': '.'}";
const TABLE = `$table('${AET_LIMITS_TABLE_KEY}')`;

/** The request's value of a row's measure (a chain of conditionals: cheaper than a $lookup per row). */
const MEASURED_VALUE = Object.entries(AET_LIMIT_MEASURES)
  .map(([key, measure]) => `medida = '${key}' ? $$.${measure.field} : `)
  .join('')
  .concat('null');

/**
 * A row that applies to the request (its framing and type, 'todos' for all, and the PBTC condition) and whose
 * measure the request passes: above the value, from it when `inclusivo`, below it for a 'min'. Cheap tests
 * first (the table is read by every limit rule on every change of the form).
 */
function hitPredicate(filter: string): string {
  return `${filter}
    and (enquadramento = 'todos' or enquadramento = $$.enquadramento)
    and (tipoAutorizacao = 'todos' or tipoAutorizacao = $$.tipoAutorizacao)
    and ($not($exists(pbtcAcimaDe)) or pbtcAcimaDe = null or $$.pbtc > pbtcAcimaDe)
    and ($v := ${MEASURED_VALUE}; $type($v) = 'number' and (tipo = 'min' ? $v < valor : inclusivo = true ? $v >= valor : $v > valor))`;
}

const kindIn = (kinds: readonly string[]) => `(${kinds.map((kind) => `tipo = '${kind}'`).join(' or ')})`;

/** The rows the request exceeds among those passing `filter` (a predicate over the table's columns). */
function exceededRows(filter: string): string {
  return `${TABLE}[${hitPredicate(filter)}]`;
}

/**
 * The messages of the exceeded rows passing `filter`, in both languages: 'Largura 3,20 m excede 2,60 m — Res.
 * CONTRAN 882/2021' (pt-BR numbers) / 'Width 3.20 m exceeds 2.60 m — …'. Built only where shown: the form's
 * indicator and a refused value.
 */
function exceededMessages(filter: string): string {
  const measures = JSON.stringify(
    Object.fromEntries(
      Object.entries(AET_LIMIT_MEASURES).map(([key, measure]) => [
        key,
        { f: measure.field, pt: measure.label['pt-BR'], en: measure.label.en, u: measure.unit },
      ]),
    ),
  );
  return `(
  $item := $$;
  $measures := ${measures};
  $num := function($n, $u, $pt) {
    $pt
      ? $formatNumber($n, $u = 't' ? '#.##0,##' : '#.##0,00', ${PT_NUMBER}) & ' ' & $u
      : $formatNumber($n, $u = 't' ? '#,##0.##' : '#,##0.00') & ' ' & $u
  };
  [${exceededRows(filter)}.(
    $m := $lookup($measures, medida);
    $v := $lookup($item, $m.f);
    $basis := fundamento ? ' — ' & fundamento : '';
    {
      'pt-BR': $m.pt & ' ' & $num($v, $m.u, true) & (
        tipo = 'min' ? ' abaixo do mínimo de ' : tipo = 'max' ? ' excede o máximo de ' : $v = valor ? ' atinge ' : ' excede '
      ) & $num(valor, $m.u, true) & (tipo = 'engineer' ? ': exige engenheiro e ART' : '') & $basis,
      'en': $m.en & ' ' & $num($v, $m.u, false) & (
        tipo = 'min' ? ' below the minimum of ' : tipo = 'max' ? ' exceeds the maximum of ' : $v = valor ? ' reaches ' : ' exceeds '
      ) & $num(valor, $m.u, false) & (tipo = 'engineer' ? ': an engineer and an ART are required' : '') & $basis
    }
  )]
)`;
}

/** Every limit the request exceeds, named with value, limit and basis in both languages (the form shows them). */
export function exceededLimitMessagesExpression(): string {
  return exceededMessages('true');
}

const REFUSING_KINDS = ['max', 'min'] as const;

/** True when the request passes a threshold of its framing that calls for an engineer and their ART. */
export function engineerRequiredExpression(): string {
  return `$count(${exceededRows("tipo = 'engineer'")}) > 0`;
}

/**
 * The rules of the limits: the no-AET flags kept as booleans (lists and reports filter by them), each measured
 * field refused past a 'max'/'min' limit with the message naming value, limit and basis, and the engineer's
 * fields required past an 'engineer' threshold. Server and browser run them over the same table.
 */
export function limitRules(): BusinessRuleInput[] {
  const flags = [
    ['excedeLargura', 'largura', 'larguraTotal'],
    ['excedeAltura', 'altura', 'alturaTotal'],
    ['excedeComprimento', 'comprimento', 'comprimentoTotal'],
    ['excedePeso', 'pbtc', 'pbtc'],
  ] as const;
  const engineer = engineerRequiredExpression();
  return [
    ...flags.map(([flagField, measure, measured]) => ({
      id: `flag${flagField.slice('excede'.length)}`,
      kind: 'computedValue' as const,
      field: flagField,
      // Empty while the measure is (a flag that is not known yet is not 'false').
      expression: `$type(${measured}) = 'number' ? $count(${exceededRows(`medida = '${measure}' and tipo = 'flag'`)}) > 0 : null`,
    })),
    ...Object.entries(AET_LIMIT_MEASURES).map(([measure, { field: fieldKey }]) => {
      const filter = `medida = '${measure}' and ${kindIn(REFUSING_KINDS)}`;
      return {
        id: `limite${fieldKey[0]!.toUpperCase()}${fieldKey.slice(1)}`,
        kind: 'validation' as const,
        field: fieldKey,
        expression: `$count(${exceededRows(filter)}) = 0`,
        message: text(
          'Valor fora dos limites do enquadramento.',
          'Value out of the limits of the legal framing.',
        ),
        messageExpression: `${exceededMessages(filter)}[0]`,
      };
    }),
    ...['engenheiroNome', 'engenheiroCrea', 'numeroArt'].map((fieldKey) => ({
      id: `${fieldKey}Obrigatorio`,
      kind: 'required' as const,
      field: fieldKey,
      expression: engineer,
      // A draft is saved without them; sending needs them (as every other requirement of sending).
      requiredFrom: 'leavingInitialStatus' as const,
    })),
  ];
}
