import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/renderApp.tsx';
import { apiError, type FakeHandler, json } from '../../auth/testing/fakeApi.ts';
import { aetFormItem, aetFormView, setupFormPageApi } from '../forms/testing/formPageTestApi.ts';

configure({ asyncUtilTimeout: 8000 });

const EDIT_PATH = '/runtime/3/editItem/1/5/1';
const location = () => screen.getByTestId('location').textContent;
const ISSUED_PERIOD_AET = aetFormItem(
  { requerente: 'ANA', tipoAutorizacao: 'periodo', numeroAet: '2026/000123' },
  { status: 'emitida' },
);

function setup(item = ISSUED_PERIOD_AET, routes: Record<string, FakeHandler> = {}) {
  return setupFormPageApi({ item, routes });
}

function renderItem(item: ReturnType<typeof aetFormItem>) {
  setup(item);
  return renderApp({ path: EDIT_PATH });
}

const copyButton = () =>
  screen.findByRole('button', { name: 'Copiar para nova solicitação' }, { timeout: 15_000 });

describe('copy and renewal of an AET request from its form', () => {
  it('copies the request to a new draft, opens its form and announces its number', async () => {
    const user = userEvent.setup();
    const api = setup(ISSUED_PERIOD_AET, {
      'POST /aet/copiarSolicitacao': () =>
        json({ componentId: 1, itemId: 12, formattedId: 'AET-2026-000012' }),
    });
    renderApp({ path: EDIT_PATH });
    await user.click(await copyButton());
    await waitFor(() => expect(location()).toBe('/runtime/3/editItem/1/12/1'));
    expect(api.find('POST', '/aet/copiarSolicitacao')[0]?.body).toEqual({ itemId: 5 });
    expect(
      await screen.findByText('Nova solicitação AET-2026-000012 criada a partir da cópia.'),
    ).toBeTruthy();
  });

  it('renews an issued period AET into a new draft', async () => {
    const user = userEvent.setup();
    const api = setup(ISSUED_PERIOD_AET, {
      'POST /aet/renovarAet': () => json({ componentId: 1, itemId: 13, formattedId: 'AET-2026-000013' }),
    });
    renderApp({ path: EDIT_PATH });
    await copyButton();
    await user.click(screen.getByRole('button', { name: 'Renovar AET' }));
    await waitFor(() => expect(location()).toBe('/runtime/3/editItem/1/13/1'));
    expect(api.find('POST', '/aet/renovarAet')[0]?.body).toEqual({ itemId: 5 });
    expect(await screen.findByText('Solicitação de renovação AET-2026-000013 criada.')).toBeTruthy();
  });

  it('shows the server refusal and stays on the request', async () => {
    const user = userEvent.setup();
    setup(ISSUED_PERIOD_AET, {
      'POST /aet/renovarAet': () =>
        apiError(400, 'Dados inválidos.', [
          {
            field: 'itemId',
            code: 'notRenewable',
            message: 'Só uma AET por período emitida (vigente, suspensa ou expirada) pode ser renovada',
          },
        ]),
    });
    renderApp({ path: EDIT_PATH });
    await copyButton();
    await user.click(screen.getByRole('button', { name: 'Renovar AET' }));
    expect(
      await screen.findByText(
        'Só uma AET por período emitida (vigente, suspensa ou expirada) pode ser renovada',
      ),
    ).toBeTruthy();
    expect(location()).toBe(EDIT_PATH);
  });

  it('offers no renewal for a request not issued, nor for a single-trip AET', async () => {
    const first = renderItem(
      aetFormItem({ requerente: 'ANA', tipoAutorizacao: 'periodo' }, { status: 'emAnalise' }),
    );
    await copyButton();
    expect(screen.queryByRole('button', { name: 'Renovar AET' })).toBeNull();
    first.unmount();

    renderItem(
      aetFormItem(
        { requerente: 'ANA', tipoAutorizacao: 'viagem', numeroAet: '2026/000124' },
        { status: 'emitida' },
      ),
    );
    await copyButton();
    expect(screen.queryByRole('button', { name: 'Renovar AET' })).toBeNull();
  });

  it('shows neither button on the form of another component', async () => {
    setupFormPageApi({
      item: ISSUED_PERIOD_AET,
      routes: { 'GET /genericItem/getForm': () => json(aetFormView({ componentName: 'Tarefa' })) },
    });
    renderApp({ path: EDIT_PATH });
    await screen.findByRole('button', { name: 'Salvar' }, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: 'Copiar para nova solicitação' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Renovar AET' })).toBeNull();
  });

  it('offers no copy to someone who did not file the request (an analyst)', async () => {
    renderItem({ ...ISSUED_PERIOD_AET, createdByViewer: false });
    await screen.findByRole('button', { name: 'Salvar' }, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: 'Copiar para nova solicitação' })).toBeNull();
  });

  it('offers no copy of a draft still being filled in', async () => {
    renderItem(aetFormItem({ requerente: 'ANA', tipoAutorizacao: 'periodo' }, { status: 'rascunho' }));
    await screen.findByRole('button', { name: 'Salvar' }, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: 'Copiar para nova solicitação' })).toBeNull();
  });
});
