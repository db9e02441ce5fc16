import { ApplicationDefinitionSchema, evaluateFormRules } from '@der/contracts';
import { describe, expect, it } from 'vitest';
import { AET_DEFINITION } from '../aet.ts';
import { AET_LIMIT_MEASURES, AET_LIMITS_TABLE } from './limites-tabela.ts';

const aet = ApplicationDefinitionSchema.parse(AET_DEFINITION);
const now = new Date('2026-03-10T12:00:00.000Z');

/** A single-trip request within every limit (values the rules read; the rest is the server test's business). */
const BASE = {
  ID: 1,
  tipoAutorizacao: 'viagemUnica',
  enquadramento: 'cvc',
  larguraTotal: 2.5,
  alturaTotal: 4,
  comprimentoTotal: 19,
  pbtc: 45,
};

/** The rules over a request; `errors` keeps the limits' refusals only (the other fields are left empty here). */
async function run(values: Record<string, unknown>) {
  const result = await evaluateFormRules(aet, 1, { ...BASE, ...values }, 'beforeSave', undefined, { now });
  return { ...result, errors: result.errors.filter((error) => error.ruleId?.startsWith('limite')) };
}

describe('AET limits by legal framing (the definition over its own table)', () => {
  it('ships the table in the definition, every row naming a known measure and kind', () => {
    expect(aet.referenceTables.map((table) => table.key)).toContain('limitesAet');
    for (const row of AET_LIMITS_TABLE.rows) {
      expect(Object.keys(AET_LIMIT_MEASURES)).toContain(row.medida);
      expect(['flag', 'max', 'min', 'engineer']).toContain(row.tipo);
    }
  });

  it('names each limit exceeded with value, limit and basis, in numbers of each language', async () => {
    const result = await run({ larguraTotal: 3.2 });
    expect(result.values.excedeLargura).toBe(true);
    expect(result.errors).toEqual([]);
    const { exceededLimitMessagesExpression } = await import('./limites.ts');
    const { evaluateRuleExpression, referenceTableSource } = await import('@der/contracts');
    const messages = await evaluateRuleExpression(
      exceededLimitMessagesExpression(),
      { ...BASE, larguraTotal: 3.2, pbtc: 60.5, comprimentoTotal: 26 },
      { tables: referenceTableSource(aet.referenceTables) },
    );
    expect(messages).toEqual([
      {
        'pt-BR': 'Largura 3,20 m excede 2,60 m — Res. CONTRAN 882/2021',
        en: 'Width 3.20 m exceeds 2.60 m — Res. CONTRAN 882/2021',
      },
      {
        'pt-BR': 'Comprimento 26,00 m excede 19,80 m — Res. CONTRAN 882/2021',
        en: 'Length 26.00 m exceeds 19.80 m — Res. CONTRAN 882/2021',
      },
      {
        'pt-BR': 'PBTC 60,5 t excede 57 t — Res. CONTRAN 882/2021',
        en: 'GCW 60.5 t exceeds 57 t — Res. CONTRAN 882/2021',
      },
    ]);
  });

  it('CVC: 74 t accepted, 74,01 t refused naming the limit; 30 m accepted, 30,01 m refused', async () => {
    expect((await run({ pbtc: 74, comprimentoTotal: 25 })).errors).toEqual([]);
    const heavy = await run({ pbtc: 74.01, comprimentoTotal: 25 });
    expect(heavy.errors.map((error) => `${error.field}: ${error.message['pt-BR']}`)).toEqual([
      'pbtc: PBTC 74,01 t excede o máximo de 74 t — Res. CONTRAN 882/2021',
    ]);
    expect((await run({ comprimentoTotal: 30 })).errors).toEqual([]);
    expect((await run({ comprimentoTotal: 30.01 })).errors[0]?.message.en).toBe(
      'Length 30.01 m exceeds the maximum of 30.00 m — Res. CONTRAN 882/2021',
    );
  });

  it('CVC over 57 t: 25 m accepted, 24,99 m refused; at 57 t no minimum', async () => {
    expect((await run({ pbtc: 60, comprimentoTotal: 25 })).errors).toEqual([]);
    expect((await run({ pbtc: 60, comprimentoTotal: 24.99 })).errors[0]?.message['pt-BR']).toBe(
      'Comprimento 24,99 m abaixo do mínimo de 25,00 m — Res. CONTRAN 882/2021',
    );
    expect((await run({ pbtc: 57, comprimentoTotal: 20 })).errors).toEqual([]);
  });

  it('indivisible load: 120 t and 32 m are accepted, with the engineer and ART required', async () => {
    const result = await run({ enquadramento: 'cargaIndivisivel', pbtc: 120, comprimentoTotal: 32 });
    expect(result.errors).toEqual([]);
    expect(result.required).toMatchObject({ engenheiroNome: true, engenheiroCrea: true, numeroArt: true });
    expect(result.values).toMatchObject({ excedePeso: true, excedeComprimento: true });
    // The same request as a CVC is refused on both.
    const asCvc = await run({ pbtc: 120, comprimentoTotal: 32 });
    expect(asCvc.errors.map((error) => error.field)).toEqual(['comprimentoTotal', 'pbtc']);
  });

  it('engineer thresholds: PBTC from 80 t, width or height above 5 m', async () => {
    const required = async (values: Record<string, unknown>) =>
      (await run({ enquadramento: 'cargaIndivisivel', ...values })).required.numeroArt;
    expect(await required({ pbtc: 79.99 })).toBe(false);
    expect(await required({ pbtc: 80 })).toBe(true);
    expect(await required({ larguraTotal: 5 })).toBe(false);
    expect(await required({ larguraTotal: 5.01 })).toBe(true);
    expect(await required({ alturaTotal: 5 })).toBe(false);
    expect(await required({ alturaTotal: 5.01 })).toBe(true);
  });

  it('a period AET keeps within 3,20 m, 4,40 m, 30 m and 57 t', async () => {
    const period = (values: Record<string, unknown>) => run({ tipoAutorizacao: 'periodo', ...values });
    expect(
      (await period({ larguraTotal: 3.2, alturaTotal: 4.4, comprimentoTotal: 30, pbtc: 57 })).errors,
    ).toEqual([]);
    const refused = await period({ larguraTotal: 3.21, alturaTotal: 4.41, comprimentoTotal: 26, pbtc: 57.5 });
    expect(refused.errors.map((error) => error.field).sort()).toEqual([
      'alturaTotal',
      'larguraTotal',
      'pbtc',
    ]);
  });

  it('a table edited by the department moves the limits (no limit in code)', async () => {
    const edited = {
      ...aet,
      referenceTables: [
        {
          ...AET_LIMITS_TABLE,
          rows: AET_LIMITS_TABLE.rows.map((row) =>
            row.enquadramento === 'cvc' && row.medida === 'pbtc' ? { ...row, valor: 80 } : row,
          ),
        },
      ],
    };
    const values = { ...BASE, pbtc: 78, comprimentoTotal: 26 };
    const before = await evaluateFormRules(aet, 1, values, 'beforeSave', undefined, { now });
    expect(before.errors.map((error) => error.ruleId)).toContain('limitePbtc');
    const after = await evaluateFormRules(edited, 1, values, 'beforeSave', undefined, { now });
    expect(after.errors.map((error) => error.ruleId)).not.toContain('limitePbtc');
  });
});
