import { FieldDefinitionSchema, FormComponentSchema } from '@der/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderApp } from '../../../../test/renderApp.tsx';
import { ruleExpressionEvaluator } from '../../../rules/ruleExpressionEvaluator.ts';
import { FormRenderer } from '../FormRenderer.tsx';

const t = (text: string) => ({ 'pt-BR': text, en: text });
const fields = z.array(FieldDefinitionSchema).parse([
  {
    key: 'criterios',
    type: 'TABLE',
    label: t('Critérios'),
    columns: [
      { key: 'criterion', type: 'STRING', label: t('Critério') },
      { key: 'passed', type: 'BOOLEAN', label: t('Atendido') },
      { key: 'detail', type: 'STRING', label: t('Detalhe') },
    ],
  },
]);

describe('a messages indicator over a TABLE field', () => {
  it('lists the failed rows the table holds', async () => {
    renderApp({
      children: (
        <FormRenderer
          layout={z.array(FormComponentSchema).parse([
            {
              type: 'indicator',
              label: t('Reprovados'),
              expression: "[criterios[passed = false].(criterion & (detail ? ' — ' & detail : ''))]",
              format: 'messages',
            },
            { type: 'table', field: 'criterios', readOnly: true },
          ])}
          fields={fields}
          values={{
            criterios: [
              { criterion: 'Largura', passed: false, detail: '3,21 m' },
              { criterion: 'Validade', passed: true, detail: null },
            ],
          }}
          services={{ evaluateExpression: ruleExpressionEvaluator([], fields) }}
        />
      ),
    });
    const indicator = await screen.findByRole('status', { name: 'Reprovados' });
    await waitFor(() => expect(indicator.textContent).toContain('Largura — 3,21 m'), { timeout: 10_000 });
    expect(indicator.textContent).not.toContain('Validade');
  });
});
