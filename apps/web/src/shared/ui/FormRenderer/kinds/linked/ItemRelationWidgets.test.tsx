import { type FormComponentInput, FormComponentSchema } from '@der/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderApp } from '../../../../../test/renderApp.tsx';
import { FormRenderer } from '../../FormRenderer.tsx';
import type {
  FormLinkServices,
  ItemFollowers,
  ItemLinkRow,
  ItemRelationServices,
  LinkedRow,
  PredecessorRow,
} from '../../formRendererTypes.ts';
import { AET_COMPONENT } from '../../testing/formFixtures.ts';

const LAYOUT: FormComponentInput[] = [
  { type: 'itemLinks' },
  { type: 'predecessorActivities' },
  { type: 'notifications' },
];

const row = (id: number, title: string): LinkedRow => ({
  id,
  componentId: 2,
  formattedId: `TAR-${id}`,
  title,
  editPath: `/editItem/2/${id}/3`,
});
const links: ItemLinkRow[] = [
  { linkId: 1, direction: 'outgoing', row: row(51, 'Saída') },
  { linkId: 2, direction: 'incoming', row: row(52, 'Entrada') },
];
const predecessors: PredecessorRow[] = [
  { row: row(61, 'Fundação'), statusName: 'Feito', statusColor: '#43A047', finished: true },
];
const choices = [
  { id: 51, formattedId: 'TAR-51', title: 'Saída' },
  { id: 61, formattedId: 'TAR-61', title: 'Fundação' },
  { id: 70, formattedId: 'TAR-70', title: 'Telhado' },
];

function fakeRelations(overrides: Partial<ItemRelationServices> = {}): ItemRelationServices {
  let followers: ItemFollowers = { following: false, followers: [{ userId: 2, name: 'Beatriz' }] };
  return {
    searchLinkable: vi.fn(async () => choices),
    addItemLink: vi.fn(async (id: number) => [
      ...links,
      { linkId: 3, direction: 'outgoing' as const, row: row(id, 'Telhado') },
    ]),
    removeItemLink: vi.fn(async (linkId: number) => links.filter((link) => link.linkId !== linkId)),
    loadPredecessors: vi.fn(async () => predecessors),
    setPredecessors: vi.fn(async (ids: number[]) =>
      ids.map((id) =>
        id === 61
          ? predecessors[0]!
          : { row: row(id, 'Telhado'), statusName: 'A fazer', statusColor: null, finished: false },
      ),
    ),
    loadFollowers: vi.fn(async () => followers),
    setFollowing: vi.fn(async (follow: boolean) => {
      followers = {
        following: follow,
        followers: follow
          ? [{ userId: 1, name: 'Ana' }, ...followers.followers]
          : followers.followers.filter((f) => f.userId !== 1),
      };
      return followers;
    }),
    ...overrides,
  };
}

function linkServices(relations: ItemRelationServices): FormLinkServices {
  const none = vi.fn(async () => []);
  return {
    loadManyToMany: none,
    searchManyToMany: none,
    setManyToMany: none,
    loadChildren: none,
    loadTimeline: none,
    loadItemLinks: vi.fn(async () => links),
    loadQueryItems: vi.fn(async () => ({ rows: [], total: 0, capped: false })),
    relations,
  };
}

async function renderWidgets(options: { relations?: ItemRelationServices; readOnly?: boolean } = {}) {
  const relations = options.relations ?? fakeRelations();
  renderApp({
    children: (
      <FormRenderer
        formId="relations-form"
        layout={z.array(FormComponentSchema).parse(LAYOUT)}
        fields={AET_COMPONENT.fields}
        itemId={9}
        readOnly={options.readOnly}
        services={{ links: linkServices(relations) }}
      />
    ),
  });
  await screen.findByRole('region', { name: 'Itens vinculados' }, { timeout: 10_000 });
  return relations;
}

const region = (name: string) => screen.getByRole('region', { name });

