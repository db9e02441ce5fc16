import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp.tsx';
import { DueChip } from './DueChip.tsx';

const DUE = '2026-03-10T18:00:00.000Z'; // 10/03/2026 15:00 in São Paulo
const DUE_SOON = '2026-03-10T13:00:00.000Z';

describe('DueChip', () => {
  it('says on time, due soon or overdue with the date in São Paulo time', async () => {
    const { unmount } = renderApp({
      children: (
        <>
          <DueChip dueAt={DUE} dueSoonAt={DUE_SOON} now={new Date('2026-03-09T12:00:00Z')} />
          <DueChip dueAt={DUE} dueSoonAt={DUE_SOON} now={new Date('2026-03-10T14:00:00Z')} />
          <DueChip dueAt={DUE} dueSoonAt={DUE_SOON} now={new Date('2026-03-10T18:00:00Z')} />
        </>
      ),
    });
    expect(await screen.findByText('No prazo · 10/03/2026 15:00')).toBeTruthy();
    expect(screen.getByText('Vence em breve · 10/03/2026 15:00')).toBeTruthy();
    const overdue = screen.getByText('Atrasado · 10/03/2026 15:00').closest('[data-due-state]')!;
    expect(overdue.getAttribute('data-due-state')).toBe('overdue');
    expect(overdue.className).toMatch(/colorError/);
    expect(
      screen.getByText('Vence em breve · 10/03/2026 15:00').closest('[data-due-state]')!.className,
    ).toMatch(/colorWarning/);
    // Colour contrast and names of the chips (the page landmarks are the shell's, not this component's).
    const results = await axe.run(document.body, { rules: { region: { enabled: false } } });
    expect(results.violations).toEqual([]);
    unmount();
  });

  it('speaks English and shows nothing without a deadline', async () => {
    const { container } = renderApp({
      language: 'en',
      children: (
        <div data-testid="chips">
          <DueChip dueAt={DUE} dueSoonAt={null} now={new Date('2026-03-11T12:00:00Z')} />
          <DueChip dueAt={null} dueSoonAt={null} />
        </div>
      ),
    });
    expect(await screen.findByText('Overdue · 10/03/2026 15:00')).toBeTruthy();
    expect(container.querySelectorAll('[data-due-state]')).toHaveLength(1);
  });
});
