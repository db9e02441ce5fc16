import type { FormComponentInput, LinkedItem } from '@der/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/renderApp.tsx';
import { type FakeHandler, json } from '../../auth/testing/fakeApi.ts';
import { buildApplication, buildMenuItem } from '../../shell/testing/shellFixtures.ts';
import { AET_FORM_LAYOUT, aetFormItem, aetFormView, setupFormPageApi } from './testing/formPageTestApi.ts';

configure({ asyncUtilTimeout: 8000 });

const text = (pt: string) => ({ 'pt-BR': pt, en: pt });

const LINKS_LAYOUT: FormComponentInput[] = [
  ...AET_FORM_LAYOUT,
  { type: 'manyToMany', componentId: 2, label: text('Solicitações TPEU') },
  { type: 'masterSlave', componentId: 5, formId: 7, label: text('Atividades') },
  { type: 'timeline', componentId: 4, label: text('Tarefas') },
  { type: 'itemLinks' },
  { type: 'dataGrid', componentId: 4, queryId: 2, label: text('Tarefas abertas') },
];

function linkedItem(id: number, componentId: number, title: string): LinkedItem {
  return {
    id,
    componentId,
    projectId: null,
    parentId: null,
    formattedId: `C${componentId}-${id}`,
    title,
    status: null,
    version: 1,
    position: 0,
    createdAt: '2026-01-01T12:00:00.000Z',
    modifiedAt: '2026-01-01T12:00:00.000Z',
    values: {},
  };
}

/** An executeFilter row of component 4 (only what the data grid reads matters here). */
function listRow(id: number, title: string) {
  return {
    ID: id,
    FormattedID: `C4-${id}`,
    Title: title,
    Parent: null,
    ProjectID: null,
    ProjectName: null,
    ProjectManager: null,
    CreationDate: '2026-01-01T12:00:00.000Z',
    LastModify: '2026-01-01T12:00:00.000Z',
    CreatorName: null,
    ModifierName: null,
    ResponsibleName: null,
    ResponsibleID: null,
    Status: null,
    StatusName: null,
    StatusColor: null,
    Version: 1,
    Reason: null,
    Position: 0,
    HasAttachment: false,
    HasDigitalContent: false,
    values: {},
    display: {},
  };
}

/** The edit page of item 5 (version 3) with the linked-data widgets, their calls faked. */
function setupLinksApi(routes: Record<string, FakeHandler> = {}) {
  return setupFormPageApi({
    item: aetFormItem({ requerente: 'ANA' }),
    routes: {
      'GET /genericItem/getForm': () => json(aetFormView({ layout: LINKS_LAYOUT as never })),
      // The menu opens component 4 with form 5: the time line's items open with it.
      'POST /application/getApplicationMenu': () =>
        json([
          [buildMenuItem('tarefas', { name: 'Tarefas', link: 'list/4/5/3/3/Tarefas' })],
          buildApplication(),
        ]),
      'POST /genericItem/loadManyToManyFormData': () => json({ items: [linkedItem(21, 2, 'Ponte')] }),
      'POST /genericItem/loadManyToManyComboData': () =>
        json({
          items: [
            { id: 21, formattedId: 'C2-21', title: 'Ponte' },
            { id: 22, formattedId: 'C2-22', title: 'Viaduto' },
          ],
        }),
      'POST /genericItem/loadOneToManyFormData': () => json({ items: [linkedItem(50, 5, 'Projeto')] }),
      'POST /genericItem/loadOneToManyTimelineFormData': () =>
        json({
          dateField: 'prazo',
          entries: [
            { date: '2026-01-05T15:00:00.000Z', item: linkedItem(41, 4, 'Vistoria') },
            { date: '2026-02-10T15:00:00.000Z', item: linkedItem(42, 4, 'Parecer') },
          ],
        }),
      'POST /genericItem/loadItemLinksFormData': () =>
        json({
          links: [
            {
              linkId: 1,
              direction: 'outgoing',
              createdAt: '2026-01-01T12:00:00.000Z',
              item: linkedItem(6, 1, 'Irmã'),
            },
            {
              linkId: 2,
              direction: 'incoming',
              createdAt: '2026-01-01T12:00:00.000Z',
              item: linkedItem(9, 9, 'Outra'),
            },
          ],
        }),
      'POST /genericItem/executeFilter': () =>
        json({
          rows: [listRow(44, 'Aberta')],
          total: 1,
          capped: false,
          page: 1,
          rowsPerPage: 50,
          nextCursor: null,
          users: {},
        }),
      ...routes,
    },
  });
}

