import { evaluateComponentRules } from '@der/contracts';
import { describe, expect, it } from 'vitest';
import {
  PARITY_CASES,
  PARITY_COMPONENT,
  PARITY_NOW,
  summarizeParity,
} from '../../../../../packages/contracts/src/runtime/rules/rule-parity-cases.ts';

// The rule engine imported through this project's own resolution of @der/contracts (the bundle it ships),
// evaluated in jsdom over the same table as the contracts tests (which run it in Node, as the server does):
// identical results on both sides.
describe('form rules parity table', () => {
  for (const testCase of PARITY_CASES) {
    it(testCase.name, async () => {
      const result = await evaluateComponentRules(
        PARITY_COMPONENT,
        testCase.values,
        testCase.event,
        testCase.changedField,
        { now: PARITY_NOW },
      );
      expect(summarizeParity(result, testCase.expected)).toEqual(testCase.expected);
    });
  }

  it('random tokens use the platform Web Crypto', async () => {
    const result = await evaluateComponentRules(
      {
        ...PARITY_COMPONENT,
        rules: [{ id: 't', kind: 'computedValue', field: 'token', expression: '$randomToken(16)' }],
      },
      { ID: 1, pbtc: 1 },
      'change',
    );
    expect(result.values.token).toMatch(/^[0-9a-f]{32}$/);
  });
});
