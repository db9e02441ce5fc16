import { evaluateRuleExpression } from '@der/contracts';
import { describe, expect, it } from 'vitest';
import { AET_ANALYSIS_CONTROLS } from './analise.ts';

const failedCriteria = AET_ANALYSIS_CONTROLS.find(
  (control) => control.type === 'indicator' && control.label?.en === 'Criteria not met',
) as { expression: string };

describe("the analysts' 'Critérios não atendidos' indicator", () => {
  it('names each failed criterion with its detail when there is one, and none of the met ones', async () => {
    const rows = [
      { criterion: 'Largura dentro do envelope', passed: false, detail: '3,21 m (máximo 3,2 m)' },
      { criterion: 'Enquadramento emitido automaticamente', passed: true, detail: null },
      { criterion: 'Trajeto em rodovias e trechos permitidos', passed: false, detail: null },
      { criterion: 'Validade', passed: false, detail: '' },
    ];
    expect(await evaluateRuleExpression(failedCriteria.expression, { criteriosEnvelope: rows })).toEqual([
      'Largura dentro do envelope — 3,21 m (máximo 3,2 m)',
      'Trajeto em rodovias e trechos permitidos',
      'Validade',
    ]);
  });

  it('answers an empty list when every criterion was met or none was checked yet', async () => {
    const met = [{ criterion: 'Validade', passed: true, detail: null }];
    expect(await evaluateRuleExpression(failedCriteria.expression, { criteriosEnvelope: met })).toEqual([]);
    expect(await evaluateRuleExpression(failedCriteria.expression, {})).toEqual([]);
  });
});
