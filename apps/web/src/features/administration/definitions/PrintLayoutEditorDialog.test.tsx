import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
const DOCUMENT = { key: 'aet', version: 2, components: [{ name: 'SolicitacaoAET', printLayouts: [LAYOUT] }] };

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

describe('the print layout editor of the definitions page', () => {
  it('lists the layout’s fields, previews it over an item and saves it as a new version', async () => {
    const api = setup();
    const { user, dialog } = await openEditor();
    const fields = await within(dialog).findByRole('table', { name: 'Campos do layout' });
    expect(within(fields).getByText('titulo')).toBeTruthy();
    expect(within(fields).getByText('numeroAet (auto)')).toBeTruthy();
    expect(within(fields).getByText('10, 10 — 190 × 10 mm')).toBeTruthy();

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
    const saved = JSON.parse(
      (api.find('POST', '/admin/definitions/import')[0]!.body as { content: string }).content,
    );
    expect(saved.version).toBe(3);
    expect(saved.components[0].printLayouts[0].version).toBe(2);
  });

  it('checks the JSON by the contract’s schema, naming the path, and offers no preview or save meanwhile', async () => {
    setup();
    const { dialog } = await openEditor();
    const editor = await within(dialog).findByLabelText('JSON do layout');
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
  });
});
