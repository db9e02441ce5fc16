import { FieldDefinitionSchema, FormComponentSchema } from '@der/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderApp } from '../../../../test/renderApp.tsx';
import { ruleExpressionEvaluator } from '../../../rules/ruleExpressionEvaluator.ts';
import { FormRenderer } from '../FormRenderer.tsx';
import { AET_COMPONENT } from '../testing/formFixtures.ts';
import { indicatorMessages } from './indicatorMessages.ts';

describe('IndicatorWidget', () => {
  it('evaluates its expression with the rule engine and follows the values as they change', async () => {
    const user = userEvent.setup();
    renderApp({
      children: (
        <FormRenderer
          layout={z.array(FormComponentSchema).parse([
            { type: 'numericPicker', field: 'pbtc' },
            {
              type: 'indicator',
              label: { 'pt-BR': 'Dobro', en: 'Double' },
              expression: 'pbtc * 2',
              format: 'number',
            },
          ])}
          fields={AET_COMPONENT.fields}
          values={{ pbtc: 10 }}
        />
      ),
    });
    const indicator = await screen.findByRole('status', { name: 'Dobro' });
    await waitFor(() => expect(indicator.textContent).toContain('20'));
    const input = await screen.findByRole('textbox', { name: /PBTC/ });
    await user.clear(input);
    await user.type(input, '21');
    await waitFor(() => expect(indicator.textContent).toContain('42'));
  });
});

describe('IndicatorWidget with messages', () => {
  const tables = [
    {
      key: 'limites',
      rows: [
        { medida: 'larguraTotal', valor: 2.6, fundamento: 'Res. CONTRAN 882/2021' },
        { medida: 'pbtc', valor: 57, fundamento: 'Res. CONTRAN 882/2021' },
      ],
    },
  ];
  // Each row of the reference table the width passes, named in both languages.
  const expression =
    "[$table('limites')[medida = 'larguraTotal' and $$.larguraTotal > valor].{ 'pt-BR': 'Largura ' & $formatNumber($$.larguraTotal, '#.##0,00', {'decimal-separator': ',', 'grouping-separator': '.'}) & ' m excede ' & $formatNumber(valor, '#.##0,00', {'decimal-separator': ',', 'grouping-separator': '.'}) & ' m — ' & fundamento, 'en': 'Width ' & $formatNumber($$.larguraTotal, '#,##0.00') & ' m exceeds ' & $formatNumber(valor, '#,##0.00') & ' m — ' & fundamento }]";

  it('lists each text in the user language, read from the reference tables, and says when there is none', async () => {
    const user = userEvent.setup();
    renderApp({
      children: (
        <FormRenderer
          layout={z.array(FormComponentSchema).parse([
            { type: 'numericPicker', field: 'larguraTotal' },
            {
              type: 'indicator',
              label: { 'pt-BR': 'Limites excedidos', en: 'Limits exceeded' },
              expression,
              format: 'messages',
            },
          ])}
          fields={[
            { key: 'larguraTotal', type: 'DECIMAL', label: { 'pt-BR': 'Largura (m)', en: 'Width (m)' } },
          ].map((field) => FieldDefinitionSchema.parse(field))}
          values={{ larguraTotal: 2.5 }}
          services={{ evaluateExpression: ruleExpressionEvaluator(tables) }}
        />
      ),
    });
    const indicator = await screen.findByRole('status', { name: 'Limites excedidos' });
    await waitFor(() => expect(indicator.textContent).toContain('Nenhum'));
    const input = await screen.findByRole('textbox', { name: /Largura/ });
    await user.clear(input);
    await user.type(input, '3,2');
    await waitFor(() =>
      expect(
        within(indicator)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Largura 3,20 m excede 2,60 m — Res. CONTRAN 882/2021']),
    );
  });

  it('reads one text or a list, strings or both languages, skipping anything else', () => {
    const both = { 'pt-BR': 'Largura excede', en: 'Width exceeds' };
    expect(indicatorMessages(both, 'en')).toEqual(['Width exceeds']);
    expect(indicatorMessages([both, 'texto', 3, null], 'pt-BR')).toEqual(['Largura excede', 'texto']);
    expect(indicatorMessages(undefined, 'pt-BR')).toEqual([]);
  });
});
