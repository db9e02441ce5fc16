import type { PaymentCharge, PaymentState } from '@der/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/renderApp.tsx';
import { type FakeHandler, json } from '../../auth/testing/fakeApi.ts';
import { aetFormItem, setupFormPageApi } from '../forms/testing/formPageTestApi.ts';

configure({ asyncUtilTimeout: 8000 });

const EDIT_PATH = '/runtime/3/editItem/1/5/1';
const QR = 'data:image/png;base64,iVBORw0KGgo=';
const PIX_CODE = '00020126580014br.gov.bcb.pix0136chave-der5204000053039865406150.505802BR6304ABCD';
const BOLETO_LINE = '34191.79001 01043.510047 91020.150008 1 99990000015050';

function paymentState(overrides: Partial<PaymentState> = {}): PaymentState {
  return { providerConfigured: true, awaitingPayment: true, amount: 1234.5, charge: null, ...overrides };
}

function charge(overrides: Partial<PaymentCharge>): PaymentCharge {
  return {
    method: 'pix',
    amount: 1234.5,
    pixPayload: null,
    pixQrDataUrl: null,
    boletoLine: null,
    paid: false,
    ...overrides,
  };
}

/** Item 5 of component 1 awaiting payment; `routes` add or replace fakes. */
function setup(routes: Record<string, FakeHandler>) {
  return setupFormPageApi({
    item: aetFormItem({ requerente: 'ANA' }, { status: 'aguardandoPagamento' }),
    routes,
  });
}

const panel = () => screen.findByRole('region', { name: 'Pagamento da taxa' }, { timeout: 15_000 });

