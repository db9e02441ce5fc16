import type { ChangesSinceCorrectionResult } from '@der/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/renderApp.tsx';
import { fakeApi, json } from '../../auth/testing/fakeApi.ts';
import { ChangesSinceCorrectionPanel } from './ChangesSinceCorrectionPanel.tsx';

const CORRECTED: ChangesSinceCorrectionResult = {
  correction: {
    version: 4,
    reason: 'O peso não confere com o documento',
    requestedBy: { id: 7, name: 'Ana Analista' },
    requestedAt: '2026-03-10T15:00:00.000Z',
    statusName: 'Pendente de correção',
  },
  changes: [
    { field: 'eixos', label: 'Eixos', oldValue: '6', newValue: '7' },
    { field: 'peso', label: 'Peso', oldValue: '45', newValue: '42,5' },
  ],
  readerIsStaff: true,
};

function show(answer: ChangesSinceCorrectionResult, language: 'pt-BR' | 'en' = 'pt-BR') {
  const api = fakeApi({ 'GET /genericItem/getChangesSinceCorrection': () => json(answer) });
  const view = renderApp({
    language,
    children: (
      <>
        <ChangesSinceCorrectionPanel itemId={5} version={6} />
        <p>formulário</p>
      </>
    ),
  });
  return { api, view };
}

/** The panel asked and the answer had time to render (a panel shown would be there by then). */
async function answered(api: ReturnType<typeof fakeApi>) {
  await expect.poll(() => api.find('GET', '/genericItem/getChangesSinceCorrection').length).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 200));
}

describe('ChangesSinceCorrectionPanel', () => {
  it('shows staff the reason, who asked and when, and each field before and after', async () => {
    const { api } = show(CORRECTED);
    const panel = await screen.findByRole('region', { name: 'Alterações desde o pedido de correção' });
    expect(api.find('GET', '/genericItem/getChangesSinceCorrection')[0]!.query.get('itemId')).toBe('5');
    expect(within(panel).getByText('Motivo: O peso não confere com o documento')).toBeTruthy();
    // 15:00 UTC is noon in São Paulo.
    expect(within(panel).getByText(/Correção pedida por Ana Analista em 10\/03\/2026 12:00/)).toBeTruthy();
    const rows = within(panel)
      .getAllByRole('row')
      .map((row) => Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Campo', 'Antes', 'Depois'],
      ['Eixos', '6', '7'],
      ['Peso', '45', '42,5'],
    ]);
  });

  it('speaks English', async () => {
    show(CORRECTED, 'en');
    const panel = await screen.findByRole('region', { name: 'Changes since the correction request' });
    expect(within(panel).getByText('Reason: O peso não confere com o documento')).toBeTruthy();
  });

  it('says so when nothing changed since the request', async () => {
    show({ ...CORRECTED, changes: [] });
    const panel = await screen.findByRole('region', { name: 'Alterações desde o pedido de correção' });
    expect(within(panel).getByText('Nenhum campo foi alterado desde o pedido de correção.')).toBeTruthy();
    expect(within(panel).queryByRole('table')).toBeNull();
  });

  it('shows nothing to a requerente', async () => {
    const { api } = show({ ...CORRECTED, readerIsStaff: false });
    await screen.findByText('formulário');
    await answered(api);
    expect(screen.queryByRole('region', { name: /pedido de correção/ })).toBeNull();
  });

  it('shows nothing when the item never had a correction', async () => {
    const { api } = show({ correction: null, changes: [], readerIsStaff: true });
    await screen.findByText('formulário');
    await answered(api);
    expect(screen.queryByRole('region', { name: /pedido de correção/ })).toBeNull();
  });
});
