import type { PrintLayout } from '@der/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../test/renderApp.tsx';
import { catalogOf } from './layoutCatalog.ts';
import { PrintLayoutDesigner } from './PrintLayoutDesigner.tsx';
import type { TableField } from './printTableColumns.ts';
import { buildTestLayout } from './testLayout.ts';

const t = (text: string) => ({ 'pt-BR': text, en: text });
const CATALOG = catalogOf(
  {
    components: [
      {
        id: 1,
        label: t('Solicitação de AET'),
        fields: [
          { key: 'numeroAet', type: 'STRING', label: t('Número da AET') },
          { key: 'placa', type: 'STRING', label: t('Placa') },
          {
            key: 'trechos',
            type: 'TABLE',
            label: t('Trechos'),
            columns: [
              { key: 'rodovia', type: 'STRING', label: t('Rodovia') },
              { key: 'km', type: 'DECIMAL', label: t('Km') },
            ],
          },
        ],
      },
    ],
  },
  0,
);

/** The designer holding its layout as the dialog does, every edit reported to `onChange`. */
function Harness({ initial, onChange }: { initial: PrintLayout; onChange: (layout: PrintLayout) => void }) {
  const [current, setCurrent] = useState(initial);
  return (
    <PrintLayoutDesigner
      layout={current}
      catalog={CATALOG}
      onChange={(next) => {
        setCurrent(next);
        onChange(next);
      }}
    />
  );
}

function renderDesigner(layout: PrintLayout = buildTestLayout()) {
  const onChange = vi.fn<(layout: PrintLayout) => void>();
  renderApp({ children: <Harness initial={layout} onChange={onChange} /> });
  const last = () => onChange.mock.lastCall![0];
  return { user: userEvent.setup(), last };
}

const valueInside = (element: HTMLElement) => (element as HTMLInputElement | HTMLSelectElement).value;
const inspectorOf = (name: string) => screen.getByRole('region', { name: `Propriedades do campo ${name}` });

