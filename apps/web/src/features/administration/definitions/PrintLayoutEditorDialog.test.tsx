import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/renderApp.tsx';
import { json } from '../../auth/testing/fakeApi.ts';
import { setupAdminApi } from '../testing/adminTestApi.ts';

vi.mock('../../../shared/ui/PdfViewerDocument.tsx', () => ({
  default: ({ file }: { file: Blob }) => <div data-testid="pdf-pages" data-size={file.size} />,
}));

const AET = {
  key: 'aet',
  name: 'AET',
  applicationId: 1,
  version: 2,
  importedAt: '2026-06-15T13:00:00.000Z',
  components: 2,
};
const t = (text: string) => ({ 'pt-BR': text, en: text });
const LAYOUT = {
  id: 1,
  name: t('Autorização'),
  version: 1,
  sign: true,
  template: {
    basePdf: { width: 210, height: 297, padding: [10, 10, 10, 10], staticSchema: [] },
    schemas: [
      [
        {
          type: 'text',
          name: 'titulo',
          position: { x: 10, y: 10 },
          width: 190,
          height: 10,
          binding: { kind: 'field', field: 'numeroAet', format: { kind: 'auto' } },
        },
      ],
    ],
  },
};
const DOCUMENT = {
  key: 'aet',
  version: 2,
  components: [
    {
      id: 1,
      name: 'SolicitacaoAET',
      label: t('Solicitação de AET'),
      fields: [
        { key: 'numeroAet', type: 'STRING', label: t('Número da AET') },
        { key: 'requerente', type: 'STRING', label: t('Requerente') },
      ],
      printLayouts: [LAYOUT],
    },
  ],
};

