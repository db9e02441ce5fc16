import type { CheckCriterion, LocalizedText, ReferenceTableInput } from '@der/contracts';
import { text } from '../shared/builders.ts';
import { FRAMING_NAME_EXPRESSION } from './enquadramentos.ts';

/**
 * The automatic-issuance envelope (domain.md, issue 20): configuration the department edits (Administração →
 * Tabelas de referência), never code. A paid request fully inside it is issued by the process at once; one
 * outside goes to the analysts with the criteria it failed. It is narrower than the legal limits (limites.ts,
 * which refuse what no AET may authorise): a heavier, longer or longer-lived AET is for a person to weigh.
 * Each row is one rule of the envelope:
 * - enquadramento: a legal framing issued automatically (`texto` = the framing's key);
 * - larguraMaxima, alturaMaxima, comprimentoMaximo (m), pbtcMaximo (t), validadeMaximaDias: `valor`;
 * - rodoviaPermitida: a road (`texto`) from `kmInicial` to `kmFinal` where every segment of the route must lie;
 * - trechoExcluido: a stretch of a road no segment may touch (works, a weak bridge).
 */
export const AET_ENVELOPE_TABLE_KEY = 'envelopeEmissaoAet';

type EnvelopeRow = {
  criterio: string;
  texto?: string;
  valor?: number;
  kmInicial?: number;
  kmFinal?: number;
  observacao?: string;
};

const ROWS: EnvelopeRow[] = [
  { criterio: 'enquadramento', texto: 'cvc' },
  { criterio: 'enquadramento', texto: 'cegonha' },
  { criterio: 'enquadramento', texto: 'conteiner' },
  { criterio: 'larguraMaxima', valor: 3.2 },
  { criterio: 'alturaMaxima', valor: 4.7 },
  { criterio: 'comprimentoMaximo', valor: 25 },
  { criterio: 'pbtcMaximo', valor: 57 },
  { criterio: 'validadeMaximaDias', valor: 180 },
  { criterio: 'rodoviaPermitida', texto: 'SP-330', kmInicial: 0, kmFinal: 460 },
  { criterio: 'rodoviaPermitida', texto: 'SP-348', kmInicial: 0, kmFinal: 170 },
  { criterio: 'rodoviaPermitida', texto: 'SP-310', kmInicial: 0, kmFinal: 650 },
  { criterio: 'rodoviaPermitida', texto: 'SP-280', kmInicial: 0, kmFinal: 340 },
  { criterio: 'rodoviaPermitida', texto: 'SP-070', kmInicial: 0, kmFinal: 230 },
  {
    criterio: 'trechoExcluido',
    texto: 'SP-330',
    kmInicial: 150,
    kmFinal: 155,
    observacao: 'Ponte sobre o rio Atibaia em obras',
  },
];

export const AET_ENVELOPE_TABLE = {
  key: AET_ENVELOPE_TABLE_KEY,
  name: text('Envelope da emissão automática', 'Automatic issuance envelope'),
  description: text(
    'Critério: enquadramento (texto = enquadramento), larguraMaxima, alturaMaxima, comprimentoMaximo, pbtcMaximo, validadeMaximaDias (valor), rodoviaPermitida e trechoExcluido (texto = rodovia, km inicial e final).',
    'Criterion: enquadramento (text = framing), larguraMaxima, alturaMaxima, comprimentoMaximo, pbtcMaximo, validadeMaximaDias (value), rodoviaPermitida and trechoExcluido (text = road, start and end km).',
  ),
  columns: [
    { key: 'criterio', label: text('Critério', 'Criterion'), type: 'string' },
    { key: 'texto', label: text('Enquadramento ou rodovia', 'Framing or road'), type: 'string' },
    { key: 'valor', label: text('Valor máximo', 'Maximum value'), type: 'number' },
    { key: 'kmInicial', label: text('Km inicial', 'Start km'), type: 'number' },
    { key: 'kmFinal', label: text('Km final', 'End km'), type: 'number' },
    { key: 'observacao', label: text('Observação', 'Note'), type: 'string' },
  ],
  // Every row has every column (null when unused): the check and the administrator's grid read them alike.
  rows: ROWS.map((row) => ({
    texto: null,
    valor: null,
    kmInicial: null,
    kmFinal: null,
    observacao: null,
    ...row,
  })),
} satisfies ReferenceTableInput;

const ENVELOPE = `$table('${AET_ENVELOPE_TABLE_KEY}')`;
const PT_NUMBER = "{'decimal-separator': ',', 'grouping-separator': '.'}";
const ptNumber = (expression: string) => `$formatNumber(${expression}, '#.##0,##', ${PT_NUMBER})`;

