import { FormComponentSchema, type ItemTimesheet } from '@der/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderApp } from '../../../../test/renderApp.tsx';
import { FormRenderer } from '../FormRenderer.tsx';
import type { FormTimesheetServices } from '../formRendererTypes.ts';

const SHEET: ItemTimesheet = {
  itemId: 7,
  totalMinutes: 330,
  people: [
    { userId: 1, name: 'Ana Analista', minutes: 240 },
    { userId: 2, name: 'Bruno', minutes: 90 },
  ],
  entries: [
    {
      id: 3,
      day: '2026-11-30',
      minutes: 90,
      startTime: '14:00',
      endTime: '15:30',
      note: 'Vistoria',
      origin: 'manual',
      userName: 'Bruno',
    },
    {
      id: 2,
      day: '2026-11-27',
      minutes: 240,
      startTime: null,
      endTime: null,
      note: '',
      origin: 'automatic',
      userName: 'Ana Analista',
    },
  ],
};

function renderWidget(timesheets: FormTimesheetServices) {
  renderApp({
    children: (
      <FormRenderer
        formId="timesheets-form"
        layout={z.array(FormComponentSchema).parse([{ type: 'timesheets' }])}
        fields={[]}
        values={{}}
        itemId={7}
        services={{ timesheets }}
        onSubmit={vi.fn()}
      />
    ),
  });
}

describe('the timesheets component', () => {
  it("lists the item's time with each person's total, and enters the user's hours", async () => {
    const enter = vi.fn().mockResolvedValue(undefined);
    renderWidget({ load: vi.fn().mockResolvedValue(SHEET), enter });
    const region = await screen.findByRole('region', { name: 'Apontamentos de horas' });
    await waitFor(() => expect(region.textContent).toContain('Total: 5:30 h.'));
    expect(region.textContent).toContain('Ana Analista: 4:00 h · Bruno: 1:30 h');
    expect(screen.getByText('30/11/2026 · Bruno · 1:30 h (14:00–15:30)')).toBeTruthy();
    expect(screen.getByText('27/11/2026 · Ana Analista · 4:00 h · automático')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Horas'), '1,5');
    await user.type(screen.getByLabelText('Nota'), 'Relatório');
    await user.click(screen.getByRole('button', { name: 'Apontar horas' }));
    await waitFor(() =>
      expect(enter).toHaveBeenCalledWith(expect.objectContaining({ minutes: 90, note: 'Relatório' })),
    );
  });

  it("shows the server's refusal", async () => {
    renderWidget({
      load: vi.fn().mockResolvedValue({ ...SHEET, entries: [], people: [], totalMinutes: 0 }),
      enter: vi.fn().mockRejectedValue(new Error('O mês 10/2026 está fechado para apontamentos.')),
    });
    expect(await screen.findByText('Nenhuma hora apontada neste item.')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Horas'), '2');
    await user.click(screen.getByRole('button', { name: 'Apontar horas' }));
    expect(await screen.findByText('O mês 10/2026 está fechado para apontamentos.')).toBeTruthy();
  });
});
