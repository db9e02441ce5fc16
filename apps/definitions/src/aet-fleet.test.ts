import {
  type ApplicationDefinition,
  evaluateComponentRules,
  evaluateFormRules,
  type ReferencedItemsSource,
  resolveReferenceLookups,
  validateApplicationDefinition,
} from '@der/contracts';
import { describe, expect, it } from 'vitest';
import { AET_DEFINITION } from './index.ts';

/**
 * The AET fleet (component 6) and the request's combination built from it (aet/composicao.ts), run through the
 * shared rule engine as the browser and the server's save both run it: lookups from the units, then the rules.
 */
function validated(doc: unknown): ApplicationDefinition {
  const result = validateApplicationDefinition(doc);
  if (!result.ok) throw new Error(JSON.stringify(result.errors, null, 2));
  return result.definition;
}

const aet = validated(AET_DEFINITION);
const vehicle = aet.components.find((component) => component.id === 6)!;
const request = aet.components.find((component) => component.id === 1)!;

const FLEET: Record<number, Record<string, unknown>> = {
  10: { placa: 'ABC1D23', tipoVeiculo: 'cavaloTrator', tara: 9.8, pbt: 23.5, cmt: 74 },
  11: { placa: 'DEF4567', tipoVeiculo: 'semirreboque', tara: 7.3, pbt: 45.1 },
  12: { placa: 'GHI8J90', tipoVeiculo: 'dolly', tara: 2.2, pbt: 12.2 },
  13: { placa: 'JKL1234', tipoVeiculo: 'reboque', tara: 6.9, pbt: 30.3 },
};
const fleet: ReferencedItemsSource = async ({ ids }) =>
  new Map(ids.flatMap((id) => (FLEET[id] ? [[id, FLEET[id]]] : [])));

/** The request's values after its lookups and the errors of its combination rules (by rule id). */
async function combination(composicao: number[], pbtc: number) {
  const { values } = await resolveReferenceLookups(request, { ID: 1, composicao, pbtc }, fleet);
  const result = await evaluateFormRules(aet, request.id, values, 'change', 'composicao');
  const combinationRules = new Set([
    'composicaoComecaPeloTrator',
    'pbtcAteCmt',
    'pbtcAteSomaPbt',
    'pbtcAcimaDaTara',
  ]);
  return {
    values: result.values,
    failing: result.errors.flatMap((error) =>
      error.ruleId && combinationRules.has(error.ruleId) ? [error.ruleId] : [],
    ),
  };
}

describe('the AET fleet', () => {
  it('keeps plates unique per owner and checks plate and RENAVAM by pattern', () => {
    const field = (key: string) => vehicle.fields.find((candidate) => candidate.key === key)!;
    expect(field('placa')).toMatchObject({ pattern: 'plate', unique: 'creator', required: true });
    expect(field('renavam')).toMatchObject({ pattern: 'renavam', required: true });
  });

  it('refuses a RENAVAM whose check digit is wrong, and a tractor without its CMT', async () => {
    const base = { ID: 1, placa: 'ABC1D23', numeroEixos: 3, tara: 9, pbt: 23 };
    const errorsOf = async (values: Record<string, unknown>) =>
      (await evaluateComponentRules(vehicle, { ...base, ...values }, 'beforeSave')).errors.map(
        (error) => error.field,
      );
    expect(await errorsOf({ renavam: '86769597308', tipoVeiculo: 'semirreboque' })).toEqual([]);
    expect(await errorsOf({ renavam: '86769597309', tipoVeiculo: 'semirreboque' })).toEqual(['renavam']);
    for (const tipoVeiculo of ['cavaloTrator', 'caminhaoTrator'])
      expect(await errorsOf({ renavam: '86769597308', tipoVeiculo })).toEqual(['cmt']);
    expect(await errorsOf({ renavam: '86769597308', tipoVeiculo: 'cavaloTrator', cmt: 74 })).toEqual([]);
  });

  it('offers the kinds of units of a combination', () => {
    const kinds = vehicle.fields
      .find((field) => field.key === 'tipoVeiculo')!
      .options.map((option) => option.value);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'cavaloTrator',
        'caminhaoTrator',
        'caminhao',
        'semirreboque',
        'dolly',
        'reboque',
      ]),
    );
  });
});

describe("the request's combination", () => {
  it("reads the tractor's plate and CMT, the tare and ΣPBT from the ordered units", async () => {
    const { values, failing } = await combination([10, 11, 12, 13], 74);
    expect(values).toMatchObject({
      placaCavalo: 'ABC1D23',
      tipoUnidadeTratora: 'cavaloTrator',
      cmtCavalo: 74,
      taraTotal: 26.2,
      somaPbt: 111.1,
    });
    expect(failing).toEqual([]);
  });

  it('refuses a PBTC above the CMT, above the ΣPBT, or below the tare', async () => {
    expect((await combination([10, 11, 12, 13], 75)).failing).toEqual(['pbtcAteCmt']);
    expect((await combination([10, 11], 70)).failing).toEqual(['pbtcAteSomaPbt']);
    expect((await combination([10, 11], 17)).failing).toEqual(['pbtcAcimaDaTara']);
  });

  it('starts with the tractor unit', async () => {
    expect((await combination([11, 10], 40)).failing).toEqual(['composicaoComecaPeloTrator']);
  });

  it('computes the combination fields, never takes them typed', () => {
    const lookups = request.fields.filter((field) => field.lookup).map((field) => field.key);
    expect(lookups).toEqual([
      'placaCavalo',
      'tipoUnidadeTratora',
      'cmtCavalo',
      'taraTotal',
      'somaPbt',
      // The document checklist's count of units and of units with their CRLV (aet/documentos.ts).
      'unidadesDaComposicao',
      'unidadesComCrlv',
    ]);
    expect(request.fields.find((field) => field.key === 'composicao')).toMatchObject({
      type: 'GENERIC_ITEM_TYPE',
      targetComponentId: 6,
      multiple: true,
    });
  });
});