const region = (name: string) => screen.getByRole('region', { name });
const hrefOf = async (regionName: string, name: string) =>
  (await within(region(regionName)).findByRole('link', { name })).getAttribute('href');

describe('linked data on the edit page', () => {
  it('loads every widget for the saved item, with links to the items’ edit routes', async () => {
    const api = setupLinksApi();
    renderApp({ path: '/runtime/3/editItem/1/5/1' });
    await screen.findByRole('region', { name: 'Solicitações TPEU' }, { timeout: 15_000 });
    // Component 2 has no form the page knows: listed without a link.
    expect(await within(region('Solicitações TPEU')).findByText('C2-21 — Ponte')).toBeTruthy();
    expect(within(region('Solicitações TPEU')).queryByRole('link')).toBeNull();
    // The widget's own form, the menu's form, the page's own form for its component.
    expect(await hrefOf('Atividades', 'C5-50 — Projeto')).toBe('/runtime/3/editItem/5/50/7');
    expect(await hrefOf('Tarefas', 'C4-41 — Vistoria')).toBe('/runtime/3/editItem/4/41/5');
    expect(await hrefOf('Itens vinculados', 'C1-6 — Irmã')).toBe('/runtime/3/editItem/1/6/1');
    const incoming = within(region('Itens vinculados')).getByRole('list', {
      name: 'Itens que vinculam este item',
    });
    expect(within(incoming).getByText('C9-9 — Outra')).toBeTruthy();

    expect(api.find('POST', '/genericItem/loadManyToManyFormData')[0]?.body).toEqual({
      componentId: 1,
      formId: 1,
      targetComponentId: 2,
      itemId: 5,
    });
    expect(api.find('POST', '/genericItem/loadOneToManyFormData')[0]?.body).toEqual({
      itemId: 5,
      childComponentId: 5,
    });
    expect(api.find('POST', '/genericItem/loadOneToManyTimelineFormData')[0]?.body).toEqual({
      itemId: 5,
      childComponentId: 4,
    });
    expect(api.find('POST', '/genericItem/loadItemLinksFormData')[0]?.body).toEqual({ itemId: 5 });
    expect(await hrefOf('Tarefas abertas', 'C4-44 — Aberta')).toBe('/runtime/3/editItem/4/44/5');
    expect(api.find('POST', '/genericItem/executeFilter')[0]?.body).toEqual({
      componentID: 4,
      queryId: 2,
      rowsPerPage: 50,
    });
  });

  it('links an item at the version the form holds, and the next save sends the new version', async () => {
    const user = userEvent.setup();
    const api = setupLinksApi({
      'POST /genericItem/refreshManyToManyItems': () =>
        json({
          saved: {
            id: 5,
            formattedId: 'AET-2026-000005',
            version: 4,
            modifiedAt: '2026-03-02T12:00:00.000Z',
          },
          items: [linkedItem(21, 2, 'Ponte'), linkedItem(22, 2, 'Viaduto')],
        }),
      'POST /genericItem/saveItem': () =>
        json({
          saved: {
            id: 5,
            formattedId: 'AET-2026-000005',
            version: 5,
            modifiedAt: '2026-03-02T12:00:00.000Z',
          },
          item: aetFormItem({ requerente: 'ANA' }, { version: 5 }),
        }),
    });
    renderApp({ path: '/runtime/3/editItem/1/5/1' });
    const linked = await screen.findByRole('region', { name: 'Solicitações TPEU' }, { timeout: 15_000 });
    await user.type(await within(linked).findByRole('combobox', { name: 'Vincular item' }), 'via');
    // The search runs on the server once the user pauses typing.
    await waitFor(() =>
      expect(
        api.find('POST', '/genericItem/loadManyToManyComboData').map((request) => request.body),
      ).toContainEqual({
        componentId: 1,
        formId: 1,
        targetComponentId: 2,
        search: 'via',
        limit: 20,
      }),
    );
    await user.click(await screen.findByRole('option', { name: 'C2-22 — Viaduto' }));
    expect(await within(linked).findByText('C2-22 — Viaduto')).toBeTruthy();
    expect(api.find('POST', '/genericItem/refreshManyToManyItems')[0]?.body).toEqual({
      componentId: 1,
      formId: 1,
      targetComponentId: 2,
      itemId: 5,
      version: 3,
      linkedIds: [21, 22],
    });

    await user.type(screen.getByRole('textbox', { name: /Requerente/ }), 'X');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.find('POST', '/genericItem/saveItem')).toHaveLength(1));
    expect(api.find('POST', '/genericItem/saveItem')[0]?.body).toMatchObject({ itemId: 5, version: 4 });
  });

  it('opens the conflict dialog when someone saved the item first, keeping the links as they were', async () => {
    const user = userEvent.setup();
    setupLinksApi({
      'POST /genericItem/refreshManyToManyItems': () =>
        json(
          {
            Message: 'O item foi alterado por Bruno em 01/03/2026 09:00.',
            code: 'ITEM_VERSION_CONFLICT',
            details: { name: 'Bruno', when: '01/03/2026 09:00', version: '4' },
            requestId: 't',
          },
          409,
        ),
    });
    renderApp({ path: '/runtime/3/editItem/1/5/1' });
    const linked = await screen.findByRole('region', { name: 'Solicitações TPEU' }, { timeout: 15_000 });
    await user.click(await within(linked).findByRole('button', { name: 'Desvincular C2-21 — Ponte' }));
    const dialog = await screen.findByRole('dialog', { name: 'O item foi alterado por outra pessoa' });
    expect(within(dialog).getByText('O item foi alterado por Bruno em 01/03/2026 09:00.')).toBeTruthy();
    expect(within(linked).getByText('C2-21 — Ponte')).toBeTruthy();
  });

  it('shows the §6 refusal when the user may not change the item, and offers no more link changes', async () => {
    const user = userEvent.setup();
    setupLinksApi({
      'POST /genericItem/refreshManyToManyItems': () =>
        json(
          {
            Message: 'O usuário não tem permissão para editar o item.',
            code: 'ITEM_EDIT_FORBIDDEN',
            requestId: 't',
          },
          403,
        ),
    });
    renderApp({ path: '/runtime/3/editItem/1/5/1' });
    const linked = await screen.findByRole('region', { name: 'Solicitações TPEU' }, { timeout: 15_000 });
    await user.click(await within(linked).findByRole('button', { name: 'Desvincular C2-21 — Ponte' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'O usuário não tem permissão para editar o item.',
    );
    expect(within(linked).queryByRole('combobox', { name: 'Vincular item' })).toBeNull();
    expect(within(linked).getByText('C2-21 — Ponte')).toBeTruthy();
  });

  it('asks to save a new item before showing linked data, and calls nothing for it', async () => {
    const api = setupLinksApi();
    renderApp({ path: '/runtime/3/insertItem/1/0/1' });
    const linked = await screen.findByRole('region', { name: 'Solicitações TPEU' }, { timeout: 15_000 });
    expect(within(linked).getByText('Salve o item para ver estes dados.')).toBeTruthy();
    for (const name of ['Atividades', 'Tarefas', 'Itens vinculados']) {
      expect(within(region(name)).getByText('Salve o item para ver estes dados.')).toBeTruthy();
    }
    expect(api.find('POST', '/genericItem/loadManyToManyFormData')).toHaveLength(0);
    expect(api.find('POST', '/genericItem/loadOneToManyFormData')).toHaveLength(0);
  });
});
