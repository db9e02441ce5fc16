import { type ComponentDefinition, ComponentDefinitionSchema } from '../definition/component.ts';
import type { ReferenceTable } from '../definition/reference-table.ts';
import type { FormRuleEvent, FormRulesResult, RuleComponent } from './form-rules.ts';

/**
 * A table of form-rule cases that the contracts and web (jsdom bundle) tests both evaluate and compare with
 * the same expectations: the proof that rules give identical results in the browser and on the server. The
 * server runs the contracts' own source (its @der/contracts is packages/contracts/src), in Node as the
 * contracts tests do, so a third run there would prove nothing more.
 * The component mirrors the demo AET request's rules (apps/definitions), with a fixed clock.
 */
export const PARITY_NOW = new Date('2026-03-10T12:00:00.000Z');

const text = (ptBr: string, en: string) => ({ 'pt-BR': ptBr, en });

/** A reference table the parity rules read with $table: the width limit by authorisation type. */
const PARITY_TABLES: ReferenceTable[] = [
  {
    key: 'limites',
    name: text('Limites', 'Limits'),
    columns: [
      { key: 'tipo', label: text('Tipo', 'Type'), type: 'string' },
      { key: 'largura', label: text('Largura', 'Width'), type: 'number' },
      { key: 'fundamento', label: text('Fundamento', 'Legal basis'), type: 'string' },
    ],
    rows: [
      { tipo: 'viagemUnica', largura: 3.5, fundamento: 'Res. CONTRAN 882/2021' },
      { tipo: 'periodo', largura: 3, fundamento: 'DNIT Res. 11/2022' },
    ],
  },
];

/** The width limit of the item's type, from the table (as the AET's limits by framing are read). */
const WIDTH_LIMIT = "$table('limites')[tipo = $$.tipo].largura";
const PT_NUMBER = "'#.##0,00', {'decimal-separator': ',', 'grouping-separator': '.'}";

export const PARITY_COMPONENT: ComponentDefinition & Pick<RuleComponent, 'referenceTables'> = {
  ...ComponentDefinitionSchema.parse({
    id: 9001,
    name: 'parity',
    label: text('Paridade', 'Parity'),
    pluralLabel: text('Paridades', 'Parities'),
    formattedIdPattern: 'PAR-{SEQ:4}',
    fields: [
      { key: 'pbtc', type: 'DECIMAL', label: text('PBTC', 'GCW'), required: true, minimum: 0, maximum: 500 },
      { key: 'cmtCavalo', type: 'DECIMAL', label: text('CMT', 'CMT'), minimum: 0, maximum: 300 },
      { key: 'larguraTotal', type: 'DECIMAL', label: text('Largura', 'Width') },
      { key: 'excedeLargura', type: 'BOOLEAN', label: text('Excede largura', 'Exceeds width') },
      { key: 'cargaPerigosa', type: 'BOOLEAN', label: text('Perigosa', 'Dangerous'), defaultValue: false },
      { key: 'numeroOnu', type: 'STRING', label: text('ONU', 'UN'), mask: '0000', maxLength: 4 },
      { key: 'inicio', type: 'DATE_TIME', label: text('Início', 'Start') },
      { key: 'fim', type: 'DATE_TIME', label: text('Fim', 'End') },
      {
        key: 'tipo',
        type: 'PICKLIST',
        label: text('Tipo', 'Type'),
        options: [
          { value: 'viagemUnica', text: text('Viagem única', 'Single trip') },
          { value: 'periodo', text: text('Período', 'Period') },
        ],
        defaultValue: 'viagemUnica',
      },
      { key: 'preco', type: 'CURRENCY', label: text('Preço', 'Price') },
      { key: 'meses', type: 'INTEGER', label: text('Meses', 'Months') },
      { key: 'total', type: 'CURRENCY', label: text('Total', 'Total') },
      { key: 'email', type: 'STRING', label: text('E-mail', 'E-mail'), pattern: 'email' },
      { key: 'placa', type: 'STRING', label: text('Placa', 'Plate') },
      { key: 'token', type: 'STRING', label: text('Token', 'Token') },
      { key: 'limiteLargura', type: 'DECIMAL', label: text('Limite de largura', 'Width limit') },
    ],
    rules: [
      { id: 'inicioHoje', kind: 'defaultValue', field: 'inicio', expression: '$now()' },
      { id: 'flagLargura', kind: 'computedValue', field: 'excedeLargura', expression: 'larguraTotal > 2.6' },
      {
        id: 'total',
        kind: 'computedValue',
        field: 'total',
        expression: '$exists(preco) and $exists(meses) ? $round(preco * meses / 12, 2) : null',
      },
      {
        id: 'pbtcAteCmt',
        kind: 'validation',
        field: 'pbtc',
        expression: '$not($exists(cmtCavalo)) or pbtc <= cmtCavalo',
        message: text('O PBTC não pode exceder a CMT.', 'The GCW cannot exceed the CMT.'),
      },
      {
        id: 'validade',
        kind: 'validation',
        field: 'fim',
        expression: "$daysBetween(inicio, fim) <= (tipo = 'viagemUnica' ? 90 : 365)",
        message: text('Validade longa demais.', 'Validity too long.'),
      },
      { id: 'onuVisivel', kind: 'visibility', field: 'numeroOnu', expression: 'cargaPerigosa = true' },
      { id: 'onuObrigatorio', kind: 'required', field: 'numeroOnu', expression: 'cargaPerigosa = true' },
      {
        id: 'placaMaiuscula',
        kind: 'action',
        trigger: { on: 'change', field: 'placa' },
        effects: [{ kind: 'setField', field: 'placa', expression: '$uppercase(placa)' }],
      },
      {
        id: 'titulo',
        kind: 'action',
        trigger: { on: 'beforeSave' },
        effects: [{ kind: 'setField', field: 'Title', expression: "placa & ' — ' & $string(pbtc)" }],
      },
      { id: 'limiteLargura', kind: 'computedValue', field: 'limiteLargura', expression: WIDTH_LIMIT },
      {
        id: 'larguraMaxima',
        kind: 'validation',
        field: 'larguraTotal',
        expression: `larguraTotal <= ${WIDTH_LIMIT}`,
        message: text('Largura acima do limite.', 'Width above the limit.'),
        messageExpression: `(
        $row := $table('limites')[tipo = $$.tipo];
        {
          'pt-BR': 'Largura ' & $formatNumber(larguraTotal, ${PT_NUMBER}) & ' m excede ' &
            $formatNumber($row.largura, ${PT_NUMBER}) & ' m — ' & $row.fundamento,
          'en': 'Width ' & $formatNumber(larguraTotal, '#,##0.00') & ' m exceeds ' &
            $formatNumber($row.largura, '#,##0.00') & ' m — ' & $row.fundamento
        }
      )`,
      },
    ],
  }),
  referenceTables: PARITY_TABLES,
};

