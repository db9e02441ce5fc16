import { type FormComponentInput, FormComponentSchema } from '@der/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderApp } from '../../../../test/renderApp.tsx';
import { FormRenderer } from '../FormRenderer.tsx';
import type { FormRendererServices, FormValues, StoredFileInfo } from '../formRendererTypes.ts';
import { AET_COMPONENT } from '../testing/formFixtures.ts';

const SAVED: StoredFileInfo = { fileId: 7, name: 'planta.pdf', size: 2048, mediaType: 'application/pdf' };
const NEW: StoredFileInfo = { fileId: 8, name: 'memorial.pdf', size: 300, mediaType: 'application/pdf' };

function services(overrides: Partial<FormRendererServices> = {}) {
  return {
    uploadFiles: vi.fn(async (_files: File[]) => [NEW]),
    describeFiles: vi.fn(async (_field: string) => [SAVED]),
    downloadFile: vi.fn(async (_fileId: number, _options?: { inline?: boolean }) => new Blob(['%PDF-'])),
    ...overrides,
  } satisfies FormRendererServices;
}

function renderField(
  component: FormComponentInput,
  fake: FormRendererServices,
  options: { readOnly?: boolean } = {},
) {
  const changes: FormValues[] = [];
  renderApp({
    children: (
      <FormRenderer
        layout={z.array(FormComponentSchema).parse([component])}
        fields={AET_COMPONENT.fields}
        values={{ planta: [SAVED.fileId] }}
        itemId={1}
        readOnly={options.readOnly}
        services={fake}
        onValuesChange={(values) => changes.push(values)}
      />
    ),
  });
  return { lastValue: () => changes.at(-1)?.planta };
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:stored-file');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

describe('FilesInput (file chooser)', () => {
  it("lists the saved item's files by name and size, with a download link", async () => {
    const user = userEvent.setup();
    const fake = services();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderField({ type: 'fileChooser', field: 'planta' }, fake);
    const link = await screen.findByRole('button', { name: 'Baixar planta.pdf' });
    expect(fake.describeFiles).toHaveBeenCalledWith('planta');
    expect(screen.getByText('2,0 KB')).toBeTruthy();
    await user.click(link);
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(fake.downloadFile).toHaveBeenCalledWith(SAVED.fileId);
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('planta.pdf');
  });

  it('uploads chosen files and adds their ids, named by the upload answer', async () => {
    const fake = services();
    const field = renderField({ type: 'fileChooser', field: 'planta' }, fake);
    await screen.findByRole('button', { name: 'Baixar planta.pdf' });
    const file = new File(['%PDF-1.4'], 'memorial.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('files-input-planta'), { target: { files: [file] } });
    expect(await screen.findByRole('button', { name: 'Baixar memorial.pdf' })).toBeTruthy();
    expect(fake.uploadFiles).toHaveBeenCalledWith([file]);
    // The list may show the new file a render before the field's value and count follow (a loaded CI machine).
    await waitFor(() => expect(field.lastValue()).toEqual([SAVED.fileId, NEW.fileId]));
    expect(await screen.findByText('Arquivos: 2')).toBeTruthy();
  });

  it('removes a file with its labelled button, from the keyboard', async () => {
    const user = userEvent.setup();
    const field = renderField({ type: 'fileChooser', field: 'planta' }, services());
    const remove = await screen.findByRole('button', { name: 'Remover planta.pdf' });
    remove.focus();
    expect(document.activeElement).toBe(remove);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(field.lastValue()).toEqual([]));
    expect(screen.queryByRole('button', { name: 'Baixar planta.pdf' })).toBeNull();
  });

  it("shows the server's message when an upload is refused, and keeps the value", async () => {
    const fake = services({
      uploadFiles: vi.fn(async () => {
        throw new Error('O arquivo "setup.pdf" não é de um tipo aceito.');
      }),
    });
    const field = renderField({ type: 'fileChooser', field: 'planta' }, fake);
    await screen.findByRole('button', { name: 'Baixar planta.pdf' });
    fireEvent.change(screen.getByTestId('files-input-planta'), {
      target: { files: [new File(['MZ'], 'setup.pdf')] },
    });
    expect(await screen.findByText('O arquivo "setup.pdf" não é de um tipo aceito.')).toBeTruthy();
    expect(field.lastValue() ?? [SAVED.fileId]).toEqual([SAVED.fileId]);
  });

  it("caps the count at the component's maxFiles and refuses extensions it does not accept", async () => {
    const fake = services();
    renderField({ type: 'fileChooser', field: 'planta', accept: ['.pdf'], maxFiles: 2 }, fake);
    await screen.findByRole('button', { name: 'Baixar planta.pdf' });
    const input = screen.getByTestId('files-input-planta');
    fireEvent.change(input, { target: { files: [new File(['x'], 'programa.exe')] } });
    expect(await screen.findByText('Arquivo inválido')).toBeTruthy();
    expect(fake.uploadFiles).not.toHaveBeenCalled();
    const first = new File(['%PDF-'], 'a.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [first, new File(['%PDF-'], 'b.pdf')] } });
    expect(await screen.findByText('Você não pode adicionar mais de 2 arquivos.')).toBeTruthy();
    await waitFor(() => expect(fake.uploadFiles).toHaveBeenCalledWith([first]));
  });

  it('read-only: lists the files without remove buttons and cannot choose', async () => {
    renderField({ type: 'fileChooser', field: 'planta' }, services(), { readOnly: true });
    expect(await screen.findByRole('button', { name: 'Baixar planta.pdf' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remover planta.pdf' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Escolher arquivos' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});

describe('ImageField', () => {
  it('shows the stored image as a thumbnail fetched inline with the session', async () => {
    const fake = services({
      describeFiles: vi.fn(async () => [{ ...SAVED, name: 'fachada.png', mediaType: 'image/png' }]),
    });
    renderField({ type: 'image', field: 'planta' }, fake);
    const image = await screen.findByRole('img', { name: 'fachada.png' });
    expect(image.getAttribute('src')).toBe('blob:stored-file');
    expect(fake.downloadFile).toHaveBeenCalledWith(SAVED.fileId, { inline: true });
    // One image at most: the chooser is disabled while the field holds one.
    expect((screen.getByRole('button', { name: 'Escolher imagem' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});

describe('ImageListField', () => {
  it('lists every image with its own remove button', async () => {
    const fake = services({
      describeFiles: vi.fn(async () => [
        { ...SAVED, name: 'frente.png', mediaType: 'image/png' },
        { ...NEW, name: 'verso.png', mediaType: 'image/png' },
      ]),
    });
    const changes: FormValues[] = [];
    renderApp({
      children: (
        <FormRenderer
          layout={z.array(FormComponentSchema).parse([{ type: 'imageList', field: 'planta' }])}
          fields={AET_COMPONENT.fields}
          values={{ planta: [SAVED.fileId, NEW.fileId] }}
          itemId={1}
          services={fake}
          onValuesChange={(values) => changes.push(values)}
        />
      ),
    });
    expect(await screen.findByRole('img', { name: 'frente.png' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'verso.png' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remover frente.png' }));
    await waitFor(() => expect(changes.at(-1)?.planta).toEqual([NEW.fileId]));
    expect((screen.getByRole('button', { name: 'Escolher imagens' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});
