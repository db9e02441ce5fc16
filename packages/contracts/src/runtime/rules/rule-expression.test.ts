import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EVALUATION_TIMEOUT_MS,
  evaluateRuleExpression,
  MAX_EXPRESSION_LENGTH,
  RuleExpressionError,
} from './rule-expression.ts';

const evaluate = (expression: string, values: Record<string, unknown> = {}) =>
  evaluateRuleExpression(expression, values, {
    now: new Date('2026-03-10T12:00:00.000Z'),
    randomBytes: (buffer) => buffer.fill(0xab),
  });

async function codeOf(expression: string): Promise<string> {
  try {
    await evaluate(expression);
  } catch (error) {
    expect(error).toBeInstanceOf(RuleExpressionError);
    return (error as RuleExpressionError).code;
  }
  throw new Error('expected a failure');
}

describe('rule expressions', () => {
  it.each([
    ['$now()', {}, '2026-03-10T12:00:00.000Z'],
    ["$daysBetween('2026-01-01', '2026-01-31')", {}, 30],
    ["$daysBetween('2026-01-31T10:00:00Z', '2026-01-01')", {}, -30],
    ['$daysBetween(a, b)', { a: '2026-01-01' }, undefined],
    ["$daysBetween('2026-02-30', '2026-03-01')", {}, undefined],
    ["$addMonths('2026-07-01T03:00:00.000Z', 24)", {}, '2028-07-01T03:00:00.000Z'],
    ["$addMonths('2027-01-31T03:00:00Z', 1)", {}, '2027-02-28T03:00:00.000Z'],
    ["$addMonths('2028-03-31', -1)", {}, '2028-02-29T00:00:00.000Z'],
    ["$addMonths('2026-11-15T10:00:00Z', 14)", {}, '2028-01-15T10:00:00.000Z'],
    ['$addMonths(fim, 12)', {}, undefined],
    ["$addMonths('2026-01-01', 1.5)", {}, undefined],
    ['$randomToken(4)', {}, 'abababab'],
    ['$count(docs)', { docs: [1, 2, 3] }, 3],
    ['$round(2.675, 2)', {}, 2.68],
    ['$string(12.5)', {}, '12.5'],
    ['$not($exists(a)) or a > 1', {}, true],
    ['kmFinal >= kmInicial', { kmFinal: 3 }, undefined],
    ["tipo in ['a', 'b']", { tipo: 'b' }, true],
    ['[1..3]', {}, [1, 2, 3]],
    [
      "numeroAet ? numeroAet : placa & ' — ' & rodovia",
      { placa: 'ABC1D23', rodovia: 'SP-310' },
      'ABC1D23 — SP-310',
    ],
  ])('%s', async (expression, values, expected) => {
    expect(await evaluate(expression, values)).toEqual(expected);
  });

  it('random tokens come from Web Crypto by default: 16 bytes → 32 hex characters, different each time', async () => {
    const first = await evaluateRuleExpression('$randomToken(16)', {});
    const second = await evaluateRuleExpression('$randomToken(16)', {});
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(first).not.toBe(second);
  });

  it('refuses hostile expressions without hanging', async () => {
    const started = Date.now();
    expect(await codeOf('($f := function($n){ $f($n) }; $f(1))')).toMatch(/^D101[12]$/);
    expect(await codeOf('$count([1..9000000])')).toMatch(/^D20(14|15)$/);
    expect(await codeOf('$pad("", 100000000)')).toBe('RULE_TOO_LARGE');
    expect(await codeOf('$join([1..5000].("abcdefghijklmnopqrstuvwxyz"))')).toBe('RULE_TOO_LARGE');
    expect(await codeOf('($f := function($s){ $f($s & $s) }; $f("ab"))')).toMatch(
      /^(RULE_TOO_LARGE|D101[12])$/,
    );
    expect(await codeOf('$match("aaaaaaaaaaaaaaaaaaaaaaaaaaaa!", /(a+)+$/)')).toBe('RULE_REFUSED');
    expect(await codeOf('$eval("1 + 1")')).toBe('RULE_REFUSED');
    expect(await codeOf('1 +')).toMatch(/^S0/);
    expect(await codeOf(`"${'a'.repeat(MAX_EXPRESSION_LENGTH)}"`)).toBe('RULE_TOO_LONG');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  describe("the time limit counts the expression's own work", () => {
    afterEach(() => vi.useRealTimers());
    const jumpClock = () => vi.setSystemTime(Date.now() + EVALUATION_TIMEOUT_MS * 3);

    it('not the wait for $table, which a busy server stretches', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const tables = async () => {
        jumpClock();
        return [{ limite: 19.8 }];
      };
      const result = await evaluateRuleExpression(
        "comprimento > $table('limites')[0].limite",
        {
          comprimento: 25,
        },
        { tables },
      );
      expect(result).toBe(true);
    });

    it('so an expression that itself works past it is stopped', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const values = {
        get comprimento() {
          jumpClock();
          return 25;
        },
      };
      await expect(evaluateRuleExpression('comprimento > 19.8 and true', values)).rejects.toMatchObject({
        code: 'D1012',
      });
    });
  });
});
