import { describe, expect, it } from 'vitest';
import { evaluateComponentRules, evaluateFormRules } from './form-rules.ts';
import { PARITY_CASES, PARITY_COMPONENT, PARITY_NOW, summarizeParity } from './rule-parity-cases.ts';

describe('form rules (the parity table shared with the web test)', () => {
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
});

describe('evaluateFormRules', () => {
  it('finds the component in an application definition', async () => {
    const result = await evaluateFormRules({ components: [PARITY_COMPONENT] }, 9001, {}, 'load', undefined, {
      now: PARITY_NOW,
    });
    expect(result.values.inicio).toBe(PARITY_NOW.toISOString());
  });

  it('a validation rule that cannot be evaluated refuses the value (fails closed) and is reported', async () => {
    const component = {
      ...PARITY_COMPONENT,
      rules: [
        {
          id: 'lenta',
          kind: 'validation' as const,
          field: 'pbtc',
          expression: '($f := function($n){ $f($n + 1) }; $f(0))',
          message: { 'pt-BR': 'x', en: 'x' },
        },
      ],
    };
    const result = await evaluateComponentRules(component, { ID: 1, pbtc: 1 }, 'beforeSave');
    expect(result.errors).toEqual([
      {
        field: 'pbtc',
        ruleId: 'lenta',
        message: {
          'pt-BR': 'A regra lenta não pôde ser avaliada; avise o administrador da aplicação.',
          en: "The rule lenta could not be evaluated; tell the application's administrator.",
        },
      },
    ]);
    expect(result.ruleFailures[0]?.ruleId).toBe('lenta');
  });

  it('a visibility rule that fails leaves the field shown', async () => {
    const component = {
      ...PARITY_COMPONENT,
      rules: [{ id: 'quebrada', kind: 'visibility' as const, field: 'placa', expression: '1 +' }],
    };
    const result = await evaluateComponentRules(component, { ID: 1, pbtc: 1 }, 'change', 'placa');
    expect(result.visibility.placa).toBe(true);
    expect(result.ruleFailures).toHaveLength(1);
  });
});