/** Lets the answers already given reach the screen. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

async function formLoaded() {
  await screen.findByRole('heading', { name: 'Solicitação de AET AET-2026-000005' }, { timeout: 15_000 });
}

describe('the fee payment panel of the item form', () => {
  it('charges by PIX and shows the QR and the copy-paste code, which copies to the clipboard', async () => {
    const user = userEvent.setup();
    const api = setup({
      'GET /payments/state': () => json(paymentState()),
      'POST /payments/charge': () => json(charge({ method: 'pix', pixPayload: PIX_CODE, pixQrDataUrl: QR })),
    });
    renderApp({ path: EDIT_PATH });
    const region = await panel();
    expect(api.find('GET', '/payments/state')[0]?.query.toString()).toBe('componentId=1&itemId=5');
    expect(within(region).getByText('Valor da taxa: R$ 1.234,50')).toBeTruthy();
    expect(within(region).queryByRole('img')).toBeNull();

    await user.click(within(region).getByRole('button', { name: 'Pagar com PIX' }));
    const qr = await within(region).findByRole('img', { name: 'QR code do PIX para pagar a taxa' });
    expect(qr.getAttribute('src')).toBe(QR);
    expect(api.find('POST', '/payments/charge')[0]?.body).toEqual({
      componentId: 1,
      itemId: 5,
      method: 'pix',
    });
    const code = within(region).getByRole('textbox', {
      name: 'Código PIX copia e cola',
    }) as HTMLTextAreaElement;
    expect(code.value).toBe(PIX_CODE);
    expect(code.readOnly).toBe(true);

    await user.click(within(region).getByRole('button', { name: 'Copiar código' }));
    expect(await screen.findByText('Copiado para a área de transferência.')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(PIX_CODE);
  });

  it('generates a bank slip and copies its linha digitável', async () => {
    const user = userEvent.setup();
    const api = setup({
      'GET /payments/state': () => json(paymentState()),
      'POST /payments/charge': () => json(charge({ method: 'boleto', boletoLine: BOLETO_LINE })),
    });
    renderApp({ path: EDIT_PATH });
    const region = await panel();
    await user.click(within(region).getByRole('button', { name: 'Gerar boleto' }));
    const line = (await within(region).findByRole('textbox', {
      name: 'Linha digitável do boleto',
    })) as HTMLTextAreaElement;
    expect(line.value).toBe(BOLETO_LINE);
    expect(api.find('POST', '/payments/charge')[0]?.body).toMatchObject({ method: 'boleto' });
    await user.click(within(region).getByRole('button', { name: 'Copiar linha digitável' }));
    expect(await navigator.clipboard.readText()).toBe(BOLETO_LINE);
  });

  it('is axe-clean with a PIX charge shown', async () => {
    setup({
      'GET /payments/state': () =>
        json(paymentState({ charge: charge({ pixPayload: PIX_CODE, pixQrDataUrl: QR }) })),
    });
    renderApp({ path: EDIT_PATH });
    const region = await panel();
    await within(region).findByRole('img', { name: 'QR code do PIX para pagar a taxa' });
    const result = await axe.run(region, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });

  it('shows the charge of an earlier visit', async () => {
    setup({
      'GET /payments/state': () =>
        json(paymentState({ charge: charge({ pixPayload: PIX_CODE, pixQrDataUrl: QR }) })),
    });
    renderApp({ path: EDIT_PATH });
    const region = await panel();
    expect(within(region).getByRole('img', { name: 'QR code do PIX para pagar a taxa' })).toBeTruthy();
    expect(
      (within(region).getByRole('textbox', { name: 'Código PIX copia e cola' }) as HTMLTextAreaElement).value,
    ).toBe(PIX_CODE);
  });

  it('without a payment provider: a notice of the manual confirmation and no payment buttons', async () => {
    setup({ 'GET /payments/state': () => json(paymentState({ providerConfigured: false })) });
    renderApp({ path: EDIT_PATH });
    const region = await panel();
    expect(
      within(region).getByText(
        'O pagamento é confirmado por um analista do departamento depois que ele conferir o comprovante.',
      ),
    ).toBeTruthy();
    expect(within(region).queryByRole('button', { name: 'Pagar com PIX' })).toBeNull();
    expect(within(region).queryByRole('button', { name: 'Gerar boleto' })).toBeNull();
  });

  it('shows the server refusal of a charge', async () => {
    const user = userEvent.setup();
    setup({
      'GET /payments/state': () => json(paymentState()),
      'POST /payments/charge': () =>
        json(
          { Message: 'Nenhum provedor de pagamento configurado.', code: 'PAYMENT_PROVIDER_NOT_CONFIGURED' },
          409,
        ),
    });
    renderApp({ path: EDIT_PATH });
    const region = await panel();
    await user.click(within(region).getByRole('button', { name: 'Pagar com PIX' }));
    expect((await within(region).findByRole('alert')).textContent).toBe(
      'Nenhum provedor de pagamento configurado.',
    );
  });

  it('shows nothing for an item not awaiting payment, nor for one that is not payable', async () => {
    const answered = { awaiting: false, payable: false };
    setup({
      'GET /payments/state': async () => {
        answered.awaiting = true;
        return json(paymentState({ awaitingPayment: false }));
      },
    });
    const first = renderApp({ path: EDIT_PATH });
    await formLoaded();
    await waitFor(() => expect(answered.awaiting).toBe(true));
    await settle();
    expect(screen.queryByRole('region', { name: 'Pagamento da taxa' })).toBeNull();
    first.unmount();

    // Not payable (or not the user's to see): the server answers 404.
    setup({
      'GET /payments/state': async () => {
        answered.payable = true;
        return json({ Message: 'Não encontrado.', code: 'NOT_FOUND', requestId: 't' }, 404);
      },
    });
    renderApp({ path: EDIT_PATH });
    await formLoaded();
    await waitFor(() => expect(answered.payable).toBe(true));
    await settle();
    expect(screen.queryByRole('region', { name: 'Pagamento da taxa' })).toBeNull();
    expect(screen.queryByText('Não encontrado.')).toBeNull();
  });

  it("'Já paguei — atualizar' reloads the state and the item, and the panel goes once paid", async () => {
    const user = userEvent.setup();
    let paid = false;
    const api = setupFormPageApi({
      routes: {
        'GET /payments/state': () => json(paymentState({ awaitingPayment: !paid })),
        'POST /genericItem/refreshItem': () =>
          json(
            paid
              ? aetFormItem({ requerente: 'ANA' }, { status: 'emAnalise', version: 4 })
              : aetFormItem({ requerente: 'ANA' }, { status: 'aguardandoPagamento' }),
          ),
      },
    });
    renderApp({ path: EDIT_PATH });
    const region = await panel();
    paid = true;
    await user.click(within(region).getByRole('button', { name: 'Já paguei — atualizar' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Pagamento da taxa' })).toBeNull());
    expect(api.find('POST', '/genericItem/refreshItem').length).toBeGreaterThanOrEqual(2);
    expect(api.find('GET', '/payments/state').length).toBeGreaterThanOrEqual(2);
  });
});