export interface ParityExpectation {
  /** Only the keys listed are compared. */
  values?: Record<string, unknown>;
  visibility?: Record<string, boolean>;
  required?: Record<string, boolean>;
  /** Every error, as 'field: English text | pt-BR text'. */
  errors: string[];
}

export interface ParityCase {
  name: string;
  values: Record<string, unknown>;
  event: FormRuleEvent;
  changedField?: string;
  expected: ParityExpectation;
}

export const PARITY_CASES: ParityCase[] = [
  {
    name: 'insert: constant and rule defaults fill the empty fields; hidden UN number is not required',
    values: {},
    event: 'load',
    expected: {
      values: { inicio: '2026-03-10T12:00:00.000Z', tipo: 'viagemUnica', cargaPerigosa: false },
      visibility: { numeroOnu: false, pbtc: true },
      required: { numeroOnu: false, pbtc: true },
      errors: ['pbtc: Fill in this field | Preencha este campo'],
    },
  },
  {
    name: 'dangerous cargo shows the UN number and makes it required',
    values: { ID: 5, pbtc: 40, cargaPerigosa: true },
    event: 'change',
    changedField: 'cargaPerigosa',
    expected: {
      visibility: { numeroOnu: true },
      required: { numeroOnu: true },
      errors: ['numeroOnu: Fill in this field | Preencha este campo'],
    },
  },
  {
    name: 'a value off the mask is refused with the mask quoted',
    values: { ID: 5, pbtc: 40, cargaPerigosa: true, numeroOnu: '12a' },
    event: 'change',
    changedField: 'numeroOnu',
    expected: {
      errors: ['numeroOnu: The value does not follow the format 0000 | O valor não segue o formato 0000'],
    },
  },
  {
    name: 'computed values: width flag and the rounded total',
    values: { ID: 5, pbtc: 40, larguraTotal: 3, preco: 1000.1, meses: 7 },
    event: 'change',
    changedField: 'larguraTotal',
    expected: { values: { excedeLargura: true, total: 583.39 }, errors: [] },
  },
  {
    name: 'values typed in Brazilian notation are read as numbers and dates before the rules run',
    values: { ID: 5, pbtc: '40,5', cmtCavalo: '40', larguraTotal: '2,61', fim: '2026-04-01' },
    event: 'change',
    changedField: 'pbtc',
    expected: {
      values: { pbtc: 40.5, excedeLargura: true, fim: '2026-04-01T00:00:00.000Z' },
      errors: ['pbtc: The GCW cannot exceed the CMT. | O PBTC não pode exceder a CMT.'],
    },
  },
  {
    name: 'a comparison with a missing value is undefined: the computed flag is emptied, not false',
    values: { ID: 5, pbtc: 40 },
    event: 'change',
    changedField: 'pbtc',
    expected: { values: { excedeLargura: null, total: null }, errors: [] },
  },
  {
    name: 'validation rule with its message in both languages',
    values: { ID: 5, pbtc: 80, cmtCavalo: 60 },
    event: 'beforeSave',
    expected: { errors: ['pbtc: The GCW cannot exceed the CMT. | O PBTC não pode exceder a CMT.'] },
  },
  {
    name: '$daysBetween over dates and the picklist',
    values: { ID: 5, pbtc: 40, inicio: '2026-01-01', fim: '2026-06-01', tipo: 'viagemUnica' },
    event: 'beforeSave',
    expected: { errors: ['fim: Validity too long. | Validade longa demais.'] },
  },
  {
    name: 'a period accepts the same dates',
    values: { ID: 5, pbtc: 40, inicio: '2026-01-01', fim: '2026-06-01', tipo: 'periodo' },
    event: 'beforeSave',
    expected: { errors: [] },
  },
  {
    name: 'change action of its own field only; beforeSave sets the title',
    values: { ID: 5, pbtc: 40, placa: 'abc1d23' },
    event: 'beforeSave',
    expected: { values: { placa: 'abc1d23', Title: 'abc1d23 — 40' }, errors: [] },
  },
  {
    name: 'change action runs for the changed field',
    values: { ID: 5, pbtc: 40, placa: 'abc1d23' },
    event: 'change',
    changedField: 'placa',
    expected: { values: { placa: 'ABC1D23' }, errors: [] },
  },
  {
    name: '§5 field rules: bounds, currency decimals, integer, date range, e-mail, picklist',
    values: {
      ID: 5,
      pbtc: 600,
      preco: 10.123,
      meses: 1.5,
      inicio: '1700-01-01',
      email: 'a@b',
      tipo: 'outro',
    },
    event: 'beforeSave',
    expected: {
      errors: [
        'pbtc: the field value must be between 0 and 500 | O valor do campo deve estar entre 0 e 500',
        'inicio: Incorrect Date | Data incorreta',
        'tipo: Invalid value | Valor inválido',
        'preco: Enter at most 2 decimal places | Informe no máximo 2 casas decimais',
        'meses: Enter a whole number | Informe um número inteiro',
        'email: Invalid email | Email inválido',
      ],
    },
  },
];

