import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp.tsx';
import { apiError } from '../auth/testing/fakeApi.ts';
import { setupShellApi } from '../shell/testing/shellTestApi.ts';

vi.mock('../../shared/ui/PdfViewerDocument.tsx', () => ({
  default: ({ file }: { file: Blob }) => <div data-testid="pdf-pages" data-size={file.size} />,
}));

const PDF_BYTES = '%PDF-1.7 fake';
const pdf = () => new Response(PDF_BYTES, { status: 200, headers: { 'Content-Type': 'application/pdf' } });

afterEach(() => vi.unstubAllGlobals());

describe('the print-layout viewer page', () => {
  it('shows the layout of the item in the PDF viewer, with download and print', async () => {
    const api = setupShellApi({ routes: { 'GET /PrintLayoutViewer': pdf } });
    const createObjectURL = vi.fn(() => 'blob:print-1');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const open = vi.fn(() => null);
    vi.stubGlobal('open', open);
    renderApp({ path: '/printLayout?itemId=42&printLayoutId=1' });
    expect(await screen.findByRole('heading', { name: 'Layout de impressão' })).toBeTruthy();
    const pages = await screen.findByTestId('pdf-pages');
    expect(pages.getAttribute('data-size')).toBe(String(PDF_BYTES.length));
    const query = api.find('GET', '/PrintLayoutViewer')[0]!.query;
    expect([query.get('itemId'), query.get('printLayoutId'), query.get('language')]).toEqual([
      '42',
      '1',
      'pt-BR',
    ]);
    const download = screen.getByRole('link', { name: 'Baixar o PDF' });
    expect(download.getAttribute('href')).toBe('blob:print-1');
    expect(download.getAttribute('download')).toBe('documento-42.pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Imprimir o PDF' }));
    expect(open).toHaveBeenCalledWith('blob:print-1', '_blank');
  });

  it('shows the server’s message when the item cannot be printed (another user’s item: 404)', async () => {
    setupShellApi({
      routes: { 'GET /PrintLayoutViewer': () => apiError(404, 'O registro solicitado não foi encontrado.') },
    });
    renderApp({ path: '/printLayout?itemId=7&printLayoutId=1' });
    expect(await screen.findByText('O registro solicitado não foi encontrado.')).toBeTruthy();
    expect(screen.queryByTestId('pdf-pages')).toBeNull();
  });
});
