import type { BusinessRuleInput, FieldDefinitionInput, FormComponentInput } from '@der/contracts';
import { control, field, text } from '../shared/builders.ts';

/**
 * The route of an AET request (domain.md): origin and destination, the ordered segments (road, km start, km
 * end, municipality) — a segment may run towards lower km (SP-330 from km 318 to km 103), so no order is
 * imposed between its ends —, empty return and departure. At least one segment is needed to send.
 */
export const AET_ROUTE_FIELDS = [
  field('origem', 'STRING', text('Origem (município/UF)', 'Origin (city/state)'), {
    required: true,
    requiredFrom: 'leavingInitialStatus',
    maxLength: 120,
  }),
  field('destino', 'STRING', text('Destino (município/UF)', 'Destination (city/state)'), {
    required: true,
    requiredFrom: 'leavingInitialStatus',
    maxLength: 120,
  }),
  field('trechos', 'TABLE', text('Trechos do trajeto (na ordem)', 'Route segments (in order)'), {
    required: true,
    requiredFrom: 'leavingInitialStatus',
    maxRows: 50,
    columns: [
      {
        key: 'rodovia',
        type: 'STRING',
        label: text('Rodovia', 'Highway'),
        required: true,
        maxLength: 20,
        uppercase: true,
        columnSpan: 3,
      },
      {
        key: 'kmInicial',
        type: 'DECIMAL',
        label: text('Km inicial', 'Start km'),
        required: true,
        minimum: 0,
        maximum: 2000,
        columnSpan: 2,
      },
      {
        key: 'kmFinal',
        type: 'DECIMAL',
        label: text('Km final', 'End km'),
        required: true,
        minimum: 0,
        maximum: 2000,
        columnSpan: 2,
      },
      {
        key: 'municipio',
        type: 'STRING',
        label: text('Município', 'Municipality'),
        maxLength: 120,
        columnSpan: 5,
      },
    ],
  }),
  // The first segment's road (computed): what lists show, filter and report by, under its old caption.
  field('rodovia', 'STRING', text('Rodovia', 'Highway'), {
    maxLength: 20,
    uppercase: true,
    indexed: true,
  }),
  // Before segments, a route was one road and a km range: kept for the requests filed so, no longer asked.
  field('kmInicial', 'DECIMAL', text('Km inicial', 'Start km'), { minimum: 0, maximum: 2000, indexed: true }),
  field('kmFinal', 'DECIMAL', text('Km final', 'End km'), { minimum: 0, maximum: 2000 }),
  field('trajeto', 'RICH_TEXT', text('Observações do trajeto', 'Route notes')),
  field('retornoVazio', 'BOOLEAN', text('Retorno vazio', 'Empty return')),
  field('dataHoraPartida', 'DATE_TIME', text('Data e hora de partida', 'Departure date and time'), {
    dateTimeFormatType: 0,
    indexed: true,
  }),
] satisfies FieldDefinitionInput[];

export const AET_ROUTE_RULES = [
  {
    id: 'rodoviaDoPrimeiroTrecho',
    kind: 'computedValue',
    field: 'rodovia',
    expression: 'trechos[0].rodovia',
  },
] satisfies BusinessRuleInput[];

/** The route step of the request: origin and destination, the segments' table, empty return. */
export const AET_ROUTE_CONTROLS: FormComponentInput[] = [
  control('textbox', 'origem', 6),
  control('textbox', 'destino', 6),
  control('table', 'trechos', 12),
  control('checkbox', 'retornoVazio', 4),
  control('formattedText', 'trajeto', 12),
];
