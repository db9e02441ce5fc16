import type { BusinessRuleInput, FieldDefinitionInput } from '@der/contracts';
import { field, text } from '../shared/builders.ts';
import { VEICULO } from './veiculo.ts';

/** The reference field holding the combination's units, in order (tractor → semi-trailer → dolly → trailer). */
const UNITS = 'composicao';

/**
 * The combination of an AET request: the ordered units chosen from the requerente's fleet (the reference check
 * of every save refuses a vehicle the requerente cannot see — another owner's), and what follows from them,
 * read from the units (lookup fields): computed live in the form and again by the server at save, never typed.
 */
export const AET_COMBINATION_FIELDS = [
  field(
    UNITS,
    'GENERIC_ITEM_TYPE',
    text('Composição (veículos na ordem)', 'Combination (vehicles in order)'),
    {
      targetComponentId: VEICULO.id,
      multiple: true,
      required: true,
      // A draft may be saved before its units are chosen; sending needs them (as solicitacao-fields.ts).
      requiredFrom: 'leavingInitialStatus',
    },
  ),
  field('placaCavalo', 'STRING', text('Placa do cavalo-trator', 'Tractor plate'), {
    pattern: 'plate',
    uppercase: true,
    indexed: true,
    lookup: { reference: UNITS, field: 'placa', aggregate: 'first' },
  }),
  field('tipoUnidadeTratora', 'STRING', text('Tipo da primeira unidade', 'Kind of the first unit'), {
    lookup: { reference: UNITS, field: 'tipoVeiculo', aggregate: 'first' },
  }),
  field('cmtCavalo', 'DECIMAL', text('CMT do cavalo-trator (t)', 'Tractor max. traction capacity (t)'), {
    minimum: 0,
    maximum: 300,
    lookup: { reference: UNITS, field: 'cmt', aggregate: 'first' },
  }),
  field('taraTotal', 'DECIMAL', text('Tara das unidades (t)', 'Tare of the units (t)'), {
    minimum: 0,
    maximum: 1000,
    lookup: { reference: UNITS, field: 'tara', aggregate: 'sum' },
  }),
  field('somaPbt', 'DECIMAL', text('Soma dos PBT das unidades (t)', 'Sum of unit GVWs (t)'), {
    minimum: 0,
    maximum: 1000,
    lookup: { reference: UNITS, field: 'pbt', aggregate: 'sum' },
  }),
] satisfies FieldDefinitionInput[];

/** The kinds that move by themselves: a combination starts with one of them (its tractor). */
export const TRACTOR_KINDS = ['cavaloTrator', 'caminhaoTrator', 'caminhao', 'guindaste'] as const;

/** Always, whatever the framing: no combination beyond its tractor's CMT or its units' PBT sum (domain.md). */
export const AET_COMBINATION_RULES = [
  {
    id: 'composicaoComecaPeloTrator',
    kind: 'validation',
    field: UNITS,
    expression: `$not($exists(tipoUnidadeTratora)) or tipoUnidadeTratora in [${TRACTOR_KINDS.map((kind) => `'${kind}'`).join(', ')}]`,
    message: text(
      'A composição começa pela unidade tratora (cavalo-trator, caminhão-trator, caminhão ou guindaste).',
      'The combination starts with its tractor unit (tractor, truck tractor, truck or crane).',
    ),
  },
  {
    id: 'pbtcAteCmt',
    kind: 'validation',
    field: 'pbtc',
    expression: '$not($exists(cmtCavalo)) or pbtc <= cmtCavalo',
    message: text(
      'O PBTC não pode exceder a CMT do cavalo-trator.',
      "The gross combination weight cannot exceed the tractor's maximum traction capacity.",
    ),
  },
  {
    id: 'pbtcAteSomaPbt',
    kind: 'validation',
    field: 'pbtc',
    expression: '$not($exists(somaPbt)) or pbtc <= somaPbt',
    message: text(
      'O PBTC não pode exceder a soma dos PBT das unidades.',
      "The GCW cannot exceed the sum of the units' GVWs.",
    ),
  },
  {
    id: 'pbtcAcimaDaTara',
    kind: 'validation',
    field: 'pbtc',
    expression: '$not($exists(taraTotal)) or pbtc >= taraTotal',
    message: text(
      'O PBTC não pode ser menor que a tara das unidades.',
      'The GCW cannot be less than the tare of the units.',
    ),
  },
] satisfies BusinessRuleInput[];
