import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/renderApp.tsx';
import { apiError, type FakeHandler, json } from '../../auth/testing/fakeApi.ts';
import { setupAdminApi } from '../testing/adminTestApi.ts';

const GROUP = {
  id: 4,
  name: 'Fiscais',
  members: [{ id: 11, name: 'Ana', email: 'ana@der.sp.gov.br', login: 'ana' }],
  applicationIds: [21],
};

function groupApi(saveGroup: FakeHandler) {
  return setupAdminApi({
    'POST /group/getGroups': () => json([{ id: 4, name: 'Fiscais', memberCount: 1 }]),
    'GET /group/getGroupFormInitialData': () =>
      json({
        users: [GROUP.members[0], { id: 12, name: 'Bruno', email: 'bruno@der.sp.gov.br', login: 'bruno' }],
        applications: [
          { id: 21, name: 'Vistorias' },
          { id: 22, name: 'Obras' },
        ],
      }),
    'GET /group/getGroup': () => json(GROUP),
    'POST /group/saveGroup': saveGroup,
  });
}

async function openGroup() {
  renderApp({ path: '/administration/group/Grupos' });
  const table = await screen.findByRole('table', { name: 'Grupos' }, { timeout: 15_000 });
  await userEvent.setup().click(await within(table).findByText('Fiscais'));
  const dialog = await screen.findByRole('dialog', { name: 'Editar grupo' });
  const name = await within(dialog).findByRole('textbox', { name: /Nome/ });
  return { dialog, name };
}

describe('group dialog', () => {
  it('saves name, members and applications in one call', async () => {
    const api = groupApi(() => json({ success: true, message: 'O grupo foi salvo com sucesso!', id: 4 }));
    const { dialog, name } = await openGroup();
    fireEvent.change(name, { target: { value: 'Fiscais de Obra' } });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText('O grupo foi salvo com sucesso!')).toBeTruthy();
    expect(api.find('POST', '/group/saveGroup').map((request) => request.body)).toEqual([
      { id: 4, name: 'Fiscais de Obra', memberIds: [11], applicationIds: [21] },
    ]);
    expect(api.find('POST', '/group/setGroupMembers')).toHaveLength(0);
    expect(api.find('POST', '/group/setGroupApplications')).toHaveLength(0);
  }, 30_000);

  it('shows a refused application list on its field and keeps the dialog open', async () => {
    groupApi(() =>
      apiError(400, 'Dados inválidos nos campos: body.applicationIds.', [
        { field: 'body.applicationIds', message: 'Valor inválido' },
      ]),
    );
    const { dialog } = await openGroup();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Salvar' }));
    const message = await within(dialog).findByText('Valor inválido');
    expect(message.closest('.MuiFormControl-root')?.textContent).toContain('Aplicações permitidas');
    expect(screen.getByRole('dialog', { name: 'Editar grupo' })).toBeTruthy();
  }, 30_000);
});
