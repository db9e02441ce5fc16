import type { ResourceEdit, ResourceRow } from '@der/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/renderApp.tsx';
import { json } from '../../auth/testing/fakeApi.ts';
import { setupShellApi } from '../../shell/testing/shellTestApi.ts';

const PERSON: ResourceRow = {
  id: 1,
  kind: 'user',
  name: 'ANA PAULA',
  userId: 7,
  email: 'ana@der.sp.gov.br',
  calendarId: 2,
  calendarName: 'Expediente DER',
  costPerHour: 95,
  supervisorId: 1,
  supervisorName: 'ADMIN',
  projectCount: 1,
  active: true,
  canEdit: true,
};
const TRUCK: ResourceRow = {
  ...PERSON,
  id: 2,
  kind: 'asset',
  name: 'Caminhão-guincho 01',
  userId: null,
  email: null,
  costPerHour: 1250.5,
};
const PROJECT = { id: 30, componentId: 3, formId: 4, formattedId: 'PRJ-2026-0001', title: 'Duplicação' };
const BLANK: ResourceEdit = {
  id: 0,
  kind: 'user',
  userId: null,
  userName: null,
  name: '',
  calendarId: null,
  calendarName: null,
  costPerHour: 0,
  supervisorId: null,
  supervisorName: null,
  projects: [],
  active: true,
  version: 0,
  canEdit: true,
  canChangeOwnership: true,
};

function setup() {
  return setupShellApi({
    routes: {
      'POST /resource/getResources': () => json({ rows: [PERSON, TRUCK], total: 2, canManage: true }),
      'GET /resource/getResourcetoEdit': () => json(BLANK),
      'GET /resource/getResourceFormInitialData': () =>
        json({
          users: [{ id: 9, name: 'BRUNO' }],
          calendars: [{ id: 2, name: 'Expediente DER' }],
          projects: [PROJECT],
          supervisors: [{ id: 1, name: 'ADMIN' }],
        }),
      'POST /resource/saveResource': () =>
        json({ success: true, message: 'O recurso foi salvo com sucesso!', id: 3, version: 1 }),
      'GET /resource/getProjects': () => json({ projects: [PROJECT] }),
      'GET /resource/getPendingTasks': () =>
        json({
          items: [
            {
              itemId: 55,
              componentId: 4,
              componentLabel: 'Tarefa',
              formId: 5,
              formattedId: 'TAR-2026-000055',
              title: 'Vistoria',
              statusName: 'A fazer',
              statusColor: '#EC407A',
              dueAt: null,
            },
          ],
          capped: false,
        }),
      'GET /resource/getPendingItems': () => json({ items: [], capped: false }),
    },
  });
}

describe('resources page (/runtime/{appID}/resourcesList/{title})', () => {
  it('lists people and assets with their cost in R$ for the application', async () => {
    const api = setup();
    renderApp({ path: '/runtime/3/resourcesList/Recursos' });
    const table = await screen.findByRole('table', { name: 'Recursos' });
    expect(await within(table).findByRole('rowheader', { name: 'Caminhão-guincho 01' })).toBeTruthy();
    expect(within(table).getByText('R$ 1.250,50')).toBeTruthy();
    expect(within(table).getByText('ana@der.sp.gov.br')).toBeTruthy();
    expect(api.find('POST', '/resource/getResources')[0]!.body).toMatchObject({ applicationId: 3, page: 1 });
  });

  it('creates an asset, reading the cost typed in Brazilian notation', async () => {
    const api = setup();
    const user = userEvent.setup();
    renderApp({ path: '/runtime/3/resourcesList/Recursos' });
    await user.click(await screen.findByRole('button', { name: 'Novo recurso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo recurso' });
    await user.click(await within(dialog).findByRole('radio', { name: 'Equipamento' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Nome do equipamento/ }), 'Veículo medidor');
    const cost = within(dialog).getByRole('textbox', { name: /Custo por hora/ });
    await user.clear(cost);
    await user.type(cost, '1.250,50');
    await user.click(within(dialog).getByRole('combobox', { name: 'Projetos' }));
    await user.click(await screen.findByRole('option', { name: /Duplicação/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.find('POST', '/resource/saveResource')).toHaveLength(1));
    expect(api.find('POST', '/resource/saveResource')[0]!.body).toEqual({
      id: 0,
      kind: 'asset',
      userId: null,
      name: 'Veículo medidor',
      calendarId: null,
      costPerHour: 1250.5,
      supervisorId: null,
      projectIds: [30],
      active: true,
      version: 0,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo recurso' })).toBeNull());
  });

  it("shows a person's pending tasks per project, each a link to the task's form", async () => {
    setup();
    const user = userEvent.setup();
    renderApp({ path: '/runtime/3/resourcesList/Recursos' });
    await user.click(await screen.findByRole('button', { name: 'Ver projetos e pendências de ANA PAULA' }));
    const work = await screen.findByRole('region', { name: 'Projetos e pendências de ANA PAULA' });
    await user.click(await within(work).findByRole('button', { name: /Duplicação/ }));
    const link = await within(work).findByRole('link', { name: 'TAR-2026-000055 — Vistoria' });
    expect(link.getAttribute('href')).toBe('/runtime/3/editItem/4/55/5');
  });
});
