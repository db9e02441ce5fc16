import { type FieldDefinition, type FormComponentInput, FormComponentSchema } from '@der/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderApp } from '../../../test/renderApp.tsx';
import { FormRenderer } from './FormRenderer.tsx';
import type { FormRendererApi } from './formRendererTypes.ts';
import { AET_COMPONENT } from './testing/formFixtures.ts';

const text = (pt: string) => ({ 'pt-BR': pt, en: pt });

/** A guided form: the plate, then the weight (at most 200) and a field required only from leaving the draft. */
const STEPS_LAYOUT: FormComponentInput[] = [
  {
    type: 'steps',
    saveOnNext: true,
    review: text('Revisão'),
    steps: [
      { title: text('Veículo'), children: [{ type: 'textbox', field: 'placaCavalo' }] },
      {
        title: text('Pesos'),
        children: [
          { type: 'numericPicker', field: 'pbtc' },
          { type: 'textbox', field: 'carga' },
        ],
      },
    ],
  },
];

const FIELDS: FieldDefinition[] = [
  ...AET_COMPONENT.fields,
  {
    ...AET_COMPONENT.fields.find((field) => field.key === 'placaCavalo')!,
    key: 'carga',
    label: text('Descrição da carga'),
    required: true,
    requiredFrom: 'leavingInitialStatus',
  },
];

async function renderSteps(options: { draft: boolean; values?: Record<string, unknown> }) {
  const onSubmit = vi.fn();
  let api: FormRendererApi | null = null;
  renderApp({
    children: (
      <FormRenderer
        formId="steps-form"
        layout={z.array(FormComponentSchema).parse(STEPS_LAYOUT)}
        fields={FIELDS}
        values={options.values ?? {}}
        itemId={7}
        draft={options.draft}
        onSubmit={onSubmit}
        onReady={(ready) => {
          api = ready;
        }}
      />
    ),
  });
  await screen.findByRole('heading', { name: 'Etapa 1 de 3: Veículo' });
  return { onSubmit, api: () => api! };
}

const stepGroup = (title: RegExp) => screen.getByRole('group', { name: title, hidden: true });
/** Shown: neither it nor a container of it is hidden (the steps stay mounted, hidden). */
const isShown = (element: HTMLElement) => element.closest('[hidden]') === null;

describe('FormRenderer: a guided form in steps', () => {
  beforeEach(() => sessionStorage.clear());

  it('moves on with the keyboard, saving the draft, and puts the focus on the next step', async () => {
    const user = userEvent.setup();
    const { onSubmit } = await renderSteps({ draft: true });
    await user.type(
      within(stepGroup(/Veículo/)).getByRole('textbox', { name: 'Placa do cavalo' }),
      'ABC1D23',
    );
    await user.tab();
    const next = screen.getByRole('button', { name: 'Salvar e continuar' });
    next.focus();
    await user.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', { name: 'Etapa 2 de 3: Pesos' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(isShown(stepGroup(/Pesos/))).toBe(true);
    // The draft is saved without the value only leaving the draft needs (carga).
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ placaCavalo: 'ABC1D23' });
  });

  it("shows a step's errors on that step and does not move on", async () => {
    const user = userEvent.setup();
    const { onSubmit } = await renderSteps({ draft: true, values: { pbtc: 900 } });
    await user.click(screen.getByRole('tab', { name: /Pesos/ }));
    expect(isShown(stepGroup(/Pesos/))).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Salvar e continuar' }));
    expect(isShown(await within(stepGroup(/Pesos/)).findByText(/deve estar entre/))).toBe(true);
    expect(isShown(stepGroup(/Pesos/))).toBe(true);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('requires the values of leaving the draft once the item is no longer one', async () => {
    const user = userEvent.setup();
    await renderSteps({ draft: false, values: { pbtc: 50 } });
    await user.click(screen.getByRole('tab', { name: /Pesos/ }));
    await user.click(screen.getByRole('button', { name: 'Salvar e continuar' }));
    expect(
      isShown(await within(stepGroup(/Pesos/)).findByText(/Descrição da carga/, { selector: 'p' })),
    ).toBe(true);
  });

  it('opens the step of a field the server refused (e.g. a value sending needs)', async () => {
    const user = userEvent.setup();
    const { api } = await renderSteps({ draft: true });
    await user.click(screen.getByRole('tab', { name: /Revisão/ }));
    expect(isShown(stepGroup(/Revisão/))).toBe(true);
    act(() => {
      api().setFieldError('carga', '"Descrição da carga" é obrigatório para Enviar');
      api().revealField('carga');
    });
    await waitFor(() => expect(isShown(stepGroup(/Pesos/))).toBe(true));
    expect(
      isShown(within(stepGroup(/Pesos/)).getByText('"Descrição da carga" é obrigatório para Enviar')),
    ).toBe(true);
  });

  it('lists what was filled, step by step, on the review', async () => {
    const user = userEvent.setup();
    await renderSteps({ draft: true, values: { placaCavalo: 'ABC1D23', pbtc: 57.5 } });
    await user.click(screen.getByRole('tab', { name: /Revisão/ }));
    const review = stepGroup(/Revisão/);
    expect(isShown(within(review).getByText('ABC1D23'))).toBe(true);
    expect(isShown(within(review).getByText('57,5'))).toBe(true);
    expect(isShown(within(review).getByRole('button', { name: 'Alterar Pesos' }))).toBe(true);
  });
});
