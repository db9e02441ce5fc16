import { type FormComponentInput, FormComponentSchema } from '@der/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderApp } from '../../../test/renderApp.tsx';
import { FormRenderer } from './FormRenderer.tsx';
import type { FormRendererApi } from './formRendererTypes.ts';
import { AET_COMPONENT } from './testing/formFixtures.ts';

const text = (pt: string) => ({ 'pt-BR': pt, en: pt });
/** Two tabs: the required Requerente sits in the second, which is not open. */
const TABBED_LAYOUT: FormComponentInput[] = [
  {
    type: 'tabControl',
    tabs: [
      { title: text('Veículo'), children: [{ type: 'textbox', field: 'placaCavalo' }] },
      {
        title: text('Requerente'),
        children: [
          { type: 'groupBox', title: text('Dados'), children: [{ type: 'textbox', field: 'requerente' }] },
        ],
      },
    ],
  },
];

function renderTabbedForm() {
  const onSubmit = vi.fn();
  const onInvalid = vi.fn();
  let api: FormRendererApi | null = null;
  renderApp({
    children: (
      <FormRenderer
        formId="test-form"
        layout={z.array(FormComponentSchema).parse(TABBED_LAYOUT)}
        fields={AET_COMPONENT.fields}
        onSubmit={onSubmit}
        onInvalid={onInvalid}
        onReady={(ready) => {
          api = ready;
        }}
      />
    ),
  });
  const submit = () =>
    act(async () => {
      fireEvent.submit(document.getElementById('test-form') as HTMLFormElement);
    });
  return { onSubmit, onInvalid, submit, api: () => api! };
}

describe('FormRenderer: fields in error in tabs the user does not see', () => {
  it('a refused submit opens the tab of the first field in error and tells the page', async () => {
    const { onSubmit, onInvalid, submit } = renderTabbedForm();
    const requerenteTab = await screen.findByRole('tab', { name: 'Requerente' });
    expect(requerenteTab.getAttribute('aria-selected')).toBe('false');
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onInvalid).toHaveBeenCalledWith(['requerente']);
    await waitFor(() => expect(requerenteTab.getAttribute('aria-selected')).toBe('true'));
    expect(screen.getByText('Preencha o campo Requerente.')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Requerente/ })),
    );
  });

  it("revealField opens the tab of a server's field error", async () => {
    const { api } = renderTabbedForm();
    const requerenteTab = await screen.findByRole('tab', { name: 'Requerente' });
    await act(async () => {
      api().setFieldError('requerente', 'Nome inválido');
      api().revealField('requerente');
    });
    await waitFor(() => expect(requerenteTab.getAttribute('aria-selected')).toBe('true'));
  });
});
