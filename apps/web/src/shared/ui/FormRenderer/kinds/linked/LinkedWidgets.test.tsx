import { type FormComponentInput, FormComponentSchema } from '@der/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderApp } from '../../../../../test/renderApp.tsx';
import { FormRenderer } from '../../FormRenderer.tsx';
import type { FormLinkServices, LinkedRow } from '../../formRendererTypes.ts';
import { AET_COMPONENT } from '../../testing/formFixtures.ts';

const text = (pt: string, en: string) => ({ 'pt-BR': pt, en });

const LAYOUT: FormComponentInput[] = [
  { type: 'manyToMany', componentId: 2, label: text('Solicitações vinculadas', 'Linked requests') },
  { type: 'masterSlave', componentId: 5, formId: 7, label: text('Atividades', 'Activities') },
  { type: 'timeline', componentId: 4, label: text('Tarefas', 'Tasks') },
  { type: 'itemLinks' },
  { type: 'componentList', componentIds: [4, 5], label: text('Partes', 'Parts') },
  { type: 'dataGrid', componentId: 2, queryId: 3, label: text('Pendentes', 'Pending') },
];

const row = (id: number, title: string, editPath: string | null = null): LinkedRow => ({
  id,
  componentId: 2,
  formattedId: `TPEU-2026-${String(id).padStart(6, '0')}`,
  title,
  editPath,
});

function fakeLinks(overrides: Partial<FormLinkServices> = {}): FormLinkServices {
  return {
    loadManyToMany: vi.fn(async () => [row(21, 'Ponte', '/editItem/2/21/3')]),
    searchManyToMany: vi.fn(async () => [
      { id: 21, formattedId: 'TPEU-2026-000021', title: 'Ponte' },
      { id: 22, formattedId: 'TPEU-2026-000022', title: 'Viaduto' },
    ]),
    setManyToMany: vi.fn(async (_, ids: number[]) =>
      ids.map((id) => row(id, id === 21 ? 'Ponte' : 'Viaduto')),
    ),
    loadChildren: vi.fn(async (componentId: number, formId?: number) => [
      {
        ...row(componentId * 10, `Filho de ${componentId}`),
        componentId,
        editPath: formId ? `/editItem/${componentId}/${componentId * 10}/${formId}` : null,
      },
    ]),
    loadTimeline: vi.fn(async () => [
      { date: '2026-01-05T15:00:00.000Z', row: row(41, 'Vistoria') },
      { date: '2026-02-10T15:00:00.000Z', row: row(42, 'Parecer') },
      { date: null, row: row(43, 'Sem prazo') },
    ]),
    loadItemLinks: vi.fn(async () => [
      { linkId: 1, direction: 'outgoing' as const, row: row(51, 'Saída') },
      { linkId: 2, direction: 'incoming' as const, row: row(52, 'Entrada') },
    ]),
    loadQueryItems: vi.fn(async () => ({
      rows: [row(61, 'Pendente', '/editItem/2/61/3')],
      total: 1000,
      capped: true,
    })),
    ...overrides,
  };
}

async function renderLinks(
  options: { links?: FormLinkServices; itemId?: number | null; readOnly?: boolean } = {},
) {
  const links = options.links ?? fakeLinks();
  renderApp({
    children: (
      <FormRenderer
        formId="links-form"
        layout={z.array(FormComponentSchema).parse(LAYOUT)}
        fields={AET_COMPONENT.fields}
        itemId={options.itemId === undefined ? 9 : options.itemId}
        readOnly={options.readOnly}
        services={{ links }}
      />
    ),
  });
  // The app's providers load the settings before the form appears.
  await screen.findByRole('region', { name: 'Solicitações vinculadas' }, { timeout: 10_000 });
  return links;
}

const region = (name: string) => screen.getByRole('region', { name });

