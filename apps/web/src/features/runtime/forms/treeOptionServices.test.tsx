import { FieldDefinitionSchema, FormComponentSchema, type ListRow } from '@der/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FormRenderer } from '../../../shared/ui/FormRenderer/FormRenderer.tsx';
import { renderApp } from '../../../test/renderApp.tsx';
import { type FakeRequest, fakeApi, json } from '../../auth/testing/fakeApi.ts';
import { treeOptionServices } from './treeOptionServices.ts';

const label = (text: string) => ({ 'pt-BR': text, en: text });
const fields = z.array(FieldDefinitionSchema).parse([
  { key: 'unidade', type: 'ORGANIZATIONAL_STRUCTURE', label: label('Unidade responsável') },
  { key: 'pai', type: 'GENERIC_ITEM_TYPE', label: label('Atividade superior'), targetComponentId: 5 },
]);
const ACTIVE_UNITS = [
  { id: 2, name: 'Diretoria de Operações', acronym: 'DO', parentId: 1 },
  { id: 3, name: 'Divisão de Faixa de Domínio', acronym: 'DFD', parentId: 2 },
  { id: 1, name: 'Superintendência', acronym: 'SUP', parentId: null },
  { id: 4, name: 'Protocolo', acronym: '', parentId: 1 },
];
const RETIRED = { id: 9, name: 'Divisão Extinta', acronym: 'DEX', parentId: 2 };

const listRow = (ID: number, FormattedID: string, Title: string, Parent: number | null): ListRow => ({
  ID,
  FormattedID,
  Title,
  Parent,
  ProjectID: null,
  ProjectName: null,
  ProjectManager: null,
  CreationDate: '2026-06-01T12:00:00.000Z',
  LastModify: '2026-06-01T12:00:00.000Z',
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
});

function setup(values: Record<string, unknown>) {
  const api = fakeApi({
    'POST /genericItem/loadOrganizationalStructures': (request: FakeRequest) => {
      const { ids } = request.body as { ids?: number[] };
      return json({ structures: ids ? [RETIRED].filter((unit) => ids.includes(unit.id)) : ACTIVE_UNITS });
    },
    'POST /genericItem/executeFilter': () =>
      json({
        rows: [listRow(20, 'ATV-1', 'Terraplenagem', null), listRow(21, 'ATV-2', 'Corte', 20)],
        total: 2,
        capped: false,
        page: 1,
        rowsPerPage: 500,
        nextCursor: null,
        users: {},
      }),
  });
  const onSubmit = vi.fn();
  renderApp({
    children: (
      <FormRenderer
        formId="tree-form"
        layout={z.array(FormComponentSchema).parse([
          { type: 'treeDropdown', field: 'unidade' },
          { type: 'treeDropdown', field: 'pai' },
        ])}
        fields={fields}
        values={values}
        services={{ loadTreeOptions: treeOptionServices(fields, values) }}
        onSubmit={onSubmit}
      />
    ),
  });
  const submit = () =>
    act(async () => {
      fireEvent.submit(document.getElementById('tree-form') as HTMLFormElement);
    });
  return { api, onSubmit, submit };
}

const optionsOf = (listbox: HTMLElement) =>
  within(listbox)
    .getAllByRole('option')
    .map((option) => [option.getAttribute('data-depth'), option.textContent]);

describe('tree dropdowns of a form page (treeOptionServices + TreeDropdownField)', () => {
  it('offers the units as an indented tree labelled "SIGLA — Nome" and stores the chosen id (keyboard)', async () => {
    const user = userEvent.setup();
    const { api, onSubmit, submit } = setup({ unidade: null });
    const unit = await screen.findByRole('combobox', { name: 'Unidade responsável' });
    await vi.waitFor(() =>
      expect(api.find('POST', '/genericItem/loadOrganizationalStructures')).toHaveLength(1),
    );
    unit.focus();
    await user.keyboard('{ArrowDown}');
    const listbox = await screen.findByRole('listbox');
    expect(optionsOf(listbox)).toEqual([
      [null, '(nenhum)'],
      ['0', 'SUP — Superintendência'],
      ['1', 'DO — Diretoria de Operações'],
      ['2', 'DFD — Divisão de Faixa de Domínio'],
      ['1', 'Protocolo'],
    ]);
    // Down from "(nenhum)" three times: SUP, DO, DFD.
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    expect(unit.textContent).toBe('DFD — Divisão de Faixa de Domínio');
    await submit();
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ unidade: 3 });
  });

  it('still shows a stored unit that was deactivated since, and items with their parents', async () => {
    const user = userEvent.setup();
    const { api } = setup({ unidade: 9, pai: 21 });
    const unit = await screen.findByRole('combobox', { name: 'Unidade responsável' });
    await vi.waitFor(() => expect(unit.textContent).toBe('DEX — Divisão Extinta'));
    expect(api.find('POST', '/genericItem/loadOrganizationalStructures')[1]!.body).toEqual({ ids: [9] });

    const parent = screen.getByRole('combobox', { name: 'Atividade superior' });
    await vi.waitFor(() => expect(parent.textContent).toBe('ATV-2 — Corte'));
    expect(api.find('POST', '/genericItem/executeFilter')[0]!.body).toMatchObject({ componentID: 5 });
    await user.click(parent);
    expect(optionsOf(await screen.findByRole('listbox'))).toEqual([
      [null, '(nenhum)'],
      ['0', 'ATV-1 — Terraplenagem'],
      ['1', 'ATV-2 — Corte'],
    ]);
  });
});
