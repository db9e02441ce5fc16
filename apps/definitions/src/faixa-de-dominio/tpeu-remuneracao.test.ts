import { ApplicationDefinitionSchema, evaluateFormRules, evaluateRuleExpression } from '@der/contracts';
import { describe, expect, it } from 'vitest';
import { FAIXA_DE_DOMINIO_DEFINITION } from '../faixa-de-dominio.ts';
import {
  TPEU_ANNUAL_PRICE_EXPRESSION,
  TPEU_EXEMPT_BY_TABLE_EXPRESSION,
  TPEU_EXEMPTION_REASON_EXPRESSION,
} from './tpeu-remuneracao.ts';

const definition = ApplicationDefinitionSchema.parse(FAIXA_DE_DOMINIO_DEFINITION);
const now = new Date('2026-03-10T12:00:00.000Z');
const tables = definition.referenceTables;

const evaluate = (expression: string, values: Record<string, unknown>) =>
  evaluateRuleExpression(expression, values, { now, tables: referenceSource });
const referenceSource = (key: string) => tables.find((table) => table.key === key)?.rows;

describe('the TPEU price table (tpeu-remuneracao.ts)', () => {
  it('prices per metre along the road, per crossing, per occupation and per m²', async () => {
    const along = { finalidade: 'agua', tipoOcupacao: 'longitudinal', extensao: 1200 };
    expect(await evaluate(TPEU_ANNUAL_PRICE_EXPRESSION, along)).toBe(10_200);
    const crossing = { finalidade: 'gas', tipoOcupacao: 'transversal', extensao: 40 };
    expect(await evaluate(TPEU_ANNUAL_PRICE_EXPRESSION, crossing)).toBe(2400);
    expect(
      await evaluate(TPEU_ANNUAL_PRICE_EXPRESSION, { finalidade: 'acesso', tipoOcupacao: 'pontual' }),
    ).toBe(1800);
    const billboard = { finalidade: 'publicidade', tipoOcupacao: 'pontual', area: 12.5 };
    expect(await evaluate(TPEU_ANNUAL_PRICE_EXPRESSION, billboard)).toBe(4000);
  });

  it('has no price while the measure it needs is missing', async () => {
    const along = { finalidade: 'esgoto', tipoOcupacao: 'longitudinal' };
    expect(await evaluate(TPEU_ANNUAL_PRICE_EXPRESSION, along)).toBeNull();
  });

  it('exempts power and telecom utilities by the table, with its basis as the reason', async () => {
    for (const finalidade of ['energia', 'telecom']) {
      const values = { finalidade, tipoOcupacao: 'longitudinal', extensao: 800 };
      expect(await evaluate(TPEU_EXEMPT_BY_TABLE_EXPRESSION, values)).toBe(true);
      expect(await evaluate(TPEU_EXEMPTION_REASON_EXPRESSION, values)).toMatch(/\S/);
      expect(await evaluate(TPEU_ANNUAL_PRICE_EXPRESSION, values)).toBe(0);
    }
    const water = { finalidade: 'agua', tipoOcupacao: 'longitudinal', extensao: 800 };
    expect(await evaluate(TPEU_EXEMPT_BY_TABLE_EXPRESSION, water)).toBe(false);
    expect(await evaluate(TPEU_EXEMPTION_REASON_EXPRESSION, water)).toBeNull();
  });

  it('totals the annual price × the term, nothing when exempt, and requires the reason of an exemption', async () => {
    const rules = (values: Record<string, unknown>) =>
      evaluateFormRules(definition, 2, { tipoPessoa: 'juridica', ...values }, 'beforeSave', undefined, {
        now,
      });
    const priced = await rules({ precoPublicoAnual: 10_200, prazoMeses: 30 });
    expect(priced.values.valorTotal).toBe(25_500);
    const exempt = await rules({ precoPublicoAnual: 10_200, prazoMeses: 30, isentoRemuneracao: true });
    expect(exempt.values.valorTotal).toBe(0);
    expect(exempt.required.motivoIsencao).toBe(true);
    const estimate = await rules({ finalidade: 'agua', tipoOcupacao: 'longitudinal', extensao: 100 });
    expect(estimate.values.precoAnualPrevisto).toBe(850);
  });
});

describe('the location of the occupation (tpeu-localizacao.ts)', () => {
  const errorsOf = async (values: Record<string, unknown>) =>
    (
      await evaluateFormRules(definition, 2, { tipoPessoa: 'juridica', ...values }, 'beforeSave', undefined, {
        now,
      })
    ).errors
      .filter((error) => error.ruleId?.endsWith('NoEstado'))
      .map((error) => error.field);

  it('accepts coordinates in the state, or none', async () => {
    expect(await errorsOf({ latitude: -22.43, longitude: -46.96 })).toEqual([]);
    expect(await errorsOf({})).toEqual([]);
  });

  it('refuses, by field, a coordinate outside it (a lost minus sign, swapped digits)', async () => {
    expect(await errorsOf({ latitude: 22.43, longitude: -46.96 })).toEqual(['latitude']);
    expect(await errorsOf({ latitude: -22.43, longitude: -64.96 })).toEqual(['longitude']);
  });
});
