import type { ReportInfo, ReportResult } from '@der/contracts';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/renderApp.tsx';
import { json } from '../../auth/testing/fakeApi.ts';
import { card, NOME } from '../../runtime/kanban/testing/kanbanFixtures.ts';
import { setupShellApi } from '../../shell/testing/shellTestApi.ts';

configure({ asyncUtilTimeout: 8000 });

const INFO: ReportInfo = {
  id: 3,
  name: 'Solicitações por situação e mês',
  description: null,
  componentId: 1,
  applicationId: 1,
  parameters: [
    { key: 'periodo', label: 'Criadas no período', type: 'dateRange', required: false, choices: null },
    {
      key: 'situacao',
      label: 'Situação',
      type: 'picklist',
      required: false,
      choices: [
        { value: 'emAnalise', label: 'Em análise' },
        { value: 'emitida', label: 'Emitida' },
      ],
    },
  ],
  groups: [{ label: 'Data de criação', by: 'month' }],
  measures: [
    { aggregate: 'count', label: 'Quantidade', format: 'integer' },
    { aggregate: 'sum', label: 'Taxas', format: 'currency' },
  ],
  chart: 'bar',
  columns: [],
  itemFormId: null,
};

const RESULT: ReportResult = {
  groups: [
    { keys: [{ value: '2026-02', label: '02/2026' }], values: [3, 450.5] },
    { keys: [{ value: '2026-03', label: '03/2026' }], values: [2, 1200] },
  ],
  groupsTruncated: false,
  totals: [5, 1650.5],
  table: null,
};

describe('report viewer (/reportviewer)', () => {
  it('asks the parameters first, then shows the chart and the groups with their totals, and exports', async () => {
    const user = userEvent.setup();
    const runs: unknown[] = [];
    const exports: unknown[] = [];
    setupShellApi({
      routes: {
        'GET /report/getReport': () => json(INFO),
        'POST /report/runReport': (request) => {
          runs.push(request.body);
          return json(RESULT);
        },
        'POST /report/exportReport': (request) => {
          exports.push(request.body);
          return json({
            id: 9,
            reportId: 3,
            format: 'xlsx',
            status: 'running',
            done: 10,
            total: 40,
            fileName: null,
            error: null,
            createdAt: '2026-03-02T12:00:00.000Z',
            finishedAt: null,
          });
        },
        'POST /report/getReportJob': () =>
          json({
            id: 9,
            reportId: 3,
            format: 'xlsx',
            status: 'running',
            done: 10,
            total: 40,
            fileName: null,
            error: null,
            createdAt: '2026-03-02T12:00:00.000Z',
            finishedAt: null,
          }),
      },
    });
    renderApp({ path: '/reportviewer?token=a.b&language=pt-BR&reportID=3' });
    expect(await screen.findByRole('heading', { name: 'Solicitações por situação e mês' })).toBeTruthy();
    expect(screen.getByText('Informe os parâmetros e clique em Gerar relatório.')).toBeTruthy();
    expect(runs).toEqual([]);

    await user.type(screen.getByLabelText('Criadas no período — de'), '2026-02-01');
    await user.click(screen.getByRole('combobox', { name: 'Situação' }));
    await user.click(await screen.findByRole('option', { name: 'Emitida' }));
    await user.click(screen.getByRole('button', { name: 'Gerar relatório' }));

    const summary = await screen.findByRole('table', { name: 'Resumo do relatório' });
    expect(runs.at(-1)).toMatchObject({
      reportId: 3,
      parameters: { periodo: { from: '2026-02-01' }, situacao: 'emitida' },
    });
    const rows = within(summary)
      .getAllByRole('row')
      .map((row) => row.textContent?.replace(/\s/g, ' '));
    expect(rows).toEqual([
      'Data de criaçãoQuantidadeTaxas',
      '02/20263R$ 450,50',
      '03/20262R$ 1.200,00',
      'Total5R$ 1.650,50',
    ]);
    expect(screen.getByRole('figure', { name: 'Gráfico: Solicitações por situação e mês' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Exportar XLSX' }));
    expect(await screen.findByText('Exportando: 10 de 40 linhas')).toBeTruthy();
    expect(exports).toEqual([
      { reportId: 3, parameters: { periodo: { from: '2026-02-01' }, situacao: 'emitida' }, format: 'xlsx' },
    ]);
    expect(screen.getByRole('button', { name: 'Exportar PDF' })).toHaveProperty('disabled', true);

    const options = { rules: { 'color-contrast': { enabled: false } } };
    const found = (await axe.run(screen.getByRole('main'), options)).violations;
    expect(found.map((violation) => [violation.id, violation.nodes.map((node) => node.html)])).toEqual([]);
  });

  it('links each row of the items table to its item, on the form the report names', async () => {
    setupShellApi({
      routes: {
        'GET /report/getReport': () =>
          json({ ...INFO, parameters: [], groups: [], chart: 'none', columns: [NOME], itemFormId: 1 }),
        'POST /report/runReport': () =>
          json({
            groups: [{ keys: [], values: [1, 0] }],
            groupsTruncated: false,
            totals: [1, 0],
            table: { rows: [card(5)], total: 1, capped: false, page: 1, rowsPerPage: 25, users: {} },
          }),
      },
    });
    renderApp({ path: '/reportviewer?reportID=3' });
    const items = await screen.findByRole('table', { name: 'Itens do relatório' });
    const link = within(items).getByRole('link', { name: 'Transportes Silva' });
    // The viewer may be framed: the item opens in the whole window.
    expect(link.getAttribute('href')).toBe('/runtime/1/editItem/1/5/1');
    expect(link.getAttribute('target')).toBe('_top');
  });

  it('shows the server’s message when a parameter is refused', async () => {
    setupShellApi({
      routes: {
        'GET /report/getReport': () => json({ ...INFO, parameters: [] }),
        'POST /report/runReport': () =>
          json(
            { Message: 'Dados inválidos nos campos: parameters.periodo.', code: 'VALIDATION_FAILED' },
            400,
          ),
      },
    });
    renderApp({ path: '/reportviewer?reportID=3' });
    expect(await screen.findByText('Dados inválidos nos campos: parameters.periodo.')).toBeTruthy();
  });
});
