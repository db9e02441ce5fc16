import { FieldDefinitionSchema, FormComponentSchema } from '@der/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderApp } from '../../../../test/renderApp.tsx';
import { FormRenderer } from '../FormRenderer.tsx';
import type { ReferenceOption, ReferenceServices } from '../formRendererTypes.ts';

const label = (text: string) => ({ 'pt-BR': text, en: text });
const fields = z.array(FieldDefinitionSchema).parse([
  { key: 'gerente', type: 'USERS', label: label('Gerente') },
  { key: 'equipe', type: 'USERS_OR_GROUPS', label: label('Equipe') },
]);
const people: ReferenceOption[] = [
  { key: '5', value: 5, label: 'Ana Souza', avatar: '' },
  { key: '6', value: 6, label: 'Bruno Lima', avatar: '' },
];
const entries: ReferenceOption[] = [
  { key: 'user:5', value: { kind: 'user', id: 5 }, label: 'Ana Souza', kind: 'user' },
  { key: 'group:2', value: { kind: 'group', id: 2 }, label: 'Analistas DER', kind: 'group' },
];

function renderChooser(values: Record<string, unknown>) {
  const references: ReferenceServices = {
    search: vi.fn<ReferenceServices['search']>(async (field, text) =>
      (field.key === 'gerente' ? people : entries).filter((option) => option.label.includes(text)),
    ),
    resolve: vi.fn<ReferenceServices['resolve']>(async (field, stored) =>
      (field.key === 'gerente' ? people : entries).filter((option) =>
        stored.some((value) => JSON.stringify(value) === JSON.stringify(option.value)),
      ),
    ),
  };
  const onSubmit = vi.fn();
  renderApp({
    children: (
      <FormRenderer
        formId="reference-form"
        layout={z.array(FormComponentSchema).parse([
          { type: 'dropdown', field: 'gerente' },
          { type: 'dropdown', field: 'equipe' },
        ])}
        fields={fields}
        values={values}
        services={{ references }}
        onSubmit={onSubmit}
      />
    ),
  });
  const submit = () =>
    act(async () => {
      fireEvent.submit(document.getElementById('reference-form') as HTMLFormElement);
    });
  return { references, onSubmit, submit };
}

describe('ReferenceChooser (dropdown of a reference field)', () => {
  it('shows stored values by name and stores the id the user picks from the server’s search', async () => {
    const user = userEvent.setup();
    const { references, onSubmit, submit } = renderChooser({ gerente: 5 });
    const manager = (await screen.findByRole('combobox', { name: 'Gerente' })) as HTMLInputElement;
    await waitFor(() => expect(manager.value).toBe('Ana Souza'));
    await user.clear(manager);
    await user.type(manager, 'Bru');
    const option = await screen.findByRole('option', { name: 'Bruno Lima' });
    await waitFor(() =>
      expect(references.search).toHaveBeenCalledWith(expect.objectContaining({ key: 'gerente' }), 'Bru'),
    );
    await user.click(option);
    expect(manager.value).toBe('Bruno Lima');
    await submit();
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ gerente: 6 });
  });

  it('keeps users and groups as { kind, id } entries in a USERS_OR_GROUPS field', async () => {
    const user = userEvent.setup();
    const { onSubmit, submit } = renderChooser({ equipe: [{ kind: 'user', id: 5 }] });
    const team = await screen.findByRole('combobox', { name: 'Equipe' });
    await screen.findByText('Ana Souza');
    await user.click(team);
    const listbox = await screen.findByRole('listbox');
    await user.click(await within(listbox).findByRole('option', { name: /Analistas DER/ }));
    await submit();
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      equipe: [
        { kind: 'user', id: 5 },
        { kind: 'group', id: 2 },
      ],
    });
  });
});
