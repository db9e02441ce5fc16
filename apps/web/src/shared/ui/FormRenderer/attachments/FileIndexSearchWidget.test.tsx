import { type FileIndexSearch, FormComponentSchema } from '@der/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderApp } from '../../../../test/renderApp.tsx';
import { FormRenderer } from '../FormRenderer.tsx';
import { AET_COMPONENT } from '../testing/formFixtures.ts';
import type { FormAttachmentServices } from './attachmentTypes.ts';

const FOUND: FileIndexSearch = {
  rows: [
    {
      attachment: {
        attachmentId: 5,
        itemId: 9,
        widgetKey: 'anexos',
        fileId: 50,
        name: 'projeto-ponte.pdf',
        size: 3 * 1024 * 1024,
        mediaType: 'application/pdf',
        version: 1,
        kind: 'upload',
        addedAt: '2026-03-10T15:00:00.000Z',
        addedBy: 'Ana',
        fileIndexes: { tipoDocumento: 'projeto' },
        stamped: false,
        signatureCount: 0,
      },
      item: { itemId: 9, componentId: 4, formattedId: 'TAR-0009', title: 'Ponte' },
    },
  ],
  total: 1,
  page: 1,
  pageSize: 10,
};

describe('FileIndexSearchWidget', () => {
  it("searches the application's files by text and lists them with their item and size", async () => {
    const user = userEvent.setup();
    const searchIndexes = vi.fn(async () => FOUND);
    const services = { searchIndexes } as unknown as FormAttachmentServices;
    renderApp({
      children: (
        <FormRenderer
          layout={z.array(FormComponentSchema).parse([{ type: 'fileIndexes' }])}
          fields={AET_COMPONENT.fields}
          values={{}}
          itemId={1}
          services={{ attachments: services }}
        />
      ),
    });
    await waitFor(() => expect(searchIndexes).toHaveBeenCalled());
    expect(await screen.findByText('projeto-ponte.pdf')).toBeTruthy();
    expect(screen.getByText('TAR-0009 Ponte')).toBeTruthy();
    expect(screen.getByText('3,0 MB')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Pesquisar arquivos' }), 'ponte');
    await waitFor(() =>
      expect(searchIndexes).toHaveBeenLastCalledWith({ search: 'ponte', page: 1, pageSize: 10 }),
    );
  });
});
