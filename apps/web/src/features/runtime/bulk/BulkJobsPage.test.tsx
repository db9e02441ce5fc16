import type { BulkJob, BulkJobDetail } from '@der/contracts';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/renderApp.tsx';
import { json } from '../../auth/testing/fakeApi.ts';
import { setupShellApi } from '../../shell/testing/shellTestApi.ts';

configure({ asyncUtilTimeout: 8000 });

function bulkJob(overrides: Partial<BulkJob> = {}): BulkJob {
  return {
    id: 7,
    componentId: 4,
    componentName: 'Tarefas',
    applicationId: 3,
    description: 'Iniciar',
    operation: { kind: 'action', action: 'iniciar' },
    target: 'selection',
    status: 'running',
    creatorId: 1,
    total: 20,
    done: 6,
    failed: 2,
    interrupted: 0,
    remaining: 12,
    createdAt: '2026-03-02T12:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

describe("'Operações em massa'", () => {
  it('lists my jobs, shows one live with a labelled bar and its refused items, and interrupts it', async () => {
    const user = userEvent.setup();
    let job = bulkJob();
    const interrupted: number[] = [];
    const detail = (): BulkJobDetail => ({
      job,
      errors: [
        {
          itemId: 11,
          formattedId: 'TAR-2026-000011',
          title: 'Vistoria',
          state: 'failed',
          field: 'action',
          code: 'notAvailable',
          message: 'Esta ação não se aplica ao status atual do item',
        },
      ],
    });
    setupShellApi({
      routes: {
        'POST /genericItem/listBulkJobs': () => json({ jobs: [job] }),
        'POST /genericItem/getBulkJob': () => json(detail()),
        'POST /genericItem/interruptBulkJob': (request) => {
          interrupted.push((request.body as { id: number }).id);
          job = { ...job, status: 'interrupted', interrupted: 12, remaining: 0 };
          return json(job);
        },
      },
    });
    renderApp({ path: '/runtime/3/bulkJobs?job=7' });
    const bar = await screen.findByRole('progressbar', { name: 'Progresso de Iniciar' }, { timeout: 15_000 });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByTestId('bulk-counts').textContent).toBe(
      '6 concluído(s), 2 com falha, 0 interrompido(s), de 20',
    );
    const refused = screen.getByRole('table', { name: 'Itens que não foram alterados' });
    expect(within(refused).getByText('Esta ação não se aplica ao status atual do item')).toBeTruthy();
    expect(
      within(await screen.findByRole('list', { name: 'Operações em massa' })).getByText('Em execução'),
    ).toBeTruthy();
    const options = { rules: { 'color-contrast': { enabled: false } } };
    // The page's own content (the shell around it has its own tests).
    const found = (await axe.run(screen.getByRole('main'), options)).violations;
    expect(found.map((violation) => [violation.id, violation.nodes.map((node) => node.html)])).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Interromper' }));
    expect(await screen.findByText('6 concluído(s), 2 com falha, 12 interrompido(s), de 20')).toBeTruthy();
    expect(interrupted).toEqual([7]);
    expect(screen.queryByRole('button', { name: 'Interromper' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Tentar novamente os que falharam (14)' })).toBeTruthy();
  });
});
