import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/renderApp.tsx';
import { apiError, json } from '../../auth/testing/fakeApi.ts';
import { setupFormPageApi } from './testing/formPageTestApi.ts';

configure({ asyncUtilTimeout: 8000 });

const text = (pt: string) => ({ 'pt-BR': pt, en: pt });
const PATH = '/runtime/3/operation/9/Concluir%20tarefas%20atrasadas';

describe('operation page', () => {
  it('asks the prompt, keeps OK disabled until the required field is filled, then runs with its values', async () => {
    const user = userEvent.setup();
    const api = setupFormPageApi({
      routes: {
        'POST /genericItem/executeOperationBusinessRule': () =>
          json({
            prompt: {
              title: text('Motivo da conclusão'),
              fields: [{ key: 'motivo', type: 'STRING', label: text('Motivo'), required: true }],
            },
          }),
        'POST /genericItem/executeOperationCallResultFunction': () =>
          json({ message: '2 tarefas concluídas.', updated: 2 }),
      },
    });
    renderApp({ path: PATH });
    expect(
      await screen.findByRole('heading', { name: 'Concluir tarefas atrasadas' }, { timeout: 15_000 }),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Executar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Motivo da conclusão' });
    const ok = within(dialog).getByRole('button', { name: 'OK' }) as HTMLButtonElement;
    expect(ok.disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'prazo vencido');
    await waitFor(() => expect(ok.disabled).toBe(false));
    await user.click(ok);
    expect(await screen.findByText('2 tarefas concluídas.')).toBeTruthy();
    expect(api.find('POST', '/genericItem/executeOperationCallResultFunction')[0]?.body).toEqual({
      operationId: 9,
      values: { motivo: 'prazo vencido' },
    });
  });

  it('shows the server refusal', async () => {
    const user = userEvent.setup();
    setupFormPageApi({
      routes: {
        'POST /genericItem/executeOperationBusinessRule': () =>
          apiError(403, 'Você não tem permissão para realizar esta operação.'),
      },
    });
    renderApp({ path: PATH });
    await user.click(await screen.findByRole('button', { name: 'Executar' }, { timeout: 15_000 }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Você não tem permissão para realizar esta operação.',
    );
  });
});
