import { FieldDefinitionSchema, FormComponentSchema } from '@der/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderApp } from '../../../../test/renderApp.tsx';
import { FormRenderer } from '../FormRenderer.tsx';
import type { FormValues } from '../formRendererTypes.ts';

const text = (pt: string) => ({ 'pt-BR': pt, en: pt });

/** A table with a yes/no column, as the AET's criteria of the automatic issuance (criterio, atendido). */
const CRITERIA = FieldDefinitionSchema.parse({
  key: 'criterios',
  type: 'TABLE',
  label: text('Critérios'),
  columns: [
    { key: 'criterio', type: 'STRING', label: text('Critério') },
    { key: 'atendido', type: 'BOOLEAN', label: text('Atendido') },
  ],
});
const LAYOUT = z.array(FormComponentSchema).parse([{ type: 'table', field: 'criterios' }]);
const VALUES = { criterios: [{ criterio: 'Trajeto permitido', atendido: false }] };

describe('TableField', () => {
  it('shows a yes/no column as a checkbox that writes a boolean', async () => {
    const user = userEvent.setup();
    const onValuesChange = vi.fn<(values: FormValues, missingRequired: readonly string[]) => void>();
    renderApp({
      children: (
        <FormRenderer layout={LAYOUT} fields={[CRITERIA]} values={VALUES} onValuesChange={onValuesChange} />
      ),
    });
    const box = (await screen.findByRole('checkbox', { name: 'Atendido, linha 1' })) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await user.click(box);
    expect(box.checked).toBe(true);
    expect(onValuesChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ criterios: [{ criterio: 'Trajeto permitido', atendido: true }] }),
      expect.anything(),
    );
  });

  it('keeps a criterion typed in a text cell, beside the yes/no one', async () => {
    const user = userEvent.setup();
    const onValuesChange = vi.fn<(values: FormValues, missingRequired: readonly string[]) => void>();
    renderApp({
      children: (
        <FormRenderer layout={LAYOUT} fields={[CRITERIA]} values={VALUES} onValuesChange={onValuesChange} />
      ),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Critério, linha 1' }), ' na SP-330');
    expect(onValuesChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ criterios: [{ criterio: 'Trajeto permitido na SP-330', atendido: false }] }),
      expect.anything(),
    );
  });

  it('reads a yes/no cell as Sim or Não when the form is read-only', async () => {
    renderApp({
      children: <FormRenderer layout={LAYOUT} fields={[CRITERIA]} values={VALUES} readOnly />,
    });
    const row = (await screen.findAllByRole('row'))[1]!;
    expect(within(row).getByText('Não')).toBeTruthy();
    expect(within(row).queryByRole('checkbox')).toBeNull();
  });

  it('offers a picklist column as a select of its options, read as the option’s text', async () => {
    const user = userEvent.setup();
    const review = FieldDefinitionSchema.parse({
      key: 'analise',
      type: 'TABLE',
      label: text('Análise dos desenhos'),
      columns: [
        { key: 'folha', type: 'INTEGER', label: text('Folha') },
        {
          key: 'parecer',
          type: 'PICKLIST',
          label: text('Parecer'),
          options: [
            { value: 'aprovado', text: text('Aprovado') },
            { value: 'reprovado', text: text('Reprovado') },
          ],
        },
      ],
    });
    const layout = z.array(FormComponentSchema).parse([{ type: 'table', field: 'analise' }]);
    const onValuesChange = vi.fn<(values: FormValues, missingRequired: readonly string[]) => void>();
    const { unmount } = renderApp({
      children: (
        <FormRenderer
          layout={layout}
          fields={[review]}
          values={{ analise: [{ folha: 1 }] }}
          onValuesChange={onValuesChange}
        />
      ),
    });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Parecer, linha 1' }), 'Reprovado');
    expect(onValuesChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ analise: [{ folha: 1, parecer: 'reprovado' }] }),
      expect.anything(),
    );
    unmount();
    renderApp({
      children: (
        <FormRenderer
          layout={layout}
          fields={[review]}
          values={{ analise: [{ folha: 1, parecer: 'aprovado' }] }}
          readOnly
        />
      ),
    });
    const row = (await screen.findAllByRole('row'))[1]!;
    expect(within(row).getByText('Aprovado')).toBeTruthy();
    expect(within(row).queryByRole('combobox')).toBeNull();
  });
});