describe('the print layout designer', () => {
  it('drags a field on the half-millimetre grid and keeps it on the page', async () => {
    const { last } = renderDesigner();
    const box = await screen.findByRole('button', { name: 'resumo, x 10 mm, y 30 mm' });
    // The canvas has no size in jsdom: the designer falls back to its nominal 460 px for 210 mm.
    fireEvent.pointerDown(box, { pointerId: 1, button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(box, { pointerId: 1, clientX: 122, clientY: 111 });
    fireEvent.pointerUp(box, { pointerId: 1 });
    expect(screen.getByRole('button', { name: 'resumo, x 20 mm, y 35 mm' })).toBe(box);
    expect(last().template.schemas[0]?.[1]?.position).toEqual({ x: 20, y: 35 });

    fireEvent.pointerDown(box, { pointerId: 2, button: 0, clientX: 0, clientY: 0 });
    fireEvent.pointerMove(box, { pointerId: 2, clientX: -500, clientY: 5000 });
    expect(last().template.schemas[0]?.[1]?.position).toEqual({ x: 0, y: 277 });
  });

  it('draws the footer on every page, dashed, and edits its text in both languages', async () => {
    const { user, last } = renderDesigner();
    await user.click(
      await screen.findByRole('button', { name: 'rodape (cabeçalho/rodapé), x 10 mm, y 285 mm' }),
    );
    const inspector = inspectorOf('rodape');
    const english = within(inspector).getByRole('textbox', { name: 'Conteúdo (inglês)' });
    await user.clear(english);
    await user.type(english, 'Page {{currentPage}');
    expect(last().template.basePdf.staticSchema[0]).toMatchObject({ content: { en: 'Page {currentPage}' } });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Página' }), 'Página 2 de 2');
    expect(
      screen.getAllByRole('button', { name: /mm$/ }).map((box) => box.getAttribute('data-field-name')),
    ).toEqual(['rodape']);
  });

  it('edits a table’s columns: header, value, added and removed, the widths still adding up', async () => {
    const { user, last } = renderDesigner();
    await user.click(await screen.findByRole('button', { name: 'trechos, x 10 mm, y 60 mm' }));
    const inspector = inspectorOf('trechos');
    expect(within(inspector).getByText('Linhas: as linhas do campo Trechos (trechos).')).toBeTruthy();
    const second = within(inspector).getByRole('group', { name: 'Coluna 2' });
    const header = within(second).getByRole('textbox', { name: 'Título (português)' });
    await user.clear(header);
    await user.type(header, 'Quilômetro');
    await user.selectOptions(within(second).getByRole('combobox', { name: 'Formato' }), 'Número decimal');

    await user.click(within(inspector).getByRole('button', { name: 'Adicionar coluna' }));
    let columns = (last().template.schemas[0]![2] as TableField).columns;
    expect(columns.map((column) => column.width)).toEqual([40, 26.67, 33.33]);
    expect(columns[1]).toMatchObject({
      header: { 'pt-BR': 'Quilômetro' },
      binding: { field: 'km', format: { kind: 'decimal', digits: 2 } },
    });

    await user.click(within(inspector).getByRole('button', { name: 'Remover a coluna 1' }));
    columns = (last().template.schemas[0]![2] as TableField).columns;
    expect(columns).toHaveLength(2);
    expect(columns.reduce((sum, column) => sum + column.width, 0)).toBeCloseTo(100, 1);
  });

  it('edits a multi-variable text and the binding of its variable', async () => {
    const { user, last } = renderDesigner();
    await user.click(await screen.findByRole('button', { name: 'resumo, x 10 mm, y 30 mm' }));
    const variable = within(inspectorOf('resumo')).getByRole('group', { name: 'Variável placa' });
    await user.selectOptions(
      within(variable).getByRole('combobox', { name: 'Origem do valor' }),
      'Texto com campos',
    );
    expect(last().template.schemas[0]?.[1]).toMatchObject({
      variables: { placa: { kind: 'template', text: { 'pt-BR': '{{placa}}', en: '{{placa}}' } } },
    });
    expect(within(variable).getByText(/Use \{\{FormattedID\}\} para inserir/)).toBeTruthy();
  });

  it('resizes the selected field and sets the page’s padding', async () => {
    const { user, last } = renderDesigner();
    await user.click(await screen.findByRole('button', { name: 'titulo, x 10 mm, y 10 mm' }));
    const width = within(inspectorOf('titulo')).getByLabelText('Largura (mm)');
    await user.clear(width);
    await user.type(width, '95');
    expect(last().template.schemas[0]?.[0]).toMatchObject({ width: 95 });
    expect(valueInside(width)).toBe('95');

    const top = screen.getByLabelText('Superior');
    await user.clear(top);
    await user.type(top, '20');
    expect(last().template.basePdf.padding).toEqual([20, 10, 10, 10]);
  });

  it('adds a table of a TABLE field’s rows, its first column that field’s first column', async () => {
    const { user, last } = renderDesigner();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Tipo do novo campo' }), 'Tabela');
    const sources = screen.getByRole('combobox', { name: 'Linhas da nova tabela' });
    // Any component may hold children (even of its own kind); this one has no reference field.
    expect(valueInside(sources)).toBe('children');
    expect(
      (within(sources).getByRole('option', { name: 'Itens vinculados' }) as HTMLOptionElement).disabled,
    ).toBe(true);
    await user.selectOptions(sources, 'Campo do tipo tabela');
    await user.click(screen.getByRole('button', { name: 'Adicionar campo' }));
    expect(last().template.schemas[0]?.[4]).toMatchObject({
      name: 'table1',
      rows: { kind: 'tableField', field: 'trechos' },
      columns: [{ header: { 'pt-BR': 'Rodovia' }, width: 100, binding: { field: 'rodovia' } }],
    });
    expect(
      screen.getByRole('button', { name: 'table1, x 10 mm, y 10 mm' }).getAttribute('aria-pressed'),
    ).toBe('true');
  });
});
