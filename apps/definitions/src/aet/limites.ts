import type { BusinessRuleInput, FieldDefinitionInput } from '@der/contracts';
import { field, text } from '../shared/builders.ts';
import { AET_LIMIT_MEASURES, AET_LIMITS_TABLE_KEY } from './limites-tabela.ts';

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