/** A measure of the request at most the envelope's value: met only when both exist. */
function maximum(
  key: string,
  label: LocalizedText,
  fieldKey: string,
  row: string,
  unit: string,
): CheckCriterion {
  const limit = `${ENVELOPE}[criterio = '${row}'].valor`;
  return {
    key,
    label,
    expression: `$exists(${fieldKey}) and $exists(${limit}) and ${fieldKey} <= $min(${limit})`,
    detail: `$exists(${fieldKey}) ? ${ptNumber(fieldKey)} & ' ${unit} (máximo ' & ${ptNumber(`$min(${limit})`)} & ' ${unit})' : 'não informado'`,
  };
}

/**
 * The route's segments, or — for a request filed before segments — its one road and km range. Each segment's
 * ends in ascending order (a segment may run towards lower km).
 */
const SEGMENTS = `($count(trechos) > 0 ? trechos : [{'rodovia': rodovia, 'kmInicial': kmInicial, 'kmFinal': kmFinal}]).{'rodovia': rodovia, 'de': $min([kmInicial, kmFinal]), 'ate': $max([kmInicial, kmFinal])}`;
const segmentText = "$s.rodovia & ' km ' & $string($s.de) & '–' & $string($s.ate)";

/** The criteria of the envelope, in the order the request shows them (issue 20). */
export const AET_ENVELOPE_CRITERIA: CheckCriterion[] = [
  {
    key: 'enquadramento',
    label: text('Enquadramento emitido automaticamente', 'Framing issued automatically'),
    expression: `enquadramento in ${ENVELOPE}[criterio = 'enquadramento'].texto`,
    detail: FRAMING_NAME_EXPRESSION,
  },
  maximum(
    'largura',
    text('Largura dentro do envelope', 'Width within the envelope'),
    'larguraTotal',
    'larguraMaxima',
    'm',
  ),
  maximum(
    'altura',
    text('Altura dentro do envelope', 'Height within the envelope'),
    'alturaTotal',
    'alturaMaxima',
    'm',
  ),
  maximum(
    'comprimento',
    text('Comprimento dentro do envelope', 'Length within the envelope'),
    'comprimentoTotal',
    'comprimentoMaximo',
    'm',
  ),
  maximum('pbtc', text('PBTC dentro do envelope', 'GCW within the envelope'), 'pbtc', 'pbtcMaximo', 't'),
  {
    key: 'validade',
    label: text('Validade dentro do máximo', 'Validity within the maximum'),
    expression: `$daysBetween(dataInicioValidade, dataFimValidade) <= $min(${ENVELOPE}[criterio = 'validadeMaximaDias'].valor)`,
    detail: `$exists(dataFimValidade) ? $string($daysBetween(dataInicioValidade, dataFimValidade)) & ' dias (máximo ' & $string($min(${ENVELOPE}[criterio = 'validadeMaximaDias'].valor)) & ')' : 'não informada'`,
  },
  {
    key: 'rodoviasPermitidas',
    label: text('Trajeto em rodovias e trechos permitidos', 'Route on allowed roads and stretches'),
    expression: `($segments := ${SEGMENTS}; $count($segments[$exists(rodovia) and $exists(de)]) = $count($segments) and $count($segments[(
      $s := $;
      $count(${ENVELOPE}[criterio = 'rodoviaPermitida' and texto = $s.rodovia and kmInicial <= $s.de and kmFinal >= $s.ate]) = 0
    )]) = 0)`,
    detail: `($segments := ${SEGMENTS}; $join($segments[(
      $s := $;
      $count(${ENVELOPE}[criterio = 'rodoviaPermitida' and texto = $s.rodovia and kmInicial <= $s.de and kmFinal >= $s.ate]) = 0
    )].($s := $; ${segmentText}), '; '))`,
  },
  {
    key: 'trechosExcluidos',
    label: text('Nenhum trecho excluído no trajeto', 'No excluded stretch on the route'),
    expression: `($segments := ${SEGMENTS}; $count($segments[(
      $s := $;
      $count(${ENVELOPE}[criterio = 'trechoExcluido' and texto = $s.rodovia and kmInicial <= $s.ate and kmFinal >= $s.de]) > 0
    )]) = 0)`,
    detail: `($segments := ${SEGMENTS}; $join($segments[(
      $s := $;
      $count(${ENVELOPE}[criterio = 'trechoExcluido' and texto = $s.rodovia and kmInicial <= $s.ate and kmFinal >= $s.de]) > 0
    )].($s := $; ${segmentText}), '; '))`,
  },
];
