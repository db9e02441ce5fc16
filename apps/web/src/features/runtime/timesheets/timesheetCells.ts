import type { Timesheet, TimesheetEntry, TimesheetEntryInput } from '@der/contracts';
import { minutesOfText } from './timesheetDates.ts';

export const cellKey = (itemId: number, day: string) => `${itemId}:${day}`;

/** The entries of each cell (item × day). */
export function entriesByCell(entries: readonly TimesheetEntry[]): Map<string, TimesheetEntry[]> {
  const cells = new Map<string, TimesheetEntry[]>();
  for (const entry of entries) {
    const key = cellKey(entry.itemId, entry.day);
    cells.set(key, [...(cells.get(key) ?? []), entry]);
  }
  return cells;
}

/** A cell is typed in when it holds at most one entry without times (notes are changed in the notes list). */
export function isTypedCell(entries: readonly TimesheetEntry[] | undefined): boolean {
  return !entries || (entries.length <= 1 && entries.every((entry) => entry.startTime === null));
}

/** The minutes a cell shows: its draft when typed in and valid, else its entries'. */
export function cellMinutes(
  entries: readonly TimesheetEntry[] | undefined,
  draft: string | undefined,
): number {
  const typed = draft === undefined ? null : minutesOfText(draft);
  if (typed !== null) return typed;
  return (entries ?? []).reduce((total, entry) => total + entry.minutes, 0);
}

/** The drafts as one save: new cells inserted, changed ones updated at their version, emptied ones removed. */
export function changesOf(
  sheet: Timesheet,
  drafts: ReadonlyMap<string, string>,
): { entries: TimesheetEntryInput[]; deletions: Array<{ id: number; version: number }>; invalid: string[] } {
  const cells = entriesByCell(sheet.entries);
  const entries: TimesheetEntryInput[] = [];
  const deletions: Array<{ id: number; version: number }> = [];
  const invalid: string[] = [];
  for (const [key, text] of drafts) {
    const minutes = minutesOfText(text);
    if (minutes === null) {
      invalid.push(key);
      continue;
    }
    const [itemText, day = ''] = key.split(':');
    const itemId = Number(itemText);
    const existing = cells.get(key)?.[0];
    if (existing && minutes === 0) deletions.push({ id: existing.id, version: existing.version });
    else if (existing && minutes !== existing.minutes)
      entries.push({ id: existing.id, version: existing.version, itemId, day, minutes });
    else if (!existing && minutes > 0) entries.push({ itemId, day, minutes });
  }
  return { entries, deletions, invalid };
}