describe('linked-data widgets', () => {
  it('lists the linked items, child items with their edit links, the time line and both link directions', async () => {
    const links = await renderLinks();
    const linked = region('Solicitações vinculadas');
    const link = await within(linked).findByRole('link', { name: 'TPEU-2026-000021 — Ponte' });
    expect(link.getAttribute('href')).toBe('/editItem/2/21/3');

    const activities = region('Atividades');
    expect(
      (await within(activities).findByRole('link', { name: 'TPEU-2026-000050 — Filho de 5' })).getAttribute(
        'href',
      ),
    ).toBe('/editItem/5/50/7');
    expect(links.loadChildren).toHaveBeenCalledWith(5, 7);

    const timeline = region('Tarefas');
    const entries = await within(timeline).findAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      'TPEU-2026-000041 — Vistoria05/01/2026 12:00',
      'TPEU-2026-000042 — Parecer10/02/2026 12:00',
      'TPEU-2026-000043 — Sem prazoSem data',
    ]);
    expect(within(timeline).getByRole('list').tagName).toBe('OL');

    const itemLinks = region('Itens vinculados');
    expect(
      within(await within(itemLinks).findByRole('list', { name: 'Itens que este item vincula' })).getByText(
        'TPEU-2026-000051 — Saída',
      ),
    ).toBeTruthy();
    expect(
      within(within(itemLinks).getByRole('list', { name: 'Itens que vinculam este item' })).getByText(
        'TPEU-2026-000052 — Entrada',
      ),
    ).toBeTruthy();

    const parts = region('Partes');
    expect(await within(parts).findByText('TPEU-2026-000040 — Filho de 4')).toBeTruthy();
    expect(within(parts).getByText('TPEU-2026-000050 — Filho de 5')).toBeTruthy();
    expect(links.loadChildren).toHaveBeenCalledWith(4);

    const grid = region('Pendentes');
    expect(await within(grid).findByRole('link', { name: 'TPEU-2026-000061 — Pendente' })).toBeTruthy();
    expect(within(grid).getByText('Mostrando 1 de 1000+ itens.')).toBeTruthy();
    expect(links.loadQueryItems).toHaveBeenCalledWith(2, 3, undefined);
  });

  it('links an item chosen in the autocomplete and unlinks one, sending the whole set', async () => {
    const user = userEvent.setup();
    const links = await renderLinks();
    const linked = region('Solicitações vinculadas');
    await within(linked).findByText('TPEU-2026-000021 — Ponte');
    const add = within(linked).getByRole('combobox', { name: 'Vincular item' });
    await user.type(add, 'via');
    // One search after the user pauses typing, on the server.
    await waitFor(() => expect(links.searchManyToMany).toHaveBeenLastCalledWith(expect.anything(), 'via'));
    expect(links.searchManyToMany).not.toHaveBeenCalledWith(expect.anything(), 'vi');
    // The items already linked are not offered again.
    await user.click(await screen.findByRole('option', { name: 'TPEU-2026-000022 — Viaduto' }));
    expect(screen.queryByRole('option', { name: 'TPEU-2026-000021 — Ponte' })).toBeNull();
    await waitFor(() => expect(links.setManyToMany).toHaveBeenCalledWith(expect.anything(), [21, 22]));
    expect(await within(linked).findByText('TPEU-2026-000022 — Viaduto')).toBeTruthy();

    await user.click(within(linked).getByRole('button', { name: 'Desvincular TPEU-2026-000021 — Ponte' }));
    await waitFor(() => expect(links.setManyToMany).toHaveBeenLastCalledWith(expect.anything(), [22]));
    await waitFor(() => expect(within(linked).queryByText('TPEU-2026-000021 — Ponte')).toBeNull());
  });

  it('keeps the list when a change is refused (the page says why)', async () => {
    const user = userEvent.setup();
    const links = await renderLinks({ links: fakeLinks({ setManyToMany: vi.fn(async () => null) }) });
    const linked = region('Solicitações vinculadas');
    await user.click(
      await within(linked).findByRole('button', { name: 'Desvincular TPEU-2026-000021 — Ponte' }),
    );
    await waitFor(() => expect(links.setManyToMany).toHaveBeenCalledWith(expect.anything(), []));
    expect(within(linked).getByText('TPEU-2026-000021 — Ponte')).toBeTruthy();
  });

  it('offers no link changes on a read-only form', async () => {
    await renderLinks({ readOnly: true });
    const linked = region('Solicitações vinculadas');
    await within(linked).findByText('TPEU-2026-000021 — Ponte');
    expect(within(linked).queryByRole('combobox')).toBeNull();
    expect(within(linked).queryByRole('button')).toBeNull();
  });

  it('asks to save a new item first and loads nothing', async () => {
    const links = await renderLinks({ itemId: null });
    for (const name of [
      'Solicitações vinculadas',
      'Atividades',
      'Tarefas',
      'Itens vinculados',
      'Partes',
      'Pendentes',
    ]) {
      expect(within(region(name)).getByText('Salve o item para ver estes dados.')).toBeTruthy();
    }
    expect(links.loadManyToMany).not.toHaveBeenCalled();
    expect(links.loadChildren).not.toHaveBeenCalled();
  });

  it('is axe-clean with the widgets loaded', async () => {
    await renderLinks();
    await within(region('Solicitações vinculadas')).findByRole('combobox', { name: 'Vincular item' });
    await within(region('Tarefas')).findAllByRole('listitem');
    const result = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(result.violations.map((violation) => violation.id)).toEqual([]);
  });
});
