import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp.tsx';
import { apiError, fakeApi, json } from '../auth/testing/fakeApi.ts';

vi.mock('../../shared/ui/PdfViewerDocument.tsx', () => ({
  default: ({ file, scale }: { file: string; scale: number }) => (
    <div data-testid="pdf-pages" data-file={file} data-scale={scale} />
  ),
}));

/** A validarAET answer for an issued AET in `situation`. */
const issued = (situation: string, extra: Record<string, unknown> = {}) => ({
  valid: situation === 'vigente',
  fileName: '/api/files/aet/AET-2026-0001.pdf',
  situation,
  number: 'AET-2026-000001',
  validFrom: '2026-05-20',
  validUntil: '2026-11-16',
  reason: null,
  requerente: { name: 'J*** D* S****', document: '***.982.247-**' },
  ...extra,
});

describe('validar AET', () => {
  it('shows the PDF of a valid AET with zoom and download', async () => {
    const api = fakeApi({
      'GET /requerente/validarAET': () => json(issued('vigente')),
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
    expect(
      screen.getByText('AET vigente: válida de 20/05/2026 a 16/11/2026. Confira o documento abaixo.'),
    ).toBeTruthy();
    expect(
      screen.getByText('AET nº AET-2026-000001 — Requerente: J*** D* S**** (***.982.247-**)'),
    ).toBeTruthy();
  });

  it.each([
    ['expirada', {}, 'AET expirada em 16/11/2026: não autoriza mais o trânsito.'],
    [
      'suspensa',
      { reason: 'Ponte interditada.' },
      'AET suspensa: não autoriza o trânsito enquanto durar a suspensão. Motivo: Ponte interditada.',
    ],
    [
      'cancelada',
      { reason: 'CRLV divergente.' },
      'AET cancelada: não autoriza o trânsito. Motivo: CRLV divergente.',
    ],
  ] as const)('says an AET is %s, why, and still shows its document', async (situation, extra, message) => {
    fakeApi({ 'GET /requerente/validarAET': () => json(issued(situation, extra)) });
    renderApp({ path: '/validarAET?uid=abc' });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByText(/AET vigente/)).toBeNull();
    expect(screen.queryByText('A AET nao foi encontrada!')).toBeNull();
    expect((await screen.findByTestId('pdf-pages')).getAttribute('data-file')).toBe(
      '/api/files/aet/AET-2026-0001.pdf',
    );
  });

  it('says it in English too', async () => {
    fakeApi({ 'GET /requerente/validarAET': () => json(issued('expirada')) });
    renderApp({ path: '/validarAET?uid=abc', language: 'en' });
    expect(
      await screen.findByText('AET expired on 16/11/2026: it no longer authorises travel.'),
    ).toBeTruthy();
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
