import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/renderApp.tsx';
import { type FakeRequest, json } from '../../auth/testing/fakeApi.ts';
import { setupShellApi } from '../../shell/testing/shellTestApi.ts';
import { buildControlData, buildFilterResult, buildListRow } from '../testing/listFixtures.ts';

const SUMMARY = { isProject: false, applicationId: 3 };

describe('project page (/runtime/{appID}/project/{projectId}/{title})', () => {
  it("shows the project's title and one list per item type, scoped to the project", async () => {
    const api = setupShellApi({
      routes: {
        'POST /genericItem/getProjectTitle': () =>
          json({ projectId: 7, formattedId: 'PRJ-2026-000007', title: 'Rodoanel' }),
        'GET /genericItem/getAllowedsProjectItemTypes': () =>
          json({
            components: [
              { id: 4, name: 'atividade', label: 'Atividade', pluralLabel: 'Atividades', ...SUMMARY },
              { id: 5, name: 'tarefa', label: 'Tarefa', pluralLabel: 'Tarefas', ...SUMMARY },
            ],
          }),
        'GET /genericItem/getListControlData': (request: FakeRequest) =>
          json(
            buildControlData({
              component: {
                id: Number(request.query.get('componentID')),
                name: 'x',
                label: 'x',
                pluralLabel: 'x',
                ...SUMMARY,
              },
              projectId: 7,
              queries: [],
              // Tasks have a standard form; activities none.
              defaultFormId: request.query.get('componentID') === '5' ? 5 : null,
            }),
          ),
        'POST /genericItem/executeFilter': () => json(buildFilterResult([buildListRow(1)])),
      },
    });
    renderApp({ path: '/runtime/3/project/7/Rodoanel' });
    expect(
      await screen.findByRole('heading', { name: 'Projeto PRJ-2026-000007 – Rodoanel', level: 1 }),
    ).toBeTruthy();
    const tabs = await screen.findByRole('tablist', { name: 'Tipos de item do projeto' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Atividades', 'Tarefas']);
    expect(await screen.findByRole('table', { name: 'Atividades' })).toBeTruthy();
    expect(api.find('POST', '/genericItem/getProjectTitle')[0]!.body).toEqual({ projectId: 7 });
    await waitFor(() => expect(api.find('POST', '/genericItem/executeFilter')).toHaveLength(1));
    expect(api.find('POST', '/genericItem/executeFilter')[0]!.body).toMatchObject({
      componentID: 4,
      projectId: 7,
    });
    // No form is named by this route and activities have no default form: no button that would open none.
    expect(screen.queryByRole('link', { name: 'Editar AET-2026-000001' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Novo' })).toBeNull();

    await userEvent.setup().click(within(tabs).getByRole('tab', { name: 'Tarefas' }));
    expect(await screen.findByRole('table', { name: 'Tarefas' })).toBeTruthy();
    await waitFor(() =>
      expect(api.find('POST', '/genericItem/executeFilter').at(-1)!.body).toMatchObject({
        componentID: 5,
        projectId: 7,
      }),
    );
    // Tasks open their default form.
    const edit = await screen.findByRole('link', { name: 'Editar AET-2026-000001' });
    expect(edit.getAttribute('href')).toBe('/runtime/3/editItem/5/1/5');
    expect(screen.getByRole('link', { name: 'Novo' }).getAttribute('href')).toBe(
      '/runtime/3/insertItem/5/7/5',
    );
  });

  it('links each project of a project list to its page', async () => {
    setupShellApi({
      routes: {
        'GET /genericItem/getListControlData': () =>
          json(
            buildControlData({
              component: {
                id: 3,
                name: 'projeto',
                label: 'Projeto',
                pluralLabel: 'Projetos',
                isProject: true,
                applicationId: 3,
              },
              queries: [],
            }),
          ),
        'POST /genericItem/executeFilter': () =>
          json(buildFilterResult([buildListRow(7, { FormattedID: 'PRJ-2026-000007', Title: 'Rodoanel' })])),
      },
    });
    renderApp({ path: '/runtime/3/listProject/3/0/Projetos' });
    const link = await screen.findByRole(
      'link',
      { name: 'Abrir projeto PRJ-2026-000007' },
      { timeout: 15_000 },
    );
    expect(link.getAttribute('href')).toBe('/runtime/3/project/7/Rodoanel');
  });
});