PARITY_CASES.push(
  {
    name: '$table: the width limit of the type is read from the reference table',
    values: { ID: 5, pbtc: 40, tipo: 'periodo', larguraTotal: 2.9 },
    event: 'change',
    changedField: 'tipo',
    expected: { values: { limiteLargura: 3 }, errors: [] },
  },
  {
    name: '$table: a width past the limit names value, limit and legal basis in numbers of each language',
    values: { ID: 5, pbtc: 40, tipo: 'periodo', larguraTotal: 3.2 },
    event: 'beforeSave',
    expected: {
      values: { limiteLargura: 3 },
      errors: [
        'larguraTotal: Width 3.20 m exceeds 3.00 m — DNIT Res. 11/2022 | Largura 3,20 m excede 3,00 m — DNIT Res. 11/2022',
      ],
    },
  },
  {
    name: '$table: the same width within the single-trip row is accepted',
    values: { ID: 5, pbtc: 40, tipo: 'viagemUnica', larguraTotal: 3.2 },
    event: 'beforeSave',
    expected: { values: { limiteLargura: 3.5 }, errors: [] },
  },
);

/** The comparable part of a result for a case's expectation. */
export function summarizeParity(result: FormRulesResult, expected: ParityExpectation): ParityExpectation {
  const pick = <T>(source: Record<string, T>, keys?: Record<string, unknown>) =>
    keys ? Object.fromEntries(Object.keys(keys).map((key) => [key, source[key] ?? null])) : undefined;
  const summary: ParityExpectation = {
    errors: result.errors.map((error) => `${error.field}: ${error.message.en} | ${error.message['pt-BR']}`),
  };
  if (expected.values) summary.values = pick(result.values, expected.values);
  if (expected.visibility)
    summary.visibility = pick(result.visibility, expected.visibility) as Record<string, boolean>;
  if (expected.required)
    summary.required = pick(result.required, expected.required) as Record<string, boolean>;
  return summary;
}
