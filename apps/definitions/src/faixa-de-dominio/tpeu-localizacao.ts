import type { BusinessRuleInput, ReferenceTableInput } from '@der/contracts';
import { text } from '../shared/builders.ts';

/**
 * The occupation's SIRGAS 2000 coordinates must lie in the state whose highways the department runs: a
 * configured box of latitudes and longitudes (the demo's is São Paulo's), so a point typed with its signs or
 * digits swapped is refused by name. A box, not the state's outline: it catches the typing errors that matter.
 */
export const STATE_AREA_TABLE_KEY = 'areaDoEstado';

export const STATE_AREA_TABLE = {
  key: STATE_AREA_TABLE_KEY,
  name: text('Área do estado (coordenadas SIRGAS 2000)', 'Area of the state (SIRGAS 2000 coordinates)'),
  description: text(
    'Latitudes e longitudes, em graus decimais, entre as quais devem estar as coordenadas das ocupações.',
    'Latitudes and longitudes, in decimal degrees, between which the occupations’ coordinates must lie.',
  ),
  columns: [
    { key: 'uf', label: text('UF', 'State'), type: 'string' },
    { key: 'latitudeMinima', label: text('Latitude mínima', 'Minimum latitude'), type: 'number' },
    { key: 'latitudeMaxima', label: text('Latitude máxima', 'Maximum latitude'), type: 'number' },
    { key: 'longitudeMinima', label: text('Longitude mínima', 'Minimum longitude'), type: 'number' },
    { key: 'longitudeMaxima', label: text('Longitude máxima', 'Maximum longitude'), type: 'number' },
  ],
  rows: [
    {
      uf: 'SP',
      latitudeMinima: -25.4,
      latitudeMaxima: -19.7,
      longitudeMinima: -53.2,
      longitudeMaxima: -44.1,
    },
  ],
} satisfies ReferenceTableInput;

const within = (field: string, minimum: string, maximum: string) =>
  `($a := $table('${STATE_AREA_TABLE_KEY}')[0]; $not($exists(${field})) or (${field} >= $a.${minimum} and ${field} <= $a.${maximum}))`;

export const TPEU_LOCATION_RULES = [
  {
    id: 'latitudeNoEstado',
    kind: 'validation',
    field: 'latitude',
    expression: within('latitude', 'latitudeMinima', 'latitudeMaxima'),
    message: text(
      'A latitude está fora do estado: confira o valor e o sinal (SIRGAS 2000, graus decimais, negativa ao sul).',
      'The latitude lies outside the state: check the value and its sign (SIRGAS 2000, decimal degrees, negative south).',
    ),
  },
  {
    id: 'longitudeNoEstado',
    kind: 'validation',
    field: 'longitude',
    expression: within('longitude', 'longitudeMinima', 'longitudeMaxima'),
    message: text(
      'A longitude está fora do estado: confira o valor e o sinal (SIRGAS 2000, graus decimais, negativa a oeste).',
      'The longitude lies outside the state: check the value and its sign (SIRGAS 2000, decimal degrees, negative west).',
    ),
  },
] satisfies BusinessRuleInput[];
