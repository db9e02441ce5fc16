import { describe, expect, it } from 'vitest';
import { validateApplicationDefinition } from '../definition/validate.ts';
import { evaluateComponentRules } from './form-rules.ts';
import { LOOKUP_PARITY_CASES, LOOKUP_PARITY_COMPONENT, lookupParitySource } from './lookup-parity-cases.ts';
import {
  aggregateLookup,
  referencedIdsOf,
  resolveReferenceLookups,
  withEmptyLookups,
} from './reference-lookups.ts';

describe('lookup fields (the server side of the parity table)', () => {
  for (const testCase of LOOKUP_PARITY_CASES) {
    it(testCase.name, async () => {
      // As runSaveRules does before the rules: lookups resolved, then the rules over them.
      const { values } = await resolveReferenceLookups(
        LOOKUP_PARITY_COMPONENT,
        testCase.values,
        lookupParitySource,
      );
      const result = await evaluateComponentRules(LOOKUP_PARITY_COMPONENT, values, 'beforeSave');
      expect(withEmptyLookups(LOOKUP_PARITY_COMPONENT, result.values)).toMatchObject(testCase.lookups);
      expect(result.errors.flatMap((error) => (error.ruleId ? [error.ruleId] : []))).toEqual(
        testCase.failing,
      );
    });
  }

  it('reports the reference whose items are not all there, and asks the source once per reference', async () => {
    const asked: unknown[] = [];
    const resolved = await resolveReferenceLookups(
      LOOKUP_PARITY_COMPONENT,
      { composicao: [1, 4] },
      (request) => {
        asked.push(request);
        return lookupParitySource(request);
      },
    );
    expect(resolved.unresolved).toEqual(['composicao']);
    expect(asked).toEqual([
      { componentId: 9102, reference: 'composicao', ids: [1, 4], fields: ['placa', 'cmt', 'tara', 'pbt'] },
    ]);
    const none = await resolveReferenceLookups(LOOKUP_PARITY_COMPONENT, { composicao: [] }, () => {
      throw new Error('not asked for no ids');
    });
    expect(none.unresolved).toEqual([]);
  });
});

describe('aggregateLookup', () => {
  it('sums decimals exactly and ignores what is not a number', () => {
    expect(aggregateLookup('sum', [0.1, 0.2])).toBe(0.3);
    expect(aggregateLookup('sum', [23.3, 45.1, undefined, 'x'])).toBe(68.4);
    expect(aggregateLookup('sum', [undefined])).toBeNull();
    expect(aggregateLookup('min', [3, 1.5, undefined])).toBe(1.5);
    expect(aggregateLookup('max', [])).toBeNull();
  });

  it('counts the items holding a value: no empty file list, text or missing value', () => {
    expect(aggregateLookup('countFilled', [[12], [], undefined, null, '', 'x', 0])).toBe(3);
    expect(aggregateLookup('countFilled', [])).toBe(0);
  });

  it('reads the first and last in order and counts the items', () => {
    expect(aggregateLookup('first', ['a', 'b'])).toBe('a');
    expect(aggregateLookup('first', [undefined, 'b'])).toBeNull();
    expect(aggregateLookup('last', ['a', 'b'])).toBe('b');
    expect(aggregateLookup('count', [undefined, undefined])).toBe(2);
  });

  it('takes the ids of one reference or a list', () => {
    expect(referencedIdsOf(5)).toEqual([5]);
    expect(referencedIdsOf([3, 'x', 1.5, 2])).toEqual([3, 2]);
    expect(referencedIdsOf(null)).toEqual([]);
  });
});

describe('definition checks of lookups', () => {
  const definition = (lookup: Record<string, unknown>, type = 'DECIMAL') => ({
    schemaVersion: 1,
    key: 'lookups',
    version: 1,
    name: 'Lookups',
    iconName: 'Apps',
    groups: [],
    menu: [],
    components: [
      {
        id: 1,
        name: 'Unidade',
        label: { 'pt-BR': 'Unidade', en: 'Unit' },
        pluralLabel: { 'pt-BR': 'Unidades', en: 'Units' },
        formattedIdPattern: 'U-{SEQ:3}',
        fields: [
          { key: 'placa', type: 'STRING', label: { 'pt-BR': 'Placa', en: 'Plate' } },
          { key: 'pbt', type: 'DECIMAL', label: { 'pt-BR': 'PBT', en: 'GVW' } },
        ],
      },
      {
        id: 2,
        name: 'Composicao',
        label: { 'pt-BR': 'Composição', en: 'Combination' },
        pluralLabel: { 'pt-BR': 'Composições', en: 'Combinations' },
        formattedIdPattern: 'C-{SEQ:3}',
        fields: [
          {
            key: 'unidades',
            type: 'GENERIC_ITEM_TYPE',
            label: { 'pt-BR': 'U', en: 'U' },
            targetComponentId: 1,
            multiple: true,
          },
          { key: 'nome', type: 'STRING', label: { 'pt-BR': 'Nome', en: 'Name' } },
          { key: 'soma', type, label: { 'pt-BR': 'Soma', en: 'Sum' }, lookup },
        ],
      },
    ],
  });
  const errorsOf = (doc: unknown) => {
    const result = validateApplicationDefinition(doc);
    return result.ok ? [] : result.errors.map((error) => `${error.path}: ${error.message}`);
  };

  it('accepts a lookup of a field of the referenced component', () => {
    expect(errorsOf(definition({ reference: 'unidades', field: 'pbt', aggregate: 'sum' }))).toEqual([]);
  });

  it('names the reference that is not one, the field the target lacks, a sum of text', () => {
    expect(errorsOf(definition({ reference: 'nome', field: 'pbt', aggregate: 'sum' }))).toEqual([
      "components[1].fields[2].lookup.reference: 'nome' is not a GENERIC_ITEM_TYPE field of the component",
    ]);
    expect(errorsOf(definition({ reference: 'unidades', field: 'peso', aggregate: 'first' }))).toEqual([
      "components[1].fields[2].lookup.field: no field 'peso' in component 1",
    ]);
    expect(errorsOf(definition({ reference: 'unidades', field: 'placa', aggregate: 'sum' }))).toEqual([
      "components[1].fields[2].lookup.field: 'sum' needs a numeric field, 'placa' is STRING",
    ]);
    expect(
      errorsOf(definition({ reference: 'unidades', field: 'pbt', aggregate: 'count' }, 'STRING')),
    ).toEqual([
      "components[1].fields[2].lookup.aggregate: 'count' gives a number: the field must be numeric",
    ]);
  });
});
