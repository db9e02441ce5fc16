import { type FormComponentInput, FormComponentSchema } from '@der/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderApp } from '../../../../../test/renderApp.tsx';
import { FormRenderer } from '../../FormRenderer.tsx';
import type { FormProjectServices } from '../../formRendererTypes.ts';
import { AET_COMPONENT } from '../../testing/formFixtures.ts';

const LAYOUT: FormComponentInput[] = [
  { type: 'itemType' },
  { type: 'projectCalendar' },
  { type: 'projectResource' },
  { type: 'configuration' },
];
const PROJECT = { id: 3, formattedId: 'PRJ-2026-0001', title: 'Duplicação BR-116' };

function fakeProject(overrides: Partial<FormProjectServices> = {}): FormProjectServices {
  return {
    itemId: 9,
    projectId: null,
    componentId: 4,
    loadCalendar: vi.fn(async () => ({
      project: PROJECT,
      capped: false,
      entries: [
        {
          itemId: 41,
          componentId: 4,
          formId: 5,
          formattedId: 'TAR-2026-000041',
          title: 'Vistoria',
          date: '2026-03-05T13:00:00.000Z',
          statusColor: '#EC407A',
          statusName: 'A fazer',
          editPath: '/runtime/3/editItem/4/41/5',
        },
        {
          itemId: 42,
          componentId: 5,
          formId: null,
          formattedId: 'ATV-2026-0042',
          title: 'Terraplenagem',
          date: '2026-03-30T13:00:00.000Z',
          endDate: '2026-04-01T13:00:00.000Z',
          editPath: null,
        },
      ],
    })),
    loadResources: vi.fn(async () => ({
      project: PROJECT,
      members: [
        {
          userId: 1,
          name: 'Daniel Gerente',
          avatar: '',
          access: 'edit' as const,
          source: 'manager' as const,
          isManager: true,
          openItems: 2,
        },
        {
          userId: 3,
          name: 'Bia Direta',
          avatar: '',
          access: 'edit' as const,
          source: 'direct' as const,
          isManager: false,
          openItems: 5,
        },
        {
          userId: 2,
          name: 'Carla do Grupo',
          avatar: '',
          access: 'read' as const,
          source: 'group' as const,
          viaGroup: 'Analistas',
          isManager: false,
          openItems: 0,
        },
      ],
    })),
    loadConfiguration: vi.fn(async () => ({
      project: PROJECT,
      manager: { userId: 1, name: 'Daniel Gerente' },
      statusName: 'Em execução',
      statusColor: '#1565C0',
      folderAccessRestricted: true,
      readOnlyEntries: 1,
      userEntries: 2,
      groupEntries: 1,
      canManagePermissions: false,
      itemTypes: [
        { componentId: 4, name: 'Tarefa', count: 12 },
        { componentId: 5, name: 'Atividade', count: 3 },
      ],
    })),
    loadItemType: vi.fn(async () => ({
      itemId: 9,
      componentId: 4,
      name: 'Tarefa',
      label: 'Tarefa',
      pluralLabel: 'Tarefas',
      formattedId: 'TAR-2026-000009',
      formattedIdPattern: 'TAR-{YYYY}-{SEQ:6}',
      isProject: false,
      status: { key: 'aFazer', name: 'A fazer', color: '#EC407A', final: false },
      project: PROJECT,
    })),
    loadItemTypeChoices: vi.fn(async () => [
      { componentId: 4, label: 'Tarefa', insertPath: '/runtime/3/insertItem/4/3/5' },
      { componentId: 5, label: 'Atividade', insertPath: '/runtime/3/insertItem/5/3/7' },
      { componentId: 6, label: 'Marco', insertPath: null },
    ]),
    ...overrides,
  };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

async function renderWidgets(project: FormProjectServices | undefined, itemId: number | null = 9) {
  renderApp({
    children: (
      <>
        <FormRenderer
          formId="project-form"
          layout={z.array(FormComponentSchema).parse(LAYOUT)}
          fields={AET_COMPONENT.fields}
          itemId={itemId}
          services={project ? { project } : {}}
        />
        <LocationProbe />
      </>
    ),
  });
  // The app's providers load the settings before the form appears.
  await screen.findByRole('region', { name: 'Calendário do projeto' }, { timeout: 10_000 });
}

const region = (name: string) => screen.getByRole('region', { name });

describe('project widgets', () => {
  beforeEach(() => {
    // Only the clock: timers stay real, so the queries resolve as usual.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-10T15:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('draws the month of today with the entries on their days and moves between months', async () => {
    const project = fakeProject();
    await renderWidgets(project);
    const calendar = region('Calendário do projeto');
    const table = await within(calendar).findByRole('table', { name: 'Calendário do projeto Março de 2026' });
    expect(project.loadCalendar).toHaveBeenCalledWith('2026-03-01', '2026-04-11');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'dom.',
      'seg.',
      'ter.',
      'qua.',
      'qui.',
      'sex.',
      'sáb.',
    ]);
    const link = await within(table).findByRole('link', { name: 'TAR-2026-000041 — Vistoria' });
    expect(link.getAttribute('href')).toBe('/runtime/3/editItem/4/41/5');
    // On the 5th: the first row's fifth cell (the grid starts on Sunday 1 March).
    const firstWeek = within(table).getAllByRole('row')[1]!;
    expect(within(within(firstWeek).getAllByRole('cell')[4]!).getByRole('link')).toBe(link);
    const today = table.querySelector('[aria-current="date"]');
    expect(today?.textContent).toBe('10 (Hoje)');
    // A span shows on each of its days; an item without a form is listed without a link.
    expect(within(table).getAllByText('Terraplenagem')).toHaveLength(3);

    const user = userEvent.setup();
    await user.click(within(calendar).getByRole('button', { name: 'Próximo mês' }));
    await within(calendar).findByRole('table', { name: 'Calendário do projeto Abril de 2026' });
    expect(project.loadCalendar).toHaveBeenLastCalledWith('2026-03-29', '2026-05-09');

    // Keyboard: the month buttons are reachable and work with Enter.
    within(calendar).getByRole('button', { name: 'Mês anterior' }).focus();
    await user.keyboard('{Enter}{Enter}');
    await within(calendar).findByRole('table', { name: 'Calendário do projeto Fevereiro de 2026' });
    await user.click(within(calendar).getByRole('button', { name: 'Hoje' }));
    await within(calendar).findByRole('table', { name: 'Calendário do projeto Março de 2026' });
  });

  it('lists the people of the project with their access, group and open items', async () => {
    await renderWidgets(fakeProject());
    const table = await within(region('Recursos do projeto')).findByRole('table', {
      name: 'Recursos do projeto',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Edição', 'Como gerente', '2'],
      ['Edição', 'Direto', '5'],
      ['Somente leitura', 'Analistas', '0'],
    ]);
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('DGDaniel GerenteGerente');
  });

  it('summarises the configuration of the project and its item types', async () => {
    await renderWidgets(fakeProject());
    const configuration = region('Configuração');
    await within(configuration).findByText('PRJ-2026-0001 — Duplicação BR-116');
    const terms = [...configuration.querySelectorAll('dt')].map((term) => term.textContent);
    const values = [...configuration.querySelectorAll('dd')].map((value) => value.textContent);
    expect(Object.fromEntries(terms.map((term, index) => [term, values[index]]))).toEqual({
      Projeto: 'PRJ-2026-0001 — Duplicação BR-116',
      Gerente: 'Daniel Gerente',
      Situação: 'Em execução',
      Permissões: '2 usuário(s), 1 grupo(s)',
      'Entradas somente leitura': '1',
      'Acesso restrito a pastas': 'Sim',
    });
    const types = within(configuration).getByRole('table', { name: 'Tipos de item' });
    expect(
      within(types)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['TipoItens', 'Tarefa12', 'Atividade3']);
  });

  it('shows the type and status of a saved item', async () => {
    await renderWidgets(fakeProject());
    const itemType = region('Tipos de item');
    await within(itemType).findByText('TAR-{YYYY}-{SEQ:6}');
    expect(within(itemType).getByText('A fazer')).toBeTruthy();
    expect(within(itemType).getByText('TAR-2026-000009')).toBeTruthy();
  });

  it('offers the project’s item types on a new item and opens the insert form of the chosen one', async () => {
    const project = fakeProject({ itemId: null, projectId: 3 });
    await renderWidgets(project, null);
    const user = userEvent.setup();
    await user.click(await within(region('Tipos de item')).findByRole('combobox', { name: 'Tipo do item' }));
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox).getByRole('option', { name: 'Marco (sem formulário)' }).getAttribute('aria-disabled'),
    ).toBe('true');
    await user.click(within(listbox).getByRole('option', { name: 'Atividade' }));
    expect(screen.getByTestId('location').textContent).toBe('/runtime/3/insertItem/5/3/7');
    expect(project.loadItemType).not.toHaveBeenCalled();
    // The project's calendar is there already: it is asked about the project.
    await within(region('Calendário do projeto')).findByRole('table');
  });

  it('says when the item belongs to no project', async () => {
    const none = { project: null, entries: [], capped: false };
    await renderWidgets(
      fakeProject({
        loadCalendar: vi.fn(async () => none),
        loadResources: vi.fn(async () => ({ project: null, members: [] })),
      }),
    );
    expect(
      await within(region('Calendário do projeto')).findByText('Este item não pertence a um projeto.'),
    ).toBeTruthy();
    expect(
      await within(region('Recursos do projeto')).findByText('Este item não pertence a um projeto.'),
    ).toBeTruthy();
  });

  it('is axe-clean with the widgets loaded', async () => {
    await renderWidgets(fakeProject());
    await within(region('Calendário do projeto')).findAllByRole('link');
    await within(region('Recursos do projeto')).findByRole('table');
    await within(region('Configuração')).findByRole('table');
    await within(region('Tipos de item')).findByText('A fazer');
    const result = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(result.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('asks to save first on a new item outside a project', async () => {
    await renderWidgets(undefined, null);
    expect(
      within(region('Calendário do projeto')).getByText('Salve o item para ver estes dados.'),
    ).toBeTruthy();
    expect(within(region('Configuração')).getByText('Salve o item para ver estes dados.')).toBeTruthy();
  });
});
