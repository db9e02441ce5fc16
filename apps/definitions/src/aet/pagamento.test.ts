import {
  ApplicationDefinitionSchema,
  evaluateRuleExpression,
  referenceTableSource,
  validateApplicationDefinition,
} from '@der/contracts';
import { describe, expect, it } from 'vitest';
import { AET_DEFINITION } from '../aet.ts';
import { AET_FEE_EXPRESSION, AET_FEE_TABLE, AET_FEE_TABLE_KEY } from './pagamento.ts';

const now = new Date('2026-03-10T12:00:00.000Z');

/** A fee table of the tests: classes by type, framing, period, axles and PBTC, first match wins. */
const TEST_ROWS = [
  // 2025 only, any type: superseded on 2026-01-01.
  row({ vigenciaInicio: '2025-01-01', vigenciaFim: '2025-12-31', valorComAnalise: 60, valorSemAnalise: 50 }),
  // Indivisible load up to 6 axles and 74 t, then any weight.
  row({
    enquadramento: 'cargaIndivisivel',
    eixosAte: 6,
    pbtcAte: 74,
    valorComAnalise: 90,
    valorSemAnalise: 80,
  }),
  row({ enquadramento: 'cargaIndivisivel', valorComAnalise: 150, valorSemAnalise: 140 }),
  // Period AETs cost more.
  row({ tipoAutorizacao: 'periodo', valorComAnalise: 120, valorSemAnalise: 110 }),
  row({}),
];

function row(overrides: Record<string, unknown>) {
  return {
    tipoAutorizacao: 'todos',
    enquadramento: 'todos',
    vigenciaInicio: '2026-01-01',
    vigenciaFim: null,
    eixosAte: null,
    pbtcAte: null,
    valorComAnalise: 66.14,
    valorSemAnalise: 64.37,
    reboquesIncluidos: 1,
    acrescimoPorReboque: 2,
    fundamento: 'teste',
    ...overrides,
  };
}

async function fee(values: Record<string, unknown>, rows = TEST_ROWS, at = now) {
  const tables = referenceTableSource([{ key: AET_FEE_TABLE_KEY, rows }]);
  return evaluateRuleExpression(AET_FEE_EXPRESSION, values, { now: at, tables });
}

const CVC = {
  tipoAutorizacao: 'viagemUnica',
  enquadramento: 'cvc',
  composicao: [1, 2],
  numeroEixos: 5,
  pbtc: 45,
};

describe('AET fee from the fee table', () => {
  it('ships DNIT 2020 in the definition: R$ 66,14 with engineering analysis, R$ 64,37 without', async () => {
    const validation = validateApplicationDefinition(AET_DEFINITION);
    expect(validation.ok ? [] : validation.errors).toEqual([]);
    const shipped = ApplicationDefinitionSchema.parse(AET_DEFINITION);
    expect(shipped.referenceTables.map((table) => table.key)).toContain(AET_FEE_TABLE_KEY);
    expect(await fee(CVC, AET_FEE_TABLE.rows)).toBe(64.37);
    expect(await fee({ ...CVC, numeroArt: '123' }, AET_FEE_TABLE.rows)).toBe(66.14);
  });

  it('adds 2 % per towed unit beyond the one included', async () => {
    // Tractor + 2 semi-trailers (bitrem): one extra; rodotrem with dolly: two extra.
    expect(await fee({ ...CVC, composicao: [1, 2, 3] })).toBe(65.66);
    expect(await fee({ ...CVC, composicao: [1, 2, 3, 4], numeroArt: 'ART' })).toBe(68.79);
    expect(await fee({ ...CVC, composicao: [1] })).toBe(64.37);
  });

  it('reads the row of the authorisation type and framing, then the axle and weight class', async () => {
    expect(await fee({ ...CVC, tipoAutorizacao: 'periodo' })).toBe(110);
    const indivisible = { ...CVC, enquadramento: 'cargaIndivisivel' };
    expect(await fee({ ...indivisible, numeroEixos: 6, pbtc: 74 })).toBe(80);
    expect(await fee({ ...indivisible, numeroEixos: 7, pbtc: 74 })).toBe(140);
    expect(await fee({ ...indivisible, numeroEixos: 6, pbtc: 74.5 })).toBe(140);
  });

  it('reads the row in force on the day (Brasília time), and none when no row applies', async () => {
    expect(await fee(CVC, TEST_ROWS, new Date('2025-07-01T12:00:00Z'))).toBe(50);
    // 31 Dec 2025 23:30 in Brasília is already 2026 in UTC: the 2025 row still applies.
    expect(await fee(CVC, TEST_ROWS, new Date('2026-01-01T02:30:00Z'))).toBe(50);
    expect(await fee(CVC, TEST_ROWS, new Date('2026-01-01T03:30:00Z'))).toBe(64.37);
    expect(await fee(CVC, TEST_ROWS, new Date('2024-06-01T12:00:00Z'))).toBeNull();
  });
});
