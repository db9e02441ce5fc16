import { FormComponentSchema } from '@der/contracts';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderApp } from '../../../../test/renderApp.tsx';
import { FormRenderer } from '../FormRenderer.tsx';
import { AET_COMPONENT } from '../testing/formFixtures.ts';

describe('NumericPickerField', () => {
  it('entered with a stored value, selects the whole number so that typing replaces it', async () => {
    const user = userEvent.setup();
    renderApp({
      children: (
        <FormRenderer
          layout={z.array(FormComponentSchema).parse([{ type: 'numericPicker', field: 'valorTaxa' }])}
          fields={AET_COMPONENT.fields}
          values={{ valorTaxa: 1234.5 }}
        />
      ),
    });
    const money = (await screen.findByRole('textbox', { name: 'Valor da taxa' })) as HTMLInputElement;
    expect(money.value).toBe('1.234,50');
    // As a browser does for a field entered by keyboard (and Playwright's fill): select all, then focus.
    act(() => {
      money.select();
      money.focus();
    });
    // Rewritten for editing (no grouping) and still selected whole.
    expect(money.value).toBe('1234,5');
    expect([money.selectionStart, money.selectionEnd]).toEqual([0, 6]);
    await user.keyboard('1500');
    expect(money.value).toBe('1500');
    await user.tab();
    expect(money.value).toBe('1.500,00');
  });
});