describe('item links', () => {
  it('links an item chosen in the search, never offering one already linked', async () => {
    const user = userEvent.setup();
    const relations = await renderWidgets();
    const section = region('Itens vinculados');
    await within(section).findByText('TAR-51 — Saída');
    await user.type(within(section).getByRole('combobox', { name: 'Vincular outro item' }), 'tel');
    await waitFor(() => expect(relations.searchLinkable).toHaveBeenLastCalledWith('link', 'tel'));
    await user.click(await screen.findByRole('option', { name: 'TAR-70 — Telhado' }));
    expect(screen.queryByRole('option', { name: 'TAR-51 — Saída' })).toBeNull();
    await waitFor(() => expect(relations.addItemLink).toHaveBeenCalledWith(70));
    expect(await within(section).findByText('TAR-70 — Telhado')).toBeTruthy();
  });

  it('removes a link only after the user confirms', async () => {
    const user = userEvent.setup();
    const relations = await renderWidgets();
    const section = region('Itens vinculados');
    const remove = await within(section).findByRole('button', {
      name: 'Remover vínculo com TAR-52 — Entrada',
    });
    await user.click(remove);
    let dialog = await screen.findByRole('dialog', { name: 'Remover vínculo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Não' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(relations.removeItemLink).not.toHaveBeenCalled();

    await user.click(remove);
    dialog = await screen.findByRole('dialog', { name: 'Remover vínculo?' });
    expect(within(dialog).getByText(/TAR-52 — Entrada será removido/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(relations.removeItemLink).toHaveBeenCalledWith(2));
    await waitFor(() => expect(within(section).queryByText('TAR-52 — Entrada')).toBeNull());
  });

  it('keeps the links when the server refuses a change', async () => {
    const user = userEvent.setup();
    const relations = await renderWidgets({
      relations: fakeRelations({ removeItemLink: vi.fn(async () => null) }),
    });
    const section = region('Itens vinculados');
    await user.click(
      await within(section).findByRole('button', { name: 'Remover vínculo com TAR-51 — Saída' }),
    );
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(relations.removeItemLink).toHaveBeenCalledWith(1));
    expect(within(section).getByText('TAR-51 — Saída')).toBeTruthy();
  });
});

describe('predecessor activities', () => {
  it('lists each predecessor with its status, adds one from the project and removes one', async () => {
    const user = userEvent.setup();
    const relations = await renderWidgets();
    const section = region('Atividades predecessoras');
    const entry = (await within(section).findByText('TAR-61 — Fundação')).closest('li')!;
    expect(entry.textContent).toContain('Feito · Concluída');
    await user.click(within(section).getByRole('combobox', { name: 'Adicionar predecessora' }));
    await waitFor(() => expect(relations.searchLinkable).toHaveBeenCalledWith('predecessor', ''));
    // The current predecessor is not offered again.
    expect(screen.queryByRole('option', { name: 'TAR-61 — Fundação' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'TAR-70 — Telhado' }));
    await waitFor(() => expect(relations.setPredecessors).toHaveBeenCalledWith([61, 70]));
    expect(await within(section).findByText('A fazer · Pendente')).toBeTruthy();

    await user.click(within(section).getByRole('button', { name: 'Remover predecessora TAR-61 — Fundação' }));
    await waitFor(() => expect(relations.setPredecessors).toHaveBeenLastCalledWith([70]));
  });
});

describe('predecessor refusals', () => {
  it("shows the server's reason when it refuses a predecessor, keeping the list", async () => {
    const user = userEvent.setup();
    const reason = 'Esta predecessora criaria um ciclo: ela já depende desta atividade';
    const relations = await renderWidgets({
      relations: fakeRelations({ setPredecessors: vi.fn(async () => Promise.reject(new Error(reason))) }),
    });
    const section = region('Atividades predecessoras');
    await within(section).findByText('TAR-61 — Fundação');
    await user.click(within(section).getByRole('combobox', { name: 'Adicionar predecessora' }));
    await user.click(await screen.findByRole('option', { name: 'TAR-70 — Telhado' }));
    await waitFor(() => expect(relations.setPredecessors).toHaveBeenCalledWith([61, 70]));
    expect((await within(section).findByRole('alert')).textContent).toBe(reason);
    expect(within(section).queryByText('TAR-70 — Telhado')).toBeNull();
  });
});

describe('notifications', () => {
  it('follows and unfollows the item with a pressed toggle, listing the followers', async () => {
    const user = userEvent.setup();
    const relations = await renderWidgets();
    const section = region('Notificações');
    const follow = await within(section).findByRole('button', { name: 'Seguir este item' });
    expect(follow.getAttribute('aria-pressed')).toBe('false');
    expect(
      within(within(section).getByRole('list', { name: 'Seguidores' })).getByText('Beatriz'),
    ).toBeTruthy();
    await user.click(follow);
    const unfollow = await within(section).findByRole('button', { name: 'Deixar de seguir' });
    expect(unfollow.getAttribute('aria-pressed')).toBe('true');
    expect(relations.setFollowing).toHaveBeenCalledWith(true);
    expect(within(section).getByText('Ana')).toBeTruthy();
    await user.click(unfollow);
    await waitFor(() => expect(relations.setFollowing).toHaveBeenLastCalledWith(false));
    expect(await within(section).findByRole('button', { name: 'Seguir este item' })).toBeTruthy();
  });
});

describe('read-only forms', () => {
  it('change no links or predecessors, but the user may still follow the item', async () => {
    await renderWidgets({ readOnly: true });
    for (const name of ['Itens vinculados', 'Atividades predecessoras']) {
      await within(region(name)).findAllByRole('listitem');
      expect(within(region(name)).queryByRole('combobox')).toBeNull();
      expect(within(region(name)).queryByRole('button')).toBeNull();
    }
    expect(
      await within(region('Notificações')).findByRole('button', { name: 'Seguir este item' }),
    ).toBeTruthy();
  });

  it('is axe-clean with the widgets loaded', async () => {
    await renderWidgets();
    await within(region('Notificações')).findByRole('button', { name: 'Seguir este item' });
    await within(region('Atividades predecessoras')).findByText('TAR-61 — Fundação');
    const result = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(result.violations.map((violation) => violation.id)).toEqual([]);
  });
});
