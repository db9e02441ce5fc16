import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp.tsx';
import { buildApplication, buildMessage } from '../shell/testing/shellFixtures.ts';
import { setupShellApi } from '../shell/testing/shellTestApi.ts';

const MESSAGES = [
  buildMessage({ id: 1, title: 'Nova AET', messageText: 'Sua AET foi emitida.' }),
  buildMessage({ id: 2, title: 'Pagamento', readed: false }),
  buildMessage({ id: 3, title: 'Antiga', readed: true }),
];

function setup(messages = MESSAGES) {
  const api = setupShellApi({
    session: { hasPanelAdminPermission: true },
    applications: [buildApplication()],
    messages,
  });
  renderApp({ path: '/app' });
  return { api, user: userEvent.setup() };
}

async function openBell(user: ReturnType<typeof userEvent.setup>, unread = 2) {
  const label = unread ? `Notificações: ${unread} não lidas` : 'Notificações';
  await user.click(await screen.findByRole('button', { name: label }));
  return screen.findByRole('dialog', { name: 'Mensagens' });
}

describe('notification bell', () => {
  it('shows the unread count and the messages with their relative time', async () => {
    const { user } = setup();
    await waitFor(() => expect(screen.getByTestId('messages-badge').textContent).toBe('2'));
    const popup = await openBell(user);
    expect(within(popup).getByText('Nova AET')).toBeTruthy();
    expect(within(popup).getAllByText('há 3 dias')).toHaveLength(3);
  });

  it('opens a message; OK marks it read', async () => {
    const { api, user } = setup();
    const popup = await openBell(user);
    await user.click(within(popup).getByRole('button', { name: /Nova AET/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Nova AET' });
    expect(within(dialog).getByText('Sua AET foi emitida.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Excluir' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(api.find('POST', '/message/setReaded')).toHaveLength(1));
    expect(api.find('POST', '/message/setReaded')[0]!.body).toEqual({ ids: [1] });
  });

  it('Cancel closes the message without a call; Delete asks and deletes it', async () => {
    const { api, user } = setup();
    let popup = await openBell(user);
    await user.click(within(popup).getByRole('button', { name: /Pagamento/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Pagamento' })).getByRole('button', {
        name: 'Cancelar',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pagamento' })).toBeNull());
    expect(api.find('POST', '/message/setReaded')).toHaveLength(0);

    popup = await screen.findByRole('dialog', { name: 'Mensagens' });
    await user.click(within(popup).getByRole('button', { name: /Pagamento/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Pagamento' })).getByRole('button', {
        name: 'Excluir',
      }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Excluir' });
    expect(within(confirm).getByText('Deseja excluir esta mensagem?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(api.find('POST', '/message/delete')).toHaveLength(1));
    expect(api.find('POST', '/message/delete')[0]!.body).toEqual({ ids: [2] });
  });

  it('marks all read and deletes all, each after a confirmation', async () => {
    const { api, user } = setup();
    await openBell(user);
    const popupButton = async (name: string) =>
      within(await screen.findByRole('dialog', { name: 'Mensagens' })).findByRole('button', { name });

    await user.click(await popupButton('Marcar todas como lidas'));
    let confirm = await screen.findByRole('dialog', { name: 'Marcar todas como lidas' });
    await user.click(within(confirm).getByRole('button', { name: 'Não' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Marcar todas como lidas' })).toBeNull());
    expect(api.find('POST', '/message/setAllReaded')).toHaveLength(0);

    await user.click(await popupButton('Marcar todas como lidas'));
    confirm = await screen.findByRole('dialog', { name: 'Marcar todas como lidas' });
    await user.click(within(confirm).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(api.find('POST', '/message/setAllReaded')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Marcar todas como lidas' })).toBeNull());

    await user.click(await popupButton('Excluir todas'));
    confirm = await screen.findByRole('dialog', { name: 'Excluir todas' });
    await user.click(within(confirm).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(api.find('POST', '/message/deleteAllMessages')).toHaveLength(1));
  });

  it('shows the empty popup without a count', async () => {
    const { user } = setup([]);
    const popup = await openBell(user, 0);
    expect(within(popup).getByText('Nenhuma mensagem.')).toBeTruthy();
    expect(within(popup).getByTestId('messages-empty')).toBeTruthy();
  });
});
