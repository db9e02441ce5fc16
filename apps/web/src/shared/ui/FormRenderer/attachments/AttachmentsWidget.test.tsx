import {
  type Attachment,
  type AttachmentList,
  type FormComponent,
  type FormComponentInput,
  FormComponentSchema,
} from '@der/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderApp } from '../../../../test/renderApp.tsx';
import { FormRenderer } from '../FormRenderer.tsx';
import type { FormRendererServices } from '../formRendererTypes.ts';
import { AET_COMPONENT } from '../testing/formFixtures.ts';
import type { AttachmentAction, FormAttachmentServices } from './attachmentTypes.ts';

const label = (pt: string, en: string) => ({ 'pt-BR': pt, en });

const COMPONENT: FormComponentInput = {
  type: 'attachments',
  key: 'docs',
  maxFiles: 3,
  fileIndexes: [
    {
      key: 'tipoDocumento',
      label: label('Tipo de documento', 'Document type'),
      type: 'picklist',
      options: [
        { value: 'projeto', label: label('Projeto', 'Design') },
        { value: 'licenca', label: label('Licença', 'Licence') },
      ],
    },
  ],
};

const INDEXES = (FormComponentSchema.parse(COMPONENT) as Extract<FormComponent, { type: 'attachments' }>)
  .fileIndexes;

function attachment(id: number, name: string, overrides: Partial<Attachment> = {}): Attachment {
  return {
    attachmentId: id,
    itemId: 1,
    widgetKey: 'docs',
    fileId: id * 10,
    name,
    size: 1536,
    mediaType: 'application/pdf',
    version: 1,
    kind: 'upload',
    addedAt: '2026-03-10T15:00:00.000Z',
    addedBy: 'Ana',
    fileIndexes: {},
    stamped: false,
    signatureCount: 0,
    ...overrides,
  };
}

function fakeServices(initial: Attachment[], canEdit = true) {
  let list: AttachmentList = { attachments: initial, maxFiles: 3, canEdit, awaitingMySignature: [] };
  const services = {
    load: vi.fn(async () => list),
    upload: vi.fn(async (file: File, onProgress: (fraction: number) => void) => {
      onProgress(0.5);
      return { fileId: 99, name: file.name, size: file.size, mediaType: 'application/pdf' as const };
    }),
    add: vi.fn(async (_key: string, fileIds: number[]) => {
      list = {
        ...list,
        attachments: [...list.attachments, ...fileIds.map((id) => attachment(id, `novo-${id}.pdf`))],
      };
      return list;
    }),
    remove: vi.fn(async (attachmentId: number) => {
      list = { ...list, attachments: list.attachments.filter((row) => row.attachmentId !== attachmentId) };
      return list;
    }),
    replace: vi.fn(async (attachmentId: number) => attachment(attachmentId, 'x.pdf', { version: 2 })),
    versions: vi.fn(async () => [
      {
        version: 2,
        kind: 'replace' as const,
        fileId: 2,
        name: 'v2.pdf',
        size: 2048,
        mediaType: 'application/pdf' as const,
        createdAt: '2026-03-11T10:00:00.000Z',
        createdBy: 'Ana',
      },
      {
        version: 1,
        kind: 'upload' as const,
        fileId: 1,
        name: 'v1.pdf',
        size: 1024,
        mediaType: 'application/pdf' as const,
        createdAt: '2026-03-10T10:00:00.000Z',
        createdBy: 'Ana',
      },
    ]),
    download: vi.fn(async () => new Blob(['%PDF-'])),
    loadIndexConfigs: vi.fn(async () => INDEXES),
    saveIndexes: vi.fn(async (attachmentId: number, values: Record<string, unknown>) =>
      attachment(attachmentId, 'a.pdf', { fileIndexes: values as Attachment['fileIndexes'] }),
    ),
    searchIndexes: vi.fn(),
  } satisfies FormAttachmentServices;
  return services;
}

