import { type ComponentDefinition, ComponentDefinitionSchema } from '../definition/component.ts';
import type { ReferencedItemsSource } from './reference-lookups.ts';

/**
 * Cases of lookup fields that the contracts tests (Node, as the server's save runs them) and the web tests
 * (jsdom, through the form's rule evaluator) both evaluate with the same expectations: lookups read from the
 * referenced items and the rules over them give the same answer in the browser and on the server.
 * The component mirrors the AET request's combination (apps/definitions aet/composicao.ts).
 */
const text = (ptBr: string, en: string) => ({ 'pt-BR': ptBr, en });

export const LOOKUP_PARITY_COMPONENT: ComponentDefinition = ComponentDefinitionSchema.parse({
  id: 9101,
  name: 'lookupParity',
  label: text('Composição', 'Combination'),
  pluralLabel: text('Composições', 'Combinations'),
  formattedIdPattern: 'LKP-{SEQ:4}',
  fields: [
    {
      key: 'composicao',
      type: 'GENERIC_ITEM_TYPE',
      label: text('Unidades', 'Units'),
      targetComponentId: 9102,
      multiple: true,
    },
    { key: 'pbtc', type: 'DECIMAL', label: text('PBTC', 'GCW') },
    {
      key: 'placaCavalo',
      type: 'STRING',
      label: text('Placa', 'Plate'),
      lookup: { reference: 'composicao', field: 'placa', aggregate: 'first' },
    },
    {
      key: 'cmtCavalo',
      type: 'DECIMAL',
      label: text('CMT', 'CMT'),
      lookup: { reference: 'composicao', field: 'cmt', aggregate: 'first' },
    },
    {
      key: 'taraTotal',
      type: 'DECIMAL',
      label: text('Tara', 'Tare'),
      lookup: { reference: 'composicao', field: 'tara', aggregate: 'sum' },
    },
    {
      key: 'somaPbt',
      type: 'DECIMAL',
      label: text('ΣPBT', 'ΣGVW'),
      lookup: { reference: 'composicao', field: 'pbt', aggregate: 'sum' },
    },
    {
      key: 'maiorPbt',
      type: 'DECIMAL',
      label: text('Maior PBT', 'Largest GVW'),
      lookup: { reference: 'composicao', field: 'pbt', aggregate: 'max' },
    },
    {
      key: 'unidades',
      type: 'INTEGER',
      label: text('Unidades', 'Units'),
      lookup: { reference: 'composicao', field: 'placa', aggregate: 'count' },
    },
  ],
  rules: [
    {
      id: 'pbtcAteCmt',
      kind: 'validation',
      field: 'pbtc',
      expression: '$not($exists(cmtCavalo)) or pbtc <= cmtCavalo',
      message: text('O PBTC não pode exceder a CMT.', 'The GCW cannot exceed the CMT.'),
    },
    {
      id: 'pbtcAteSomaPbt',
      kind: 'validation',
      field: 'pbtc',
      expression: '$not($exists(somaPbt)) or pbtc <= somaPbt',
      message: text('O PBTC não pode exceder a ΣPBT.', 'The GCW cannot exceed the ΣGVW.'),
    },
  ],
});

/** The fleet the cases' references point at (id → stored values); id 4 is another owner's: never answered. */
const FLEET: Readonly<Record<number, Record<string, unknown>>> = {
  1: { placa: 'ABC1D23', tara: 9.7, pbt: 23.3, cmt: 74 },
  2: { placa: 'DEF4567', tara: 7.1, pbt: 45.1 },
  3: { placa: 'GHI8J90', tara: 2.2, pbt: 12.2 },
};

/** The items a reader may see, as both sides' sources answer them (the server: visible items; the web: its API). */
export const lookupParitySource: ReferencedItemsSource = async ({ ids, fields }) =>
  new Map(
    ids.flatMap((id) => {
      const item = FLEET[id];
      return item
        ? [[id, Object.fromEntries(fields.filter((key) => key in item).map((key) => [key, item[key]]))]]
        : [];
    }),
  );

export interface LookupParityCase {
  name: string;
  values: Record<string, unknown>;
  /** The lookup fields' values after the evaluation. */
  lookups: Record<string, unknown>;
  /** The ids of the validation rules that fail. */
  failing: string[];
}

const EMPTY = {
  placaCavalo: null,
  cmtCavalo: null,
  taraTotal: null,
  somaPbt: null,
  maiorPbt: null,
  unidades: 0,
};

export const LOOKUP_PARITY_CASES: LookupParityCase[] = [
  {
    name: 'tractor and semi-trailer: plate and CMT of the first unit, exact sums',
    values: { ID: 1, composicao: [1, 2], pbtc: 60 },
    lookups: {
      placaCavalo: 'ABC1D23',
      cmtCavalo: 74,
      taraTotal: 16.8,
      somaPbt: 68.4,
      maiorPbt: 45.1,
      unidades: 2,
    },
    failing: [],
  },
  {
    name: 'a PBTC above the ΣPBT fails, below the CMT passes',
    values: { ID: 1, composicao: [1, 2], pbtc: 70 },
    lookups: { somaPbt: 68.4, cmtCavalo: 74 },
    failing: ['pbtcAteSomaPbt'],
  },
  {
    name: 'a PBTC above the CMT fails',
    values: { ID: 1, composicao: [1, 2, 3], pbtc: 75 },
    lookups: { somaPbt: 80.6, taraTotal: 19, unidades: 3 },
    failing: ['pbtcAteCmt'],
  },
  {
    name: 'the order counts: a first unit without CMT gives none',
    values: { ID: 1, composicao: [2, 1], pbtc: 60 },
    lookups: { placaCavalo: 'DEF4567', cmtCavalo: null, somaPbt: 68.4 },
    failing: [],
  },
  {
    name: 'typed values of lookups are replaced by the units’ own',
    values: { ID: 1, composicao: [3], pbtc: 10, somaPbt: 999, cmtCavalo: 999, placaCavalo: 'ZZZ9999' },
    lookups: { placaCavalo: 'GHI8J90', cmtCavalo: null, somaPbt: 12.2 },
    failing: [],
  },
  {
    name: 'a unit the reader cannot see is left out',
    values: { ID: 1, composicao: [1, 4], pbtc: 30 },
    lookups: { somaPbt: 23.3, unidades: 1 },
    failing: ['pbtcAteSomaPbt'],
  },
  {
    name: 'no units: nothing to read',
    values: { ID: 1, composicao: [], pbtc: 30 },
    lookups: EMPTY,
    failing: [],
  },
];
