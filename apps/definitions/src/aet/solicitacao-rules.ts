import type { BusinessRuleInput } from '@der/contracts';
import { text } from '../shared/builders.ts';
import { AET_COMBINATION_RULES } from './composicao.ts';
import { AET_DOCUMENT_RULES } from './documentos.ts';
import { limitRules } from './limites.ts';
import { AET_PAYMENT_RULES } from './pagamento.ts';

/**
 * Live checks of an AET request (domain.md): PBTC within the tractor's CMT and the units' PBT sum, the limits
 * of its legal framing read from the definition's table (limites.ts: flagged, refused, or an engineer
 * required), route and validity consistent.
 * Expressions are text of the rule language, evaluated by the rule engine.
 */
export const SOLICITACAO_AET_RULES = [
  { id: 'inicioValidadeHoje', kind: 'defaultValue', field: 'dataInicioValidade', expression: '$now()' },
  ...limitRules(),
  ...AET_COMBINATION_RULES,
  ...AET_DOCUMENT_RULES,
  ...AET_PAYMENT_RULES,
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