function renderWidget(
  services: FormAttachmentServices | undefined,
  options: { itemId?: number | null; actions?: AttachmentAction[] } = {},
) {
  const fake: FormRendererServices = { attachments: services, attachmentActions: options.actions };
  renderApp({
    children: (
      <FormRenderer
        layout={z.array(FormComponentSchema).parse([COMPONENT])}
        fields={AET_COMPONENT.fields}
        values={{}}
        itemId={options.itemId === undefined ? 1 : options.itemId}
        services={fake}
      />
    ),
  });
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:attachment');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('AttachmentsWidget', () => {
  it('asks to save a new item first', async () => {
    renderWidget(fakeServices([]), { itemId: null });
    expect(await screen.findByText('Salve o item antes de anexar arquivos.')).toBeTruthy();
  });

  it('lists the files with their size in base 1024 and the file index values', async () => {
    renderWidget(
      fakeServices([
        attachment(1, 'planta.pdf', {
          fileIndexes: { tipoDocumento: 'projeto' },
          signatureCount: 2,
          stamped: true,
        }),
      ]),
    );
    expect(await screen.findByText('planta.pdf')).toBeTruthy();
    expect(screen.getByText(/1,5 KB/)).toBeTruthy();
    expect(screen.getByText(/Tipo de documento: Projeto/)).toBeTruthy();
    expect(screen.getByText('2 assinaturas')).toBeTruthy();
    expect(screen.getByText('Carimbado')).toBeTruthy();
    expect(screen.getByText('1 de 3 arquivos')).toBeTruthy();
  });

  it('uploads several chosen files, then attaches them in one call', async () => {
    const user = userEvent.setup();
    const services = fakeServices([]);
    renderWidget(services);
    const input = await screen.findByTestId('attachments-input');
    await user.upload(input, [new File(['a'], 'a.pdf'), new File(['b'], 'b.pdf')]);
    await waitFor(() => expect(services.add).toHaveBeenCalledWith('docs', [99, 99]));
    expect(services.upload).toHaveBeenCalledTimes(2);
    expect(await screen.findAllByText('novo-99.pdf')).toHaveLength(2);
  });

  it('refuses more files than the cap before sending anything', async () => {
    const user = userEvent.setup();
    const services = fakeServices([attachment(1, 'a.pdf'), attachment(2, 'b.pdf')]);
    renderWidget(services);
    const input = await screen.findByTestId('attachments-input');
    await user.upload(input, [new File(['a'], 'c.pdf'), new File(['b'], 'd.pdf')]);
    expect(await screen.findByText('Você não pode adicionar mais de 3 arquivos.')).toBeTruthy();
    expect(services.upload).not.toHaveBeenCalled();
  });

  it('deletes after confirming, and shows the versions', async () => {
    const user = userEvent.setup();
    const services = fakeServices([attachment(1, 'memorial.pdf')]);
    renderWidget(services);
    await user.click(await screen.findByRole('button', { name: 'Mais ações para memorial.pdf' }));
    await user.click(screen.getByRole('menuitem', { name: 'Versões' }));
    const versions = await screen.findByRole('dialog', { name: 'Versões de memorial.pdf' });
    expect(await within(versions).findByText('Versão 2 — v2.pdf')).toBeTruthy();
    await user.click(within(versions).getByRole('button', { name: 'Fechar' }));

    await user.click(screen.getByRole('button', { name: 'Mais ações para memorial.pdf' }));
    await user.click(screen.getByRole('menuitem', { name: 'Excluir' }));
    const confirm = await screen.findByRole('dialog', { name: 'Excluir anexo' });
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(services.remove).toHaveBeenCalledWith(1));
    expect(await screen.findByText('Nenhum arquivo anexado.')).toBeTruthy();
  });

  it('saves file index values chosen in the dialog', async () => {
    const user = userEvent.setup();
    const services = fakeServices([attachment(1, 'a.pdf')]);
    renderWidget(services);
    await user.click(await screen.findByRole('button', { name: 'Mais ações para a.pdf' }));
    await user.click(screen.getByRole('menuitem', { name: 'Índices do arquivo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Índices de a.pdf' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Tipo de documento' }));
    await user.click(await screen.findByRole('option', { name: 'Licença' }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(services.saveIndexes).toHaveBeenCalledWith(1, { tipoDocumento: 'licenca' }));
  });

  it('offers the extension actions of the page and renders their dialog; a reader gets no changes', async () => {
    const user = userEvent.setup();
    const sign: AttachmentAction = {
      key: 'sign',
      label: 'Assinar',
      isAvailable: (context) => context.attachment.mediaType === 'application/pdf',
      renderDialog: ({ attachment: chosen, close }) => (
        <div role="dialog" aria-label="Assinatura">
          {chosen.name}
          <button type="button" onClick={close}>
            fechar assinatura
          </button>
        </div>
      ),
    };
    renderWidget(fakeServices([attachment(1, 'contrato.pdf')], false), { actions: [sign] });
    expect(await screen.findByText('contrato.pdf')).toBeTruthy();
    expect(screen.queryByTestId('attachments-input')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Mais ações para contrato.pdf' }));
    expect(screen.queryByRole('menuitem', { name: 'Excluir' })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'Assinar' }));
    expect(
      within(await screen.findByRole('dialog', { name: 'Assinatura' })).getByText('contrato.pdf'),
    ).toBeTruthy();
  });
});
