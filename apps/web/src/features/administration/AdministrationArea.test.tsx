import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp.tsx';
import { json } from '../auth/testing/fakeApi.ts';
import { setupAdminApi } from './testing/adminTestApi.ts';

describe('administration area access and navigation', () => {
  it('refuses a user without the administration permission with a 403 page', async () => {
    const api = setupAdminApi({}, { isAdministratorLogged: false, hasPanelAdminPermission: false });
    renderApp({ path: '/administration/users' });
    expect(await screen.findByText('403')).toBeTruthy();
    expect(screen.getByText('Acesso negado')).toBeTruthy();
    expect(api.find('POST', '/user/getUsers')).toHaveLength(0);
  });

  it('lets hasPanelAdminPermission in; the side menu links of §2.11 lead to their pages', async () => {
    setupAdminApi(
      {
        'POST /group/getGroups': () =>
          json([
            { id: 1, name: 'Fiscais', memberCount: 2 },
            { id: 2, name: 'Atendimento', memberCount: 0 },
          ]),
        'GET /admin/getPlan': () =>
          json({
            name: 'Plano DER',
            maxUsers: 100,
            maxApplications: 10,
            maxStorageMiB: 1024,
            usage: {
              activeUsers: 40,
              applications: 3,
              storageUsedBytes: 10 * 1024 * 1024,
              storageNote: 'PDFs',
            },
            updatedAt: '2026-01-01T00:00:00Z',
          }),
      },
      { hasPanelAdminPermission: true },
    );
    renderApp({ path: '/administration' });
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/administration/Plano Contratado'),
    );
    expect(await screen.findByTestId('plan-name')).toBeTruthy();
    const nav = screen.getByRole('navigation');
    const groupsLink = within(nav).getByRole('link', { name: 'Grupos' });
    expect(groupsLink.getAttribute('href')).toBe('/administration/group/Grupos');
    const user = userEvent.setup();
    await user.click(groupsLink);
    expect(await screen.findByRole('heading', { name: 'Grupos' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Grupos' });
    await within(table).findByText('Fiscais');
    expect(within(table).getByRole('columnheader', { name: /Nome/ })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Filtrar Nome' }), 'atend');
    expect(within(table).queryByText('Fiscais')).toBeNull();
    expect(within(table).getByText('Atendimento')).toBeTruthy();
  });
});
