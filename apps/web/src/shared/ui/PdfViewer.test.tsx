import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createAppI18n } from '../../app/i18n.ts';
import { PdfViewer } from './PdfViewer.tsx';
import { PDF_PAGE_SPACING, PDF_ZOOM_START, zoomIn, zoomOut } from './PdfViewerZoom.ts';

vi.mock('./PdfViewerDocument.tsx', () => ({
  default: ({ scale }: { scale: number }) => <div data-testid="pdf-pages" data-scale={scale} />,
}));

function renderViewer(props: Partial<Parameters<typeof PdfViewer>[0]> = {}) {
  return render(
    <I18nextProvider i18n={createAppI18n('pt-BR')}>
      <PdfViewer
        file="/files/aet.pdf"
        label="Documento"
        downloadUrl="/files/aet.pdf"
        downloadName="aet.pdf"
        {...props}
      />
    </I18nextProvider>,
  );
}

const scale = async () => Number((await screen.findByTestId('pdf-pages')).getAttribute('data-scale'));

describe('zoom steps', () => {
  it('starts at 0.9 and moves by 0.3 without float drift, clamped to 0.1 … 3', () => {
    expect(PDF_ZOOM_START).toBe(0.9);
    expect(PDF_PAGE_SPACING).toBe(16);
    expect(zoomIn(0.9)).toBe(1.2);
    expect(zoomIn(2.7)).toBe(3);
    expect(zoomIn(3)).toBe(3);
    expect(zoomOut(0.3)).toBe(0.1);
    expect(zoomOut(0.1)).toBe(0.1);
  });
});

describe('PdfViewer', () => {
  it('zooms in up to 3 and then disables zoom-in', async () => {
    renderViewer();
    expect(await scale()).toBe(0.9);
    expect(screen.getByText('Zoom: 90%')).toBeTruthy();
    const zoomInButton = screen.getByRole('button', { name: 'Aumentar o zoom' });
    for (let i = 0; i < 7; i += 1) fireEvent.click(zoomInButton);
    expect(await scale()).toBe(3);
    expect(zoomInButton).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Diminuir o zoom' })).toHaveProperty('disabled', false);
  });

  it('zooms out down to 0.1 and then disables zoom-out', async () => {
    renderViewer();
    const zoomOutButton = screen.getByRole('button', { name: 'Diminuir o zoom' });
    fireEvent.click(zoomOutButton);
    expect(await scale()).toBe(0.6);
    fireEvent.click(zoomOutButton);
    fireEvent.click(zoomOutButton);
    expect(await scale()).toBe(0.1);
    expect(zoomOutButton).toHaveProperty('disabled', true);
  });

  it('offers the download of the file', () => {
    renderViewer();
    const link = screen.getByRole('link', { name: 'Baixar o PDF' });
    expect(link.getAttribute('href')).toBe('/files/aet.pdf');
    expect(link.getAttribute('download')).toBe('aet.pdf');
  });

  it('reports the end of the document once, when scrolled to the bottom', () => {
    const onEnd = vi.fn();
    renderViewer({ onScrolledToEnd: onEnd });
    const region = screen.getByRole('region', { name: 'Documento' });
    Object.defineProperty(region, 'scrollHeight', { configurable: true, value: 1000 });
    Object.defineProperty(region, 'clientHeight', { configurable: true, value: 400 });
    region.scrollTop = 300;
    fireEvent.scroll(region);
    expect(onEnd).not.toHaveBeenCalled();
    region.scrollTop = 600;
    fireEvent.scroll(region);
    fireEvent.scroll(region);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });
});
