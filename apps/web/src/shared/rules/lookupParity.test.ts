import { describe, expect, it } from 'vitest';
import {
  LOOKUP_PARITY_CASES,
  LOOKUP_PARITY_COMPONENT,
  lookupParitySource,
} from '../../../../../packages/contracts/src/runtime/rules/lookup-parity-cases.ts';
import { componentRuleEvaluator } from './componentRuleEvaluator.ts';

// The browser side of the lookup parity table: the form's own rule evaluator (lookups from the referenced
// items, then the rules), over the bundle of @der/contracts this project ships; the contracts tests run the
// same cases the way the server's save does.
describe('lookup fields parity table', () => {
  const evaluate = componentRuleEvaluator(LOOKUP_PARITY_COMPONENT, false, lookupParitySource);
  const messageOf = (ruleId: string) => {
    const rule = LOOKUP_PARITY_COMPONENT.rules.find((candidate) => candidate.id === ruleId);
    return rule?.kind === 'validation' ? rule.message['pt-BR'] : undefined;
  };

  for (const testCase of LOOKUP_PARITY_CASES) {
    it(testCase.name, async () => {
      const state = await evaluate({
        values: testCase.values,
        event: 'change',
        changedField: 'composicao',
        language: 'pt-BR',
      });
      expect(state.computed).toMatchObject(testCase.lookups);
      // Both rules sit on the PBTC: the form shows the first one that fails.
      expect(state.messages.pbtc).toBe(
        testCase.failing[0] === undefined ? undefined : messageOf(testCase.failing[0]),
      );
    });
  }
});
