import type { BusinessRuleInput } from '@der/contracts';
import { text } from '../shared/builders.ts';
import { AET_COMBINATION_RULES } from './composicao.ts';

/**
 * Live checks of an AET request (domain.md): PBTC within the tractor's CMT and the units' PBT sum, the limits
 * without an AET flagged, route and validity consistent, an engineer above the engineering thresholds.
 * Expressions are text of the rule language, evaluated by the rule engine.
 */
export const SOLICITACAO_AET_RULES = [
  { id: 'inicioValidadeHoje', kind: 'defaultValue', field: 'dataInicioValidade', expression: '$now()' },
  { id: 'flagLargura', kind: 'computedValue', field: 'excedeLargura', expression: 'larguraTotal > 2.6' },
  { id: 'flagAltura', kind: 'computedValue', field: 'excedeAltura', expression: 'alturaTotal > 4.4' },
  {
    id: 'flagComprimento',
    kind: 'computedValue',
    field: 'excedeComprimento',
    expression: 'comprimentoTotal > 19.8',
  },
  { id: 'flagPeso', kind: 'computedValue', field: 'excedePeso', expression: 'pbtc > 57' },
  ...AET_COMBINATION_RULES,
  {
    id: 'pbtcMaximo',
    kind: 'validation',
    field: 'pbtc',
    expression: 'pbtc <= 74',
    message: text('O PBTC máximo com AET é de 74 t.', 'The maximum GCW with an AET is 74 t.'),
  },
  {
    id: 'comprimentoMaximo',
    kind: 'validation',
    field: 'comprimentoTotal',
    expression: 'comprimentoTotal <= 30 and (pbtc <= 57 or comprimentoTotal >= 25)',
    message: text(
      'Comprimento fora dos limites: até 30 m, e de 25 a 30 m quando o PBTC passa de 57 t.',
      'Length out of bounds: up to 30 m, and 25 to 30 m when the GCW exceeds 57 t.',
    ),
  },
  {
    id: 'kmFinalAposInicial',
    kind: 'validation',
    field: 'kmFinal',
    expression: 'kmFinal >= kmInicial',
    message: text(
      'O km final deve ser maior ou igual ao km inicial.',
      'The end km must not be before the start km.',
    ),
  },
  {
    id: 'validadeCoerente',
    kind: 'validation',
    field: 'dataFimValidade',
    expression: '$not($exists(dataFimValidade)) or dataFimValidade > dataInicioValidade',
    message: text(
      'O fim da validade deve ser posterior ao início.',
      'The end of validity must follow its start.',
    ),
  },
  {
    id: 'validadePorTipo',
    kind: 'validation',
    field: 'dataFimValidade',
    expression:
      "$not($exists(dataFimValidade)) or $daysBetween(dataInicioValidade, dataFimValidade) <= (tipoAutorizacao = 'viagemUnica' ? 90 : 365)",
    message: text(
      'A validade é de até 90 dias por viagem única e de até 12 meses por período.',
      'Validity is at most 90 days for a single trip and 12 months for a period.',
    ),
  },
  { id: 'onuVisivel', kind: 'visibility', field: 'numeroOnu', expression: 'cargaPerigosa = true' },
  { id: 'onuObrigatorio', kind: 'required', field: 'numeroOnu', expression: 'cargaPerigosa = true' },
  ...['engenheiroNome', 'engenheiroCrea', 'numeroArt'].map((field) => ({
    id: `${field}Obrigatorio`,
    kind: 'required' as const,
    field,
    expression: 'pbtc >= 80 or larguraTotal > 5 or alturaTotal > 5',
  })),
  {
    id: 'tituloDaSolicitacao',
    kind: 'action',
    trigger: { on: 'beforeSave' },
    effects: [
      {
        kind: 'setField',
        field: 'Title',
        expression: "numeroAet ? numeroAet : placaCavalo & ' — ' & rodovia",
      },
    ],
  },
] satisfies BusinessRuleInput[];
