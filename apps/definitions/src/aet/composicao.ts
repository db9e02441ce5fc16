import type { BusinessRuleInput, FieldDefinitionInput } from '@der/contracts';
import { field, text } from '../shared/builders.ts';

/** The combination of an AET request: the ordered units of the requerente's fleet and what follows from them. */
export const AET_COMBINATION_FIELDS = [
  field(
    'composicao',
    'GENERIC_ITEM_TYPE',
    text('Composição (veículos na ordem)', 'Combination (vehicles in order)'),
    {
      targetComponentId: 6,
      multiple: true,
    },
  ),
  field('placaCavalo', 'STRING', text('Placa do cavalo-trator', 'Tractor plate'), {
    required: true,
    pattern: 'plate',
    uppercase: true,
    indexed: true,
  }),
  field('cmtCavalo', 'DECIMAL', text('CMT do cavalo-trator (t)', 'Tractor max. traction capacity (t)'), {
    minimum: 0,
    maximum: 300,
  }),
  field('somaPbt', 'DECIMAL', text('Soma dos PBT das unidades (t)', 'Sum of unit GVWs (t)'), {
    minimum: 0,
    maximum: 500,
  }),
] satisfies FieldDefinitionInput[];

/** Always, whatever the framing: no combination beyond its tractor's CMT or its units' PBT sum (domain.md). */
export const AET_COMBINATION_RULES = [
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
] satisfies BusinessRuleInput[];
