import type { Timesheet } from '@der/contracts';
import { describe, expect, it } from 'vitest';
import { changesOf, isTypedCell } from './timesheetCells.ts';
import { hoursText, minutesOfText, rangeAround, shiftAnchor } from './timesheetDates.ts';

const entry = (
  id: number,
  itemId: number,
  day: string,
  minutes: number,
  startTime: string | null = null,
) => ({
  id,
  itemId,
  day,
  minutes,
  startTime,
  endTime: startTime ? '18:00' : null,
  note: '',
  origin: 'manual' as const,
  version: 3,
});

describe('the hours typed in a cell', () => {
  it.each([
    ['1:30', 90],
    ['8', 480],
    ['1,5', 90],
    ['0.25', 15],
    ['', 0],
    ['  2:05 ', 125],
  ])('%j is %i minutes', (text, minutes) => expect(minutesOfText(text)).toBe(minutes));

  it.each(['1:75', 'abc', '-1', '1,555', '123'])('%j is not hours', (text) =>
    expect(minutesOfText(text)).toBeNull(),
  );

  it('are shown as h:mm, nothing for none', () => {
    expect([hoursText(0), hoursText(45), hoursText(480), hoursText(605)]).toEqual([
      '',
      '0:45',
      '8:00',
      '10:05',
    ]);
  });
});

describe('the period shown', () => {
  it('is the Monday-to-Sunday week or the calendar month holding the day', () => {
    expect(rangeAround('2026-12-03', 'week')).toEqual({ from: '2026-11-30', to: '2026-12-06' });
    expect(rangeAround('2026-02-14', 'month')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(shiftAnchor('2026-12-31', 'month', 1)).toBe('2027-01-01');
    expect(shiftAnchor('2026-12-03', 'week', -1)).toBe('2026-11-26');
  });
});

describe('the drafts of the grid as one save', () => {
  const sheet = {
    entries: [
      entry(1, 10, '2026-12-01', 60),
      entry(2, 10, '2026-12-02', 120),
      entry(3, 11, '2026-12-01', 60, '17:00'),
    ],
  } as unknown as Timesheet;

  it('inserts new cells, updates changed ones at their version, removes emptied ones and flags bad text', () => {
    const drafts = new Map([
      ['10:2026-12-01', '1:00'],
      ['10:2026-12-02', ''],
      ['10:2026-12-03', '2,5'],
      ['11:2026-12-02', '0:30'],
      ['11:2026-12-03', 'x'],
    ]);
    expect(changesOf(sheet, drafts)).toEqual({
      entries: [
        { itemId: 10, day: '2026-12-03', minutes: 150 },
        { itemId: 11, day: '2026-12-02', minutes: 30 },
      ],
      deletions: [{ id: 2, version: 3 }],
      invalid: ['11:2026-12-03'],
    });
    expect(changesOf(sheet, new Map([['10:2026-12-01', '1:15']])).entries).toEqual([
      { id: 1, version: 3, itemId: 10, day: '2026-12-01', minutes: 75 },
    ]);
  });

  it('leaves cells with timed notes to the notes list', () => {
    expect(isTypedCell([entry(3, 11, '2026-12-01', 60, '17:00')])).toBe(false);
    expect(isTypedCell([entry(1, 10, '2026-12-01', 60)])).toBe(true);
    expect(isTypedCell(undefined)).toBe(true);
  });
});