function setup() {
  return setupAdminApi({
    'GET /admin/definitions/list': () => json([AET]),
    'GET /admin/definitions/export': () => json(DOCUMENT),
    'POST /admin/printLayouts/preview': () =>
      new Response('%PDF-1.7 preview', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    'POST /admin/definitions/import': () =>
      json({
        key: 'aet',
        version: 3,
        applicationId: 1,
        created: false,
        componentsAdded: [],
        componentsUpdated: [1],
        componentsRemoved: [],
        groupsCreated: [],
      }),
  });
}

async function openEditor() {
  renderApp({ path: '/administration/definitions' });
  const user = userEvent.setup();
  await user.click(
    await screen.findByRole('button', { name: 'Editar os layouts de impressão de AET' }, { timeout: 15_000 }),
  );
  return { user, dialog: await screen.findByRole('dialog', { name: 'Layouts de impressão' }) };
}

const valueInside = (element: HTMLElement) => (element as HTMLInputElement | HTMLSelectElement).value;

function savedLayout(api: ReturnType<typeof setup>) {
  const content = (api.find('POST', '/admin/definitions/import')[0]!.body as { content: string }).content;
  return JSON.parse(content) as typeof DOCUMENT;
}

describe('the print layout editor of the definitions page', () => {
  it('draws the layout’s fields on the page, previews it over an item and saves it as a new version', async () => {
    const api = setup();
    const { user, dialog } = await openEditor();
    const page = await within(dialog).findByRole('group', { name: 'Página 1 (210 × 297 mm)' });
    expect(within(page).getByRole('button', { name: 'titulo, x 10 mm, y 10 mm' })).toBeTruthy();

    await user.type(within(dialog).getByLabelText('ID do item para a pré-visualização'), '42');
    await user.click(within(dialog).getByRole('button', { name: 'Pré-visualizar' }));
    expect(await within(dialog).findByTestId('pdf-pages')).toBeTruthy();
    const previewBody = api.find('POST', '/admin/printLayouts/preview')[0]!.body as {
      itemId: number;
      layout: typeof LAYOUT;
    };
    expect(previewBody.itemId).toBe(42);
    expect(previewBody.layout.template.schemas[0]?.[0]?.name).toBe('titulo');

    await user.click(within(dialog).getByRole('button', { name: 'Salvar nova versão' }));
    expect(await within(dialog).findByText('Definição salva na versão 3.')).toBeTruthy();
    const saved = savedLayout(api);
    expect(saved.version).toBe(3);
    expect(saved.components[0]!.printLayouts[0]!.version).toBe(2);
  });

  it('edits a field in the designer: selected by a click, moved by keyboard, bound anew, and saves that', async () => {
    const api = setup();
    const { user, dialog } = await openEditor();
    const box = await within(dialog).findByRole('button', { name: 'titulo, x 10 mm, y 10 mm' });
    await user.click(box);
    expect(box.getAttribute('aria-pressed')).toBe('true');
    const inspector = within(dialog).getByRole('region', { name: 'Propriedades do campo titulo' });
    expect(valueInside(within(inspector).getByRole('combobox', { name: 'Campo' }))).toBe('numeroAet');

    await user.keyboard('{ArrowRight}{Shift>}{ArrowDown}{/Shift}');
    expect(within(dialog).getByRole('button', { name: 'titulo, x 11 mm, y 20 mm' })).toBe(box);
    expect(valueInside(within(inspector).getByLabelText('X (mm)'))).toBe('11');

    await user.selectOptions(
      within(inspector).getByRole('combobox', { name: 'Campo' }),
      'Requerente (requerente)',
    );
    await user.selectOptions(within(inspector).getByRole('combobox', { name: 'Formato' }), 'Data');
    await user.selectOptions(within(inspector).getByRole('combobox', { name: 'Formato da data' }), 'HH:mm');

    await user.click(within(dialog).getByRole('button', { name: 'Salvar nova versão' }));
    expect(await within(dialog).findByText('Definição salva na versão 3.')).toBeTruthy();
    expect(savedLayout(api).components[0]!.printLayouts[0]!.template.schemas[0]![0]).toMatchObject({
      name: 'titulo',
      position: { x: 11, y: 20 },
      binding: { kind: 'field', field: 'requerente', format: { kind: 'date', dateFormatType: 2 } },
    });
  });

  it('adds a field at the page’s padding, selected, and removes it again', async () => {
    const api = setup();
    const { user, dialog } = await openEditor();
    await within(dialog).findByRole('button', { name: 'titulo, x 10 mm, y 10 mm' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Tipo do novo campo' }), 'QR code');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar campo' }));
    const added = within(dialog).getByRole('button', { name: 'qrcode1, x 10 mm, y 10 mm' });
    expect(added.getAttribute('aria-pressed')).toBe('true');
    const inspector = within(dialog).getByRole('region', { name: 'Propriedades do campo qrcode1' });
    expect(valueInside(within(inspector).getByRole('combobox', { name: 'Origem do valor' }))).toBe('context');
    await user.selectOptions(within(inspector).getByRole('combobox', { name: 'Dado' }), 'Quem imprimiu');

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Tipo do novo campo' }), 'Texto');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar campo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remover o campo text1' }));
    expect(within(dialog).queryByRole('button', { name: /^text1,/ })).toBeNull();
    expect(within(dialog).getByText('Selecione um campo na página para editá-lo.')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Salvar nova versão' }));
    await within(dialog).findByText('Definição salva na versão 3.');
    const fields = savedLayout(api).components[0]!.printLayouts[0]!.template.schemas[0]!;
    expect(fields.map((field) => field.name)).toEqual(['titulo', 'qrcode1']);
    expect(fields[1]).toMatchObject({ type: 'qrcode', binding: { kind: 'context', key: 'printedBy' } });
  });

  it('keeps the JSON, folded away, in step with the designer both ways', async () => {
    setup();
    const { user, dialog } = await openEditor();
    const box = await within(dialog).findByRole('button', { name: 'titulo, x 10 mm, y 10 mm' });
    const advanced = within(dialog).getByRole('button', { name: 'Avançado (JSON)' });
    expect(advanced.getAttribute('aria-expanded')).toBe('false');
    await user.click(advanced);
    const editor = within(dialog).getByLabelText('JSON do layout') as HTMLTextAreaElement;

    box.focus();
    await user.keyboard('{ArrowLeft}');
    expect(JSON.parse(editor.value).template.schemas[0][0].position).toEqual({ x: 9, y: 10 });

    const renamed = JSON.parse(editor.value);
    renamed.template.schemas[0][0].name = 'cabecalho';
    fireEvent.change(editor, { target: { value: JSON.stringify(renamed) } });
    expect(await within(dialog).findByRole('button', { name: 'cabecalho, x 9 mm, y 10 mm' })).toBeTruthy();
  });

  it('checks the JSON by the contract’s schema, naming the path, and offers no preview or save meanwhile', async () => {
    setup();
    const { user, dialog } = await openEditor();
    await user.click(await within(dialog).findByRole('button', { name: 'Avançado (JSON)' }));
    const editor = within(dialog).getByLabelText('JSON do layout');
    const broken = JSON.stringify({
      ...LAYOUT,
      template: { ...LAYOUT.template, basePdf: { ...LAYOUT.template.basePdf, width: 10 } },
    });
    fireEvent.change(editor, { target: { value: broken } });
    const problems = await within(dialog).findByLabelText('Problemas no layout');
    expect(problems.textContent).toContain('template.basePdf.width');
    expect(within(dialog).getByRole('button', { name: 'Salvar nova versão' }).hasAttribute('disabled')).toBe(
      true,
    );
    expect(within(dialog).getByRole('button', { name: 'Pré-visualizar' }).hasAttribute('disabled')).toBe(
      true,
    );
    // The designer stays on the last whole layout.
    expect(within(dialog).getByRole('button', { name: 'titulo, x 10 mm, y 10 mm' })).toBeTruthy();
  });

  it('is axe-clean with a field selected in the designer', async () => {
    setup();
    const { user, dialog } = await openEditor();
    await user.click(await within(dialog).findByRole('button', { name: 'titulo, x 10 mm, y 10 mm' }));
    await within(dialog).findByRole('region', { name: 'Propriedades do campo titulo' });
    const result = await axe.run(dialog, { rules: { region: { enabled: false } } });
    expect(
      result.violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([]);
  });
});
