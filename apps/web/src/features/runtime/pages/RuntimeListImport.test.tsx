import type { ImportExcelResult } from '@der/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeXhr } from '../../../test/fakeXhr.ts';
import { renderApp } from '../../../test/renderApp.tsx';
import { json } from '../../auth/testing/fakeApi.ts';
import { setupShellApi } from '../../shell/testing/shellTestApi.ts';
import { buildControlData, buildFilterResult, buildListRow } from '../testing/listFixtures.ts';

function chooseFile(name = 'solicitacoes.xlsx') {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  const file = new File(['planilha'], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  fireEvent.change(input, { target: { files: [file] } });
}

const PATH = '/runtime/1/listProject/1/7/Solicita%C3%A7%C3%B5es%20do%20projeto';

function setup() {
  return setupShellApi({
    routes: {
      'GET /genericItem/getListControlData': () =>
        json(buildControlData({ projectId: 7, projectTitle: 'Rodoanel' })),
      'POST /genericItem/executeFilter': () => json(buildFilterResult([buildListRow(1)])),
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('spreadsheet import (all or nothing)', () => {
  it('uploads the file with progress and says that every row was imported', async () => {
    const api = setup();
    const xhr = fakeXhr({
      status: 200,
      body: {
        success: true,
        imported: 12,
        rows: 12,
        errors: [],
        errorsTruncated: false,
        errorReport: null,
      } satisfies ImportExcelResult,
    });
    renderApp({ path: PATH });
    await screen.findByRole('table', { name: 'Solicitações do projeto' }, { timeout: 15_000 });
    expect(api.find('GET', '/genericItem/getListControlData')[0]!.query.get('projectID')).toBe('7');
    await waitFor(() => expect(api.find('POST', '/genericItem/executeFilter')).toHaveLength(1));
    expect(api.find('POST', '/genericItem/executeFilter')[0]!.body).toMatchObject({ projectId: 7 });
    chooseFile();
    expect(await screen.findByRole('progressbar', { name: 'Importando… 25%' })).toBeTruthy();
    expect(xhr.sent[0]!.url).toBe('/api/genericItem/importExcel?componentID=1&projectId=7');
    expect(xhr.sent[0]!.headers.Authorization).toMatch(/^Bearer /);
    expect((xhr.sent[0]!.body.get('file') as File).name).toBe('solicitacoes.xlsx');
    // A key for this chosen file: a repeated request imports it once (the server answers the first result).
    expect(xhr.sent[0]!.headers['Idempotency-Key']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    xhr.finish();
    const dialog = await screen.findByRole('dialog', { name: 'Importação de planilha' });
    expect(within(dialog).getByText('Todos os 12 item(ns) da planilha foram importados.')).toBeTruthy();
    await waitFor(() => expect(api.find('POST', '/genericItem/executeFilter')).toHaveLength(2));
  });

  it('lists the errors of a refused file, says nothing was imported and offers the error report', async () => {
    setup();
    const xhr = fakeXhr({
      status: 200,
      body: {
        success: false,
        imported: 0,
        rows: 3,
        errors: [
          { row: 2, column: 'Eixos', message: 'O campo "Eixos" deve ser um número.' },
          { row: 4, column: null, message: 'Linha vazia.' },
        ],
        errorsTruncated: false,
        errorReport: { fileName: 'erros.xlsx', contentBase64: btoa('relatorio') },
      } satisfies ImportExcelResult,
    });
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderApp({ path: PATH });
    await screen.findByRole('table', { name: 'Solicitações do projeto' }, { timeout: 15_000 });
    chooseFile();
    xhr.finish();
    const dialog = await screen.findByRole('dialog', { name: 'Importação de planilha' });
    expect(within(dialog).getByText(/Nada foi importado: a planilha tem 2 erro\(s\)/)).toBeTruthy();
    expect(within(dialog).getByText('O campo "Eixos" deve ser um número.')).toBeTruthy();
    expect(within(dialog).getByText('Linha 2, coluna Eixos')).toBeTruthy();
    expect(within(dialog).getByText('Linha 4')).toBeTruthy();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Baixar relatório de erros' }));
    expect(names).toEqual(['erros.xlsx']);
    vi.restoreAllMocks();
  });

  it('shows the message of a refused upload', async () => {
    setup();
    const xhr = fakeXhr({
      status: 400,
      body: { Message: 'O arquivo não é uma planilha .xlsx.', code: 'VALIDATION_FAILED', requestId: 't' },
    });
    renderApp({ path: PATH });
    await screen.findByRole('table', { name: 'Solicitações do projeto' }, { timeout: 15_000 });
    chooseFile('notas.xlsx');
    xhr.finish();
    expect(await screen.findByText('O arquivo não é uma planilha .xlsx.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
