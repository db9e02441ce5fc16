import { FormComponentSchema } from '@der/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderApp } from '../../../../test/renderApp.tsx';
import { FormRenderer } from '../FormRenderer.tsx';
import { AET_COMPONENT } from '../testing/formFixtures.ts';

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
