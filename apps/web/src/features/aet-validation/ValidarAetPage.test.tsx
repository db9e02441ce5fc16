import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp.tsx';
import { apiError, fakeApi, json } from '../auth/testing/fakeApi.ts';

vi.mock('../../shared/ui/PdfViewerDocument.tsx', () => ({
  default: ({ file, scale }: { file: string; scale: number }) => (
    <div data-testid="pdf-pages" data-file={file} data-scale={scale} />
  ),
}));

describe('validar AET', () => {
  it('shows the PDF of a valid AET with zoom and download', async () => {
    const api = fakeApi({
      'GET /requerente/validarAET': () => json({ valid: true, fileName: '/api/files/aet/AET-2026-0001.pdf' }),
    });
    renderApp({ path: '/validarAET?uid=abc-123' });
    expect(await screen.findByRole('heading', { name: 'Validar AET' })).toBeTruthy();
    const pages = await screen.findByTestId('pdf-pages');
    expect(pages.getAttribute('data-file')).toBe('/api/files/aet/AET-2026-0001.pdf');
    expect(pages.getAttribute('data-scale')).toBe('0.9');
    expect(api.find('GET', '/requerente/validarAET')[0]?.query.get('uid')).toBe('abc-123');
    expect(screen.getByRole('button', { name: 'Aumentar o zoom' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Diminuir o zoom' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Baixar o PDF' }).getAttribute('download')).toBe(
      'AET-2026-0001.pdf',
    );
  });

  it("shows 'A AET nao foi encontrada!' for an invalid AET", async () => {
    fakeApi({ 'GET /requerente/validarAET': () => json({ valid: false, fileName: '' }) });
    renderApp({ path: '/validarAET?uid=x' });
    expect(await screen.findByText('A AET nao foi encontrada!')).toBeTruthy();
    expect(screen.queryByTestId('pdf-pages')).toBeNull();
  });

  it('shows the not-found text for an unknown uid (404), in English too', async () => {
    fakeApi({ 'GET /requerente/validarAET': () => apiError(404, 'Não encontrado') });
    renderApp({ path: '/validarAET?uid=zzz', language: 'en' });
    expect(await screen.findByText('The AET was not found!')).toBeTruthy();
  });

  it('shows the not-found text without a uid, without asking the server', async () => {
    const api = fakeApi({});
    renderApp({ path: '/validarAET' });
    expect(await screen.findByText('A AET nao foi encontrada!')).toBeTruthy();
    expect(api.fetch).not.toHaveBeenCalled();
  });
});
