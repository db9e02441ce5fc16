import { describe, expect, it } from 'vitest';
import { addMonths, entriesByDay, monthGrid, saoPauloDay } from './calendarMonth.ts';

describe('calendar month', () => {
  it('lays a month out on six weeks starting on Sunday', () => {
    const days = monthGrid({ year: 2026, month: 2 });
    expect(days).toHaveLength(42);
    // 1 March 2026 is a Sunday: the grid starts on it.
    expect(days[0]).toBe('2026-03-01');
    expect(days[41]).toBe('2026-04-11');
    expect(monthGrid({ year: 2026, month: 3 })[0]).toBe('2026-03-29');
  });

  it('reads instants as São Paulo days and moves across years', () => {
    expect(saoPauloDay('2026-04-01T01:00:00.000Z')).toBe('2026-03-31');
    expect(addMonths({ year: 2026, month: 0 }, -1)).toEqual({ year: 2025, month: 11 });
    expect(addMonths({ year: 2026, month: 11 }, 1)).toEqual({ year: 2027, month: 0 });
  });

  it('places a span on each day it covers inside the grid', () => {
    const days = monthGrid({ year: 2026, month: 2 });
    const span = { date: '2026-02-20T12:00:00.000Z', endDate: '2026-03-02T12:00:00.000Z' };
    const single = { date: '2026-03-05T13:00:00.000Z' };
    const byDay = entriesByDay([span, single], days);
    expect(byDay.get('2026-03-01')).toEqual([span]);
    expect(byDay.get('2026-03-02')).toEqual([span]);
    expect(byDay.get('2026-03-03')).toEqual([]);
    expect(byDay.get('2026-03-05')).toEqual([single]);
  });
});
