import type { TimesheetEntryInput } from '@der/contracts';

const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A note's or a cell's minutes, or why they cannot be had. */
export type EntryMinutes =
  | { ok: true; minutes: number; startTime: string | null; endTime: string | null }
  | {
      ok: false;
      field: 'startTime' | 'endTime' | 'minutes';
      reason: 'noteOrder' | 'noteIncomplete' | 'minutesMissing';
    };

/**
 * A note with a start and an end counts their difference (and must start before it ends); a cell counts its
 * minutes. Half a note is refused rather than guessed.
 */
export function entryMinutes(
  input: Pick<TimesheetEntryInput, 'minutes' | 'startTime' | 'endTime'>,
): EntryMinutes {
  const { startTime, endTime } = input;
  if (startTime !== undefined || endTime !== undefined) {
    if (startTime === undefined) return { ok: false, field: 'startTime', reason: 'noteIncomplete' };
    if (endTime === undefined) return { ok: false, field: 'endTime', reason: 'noteIncomplete' };
    const minutes = minuteOf(endTime) - minuteOf(startTime);
    if (minutes <= 0) return { ok: false, field: 'endTime', reason: 'noteOrder' };
    return { ok: true, minutes, startTime, endTime };
  }
  if (input.minutes === undefined) return { ok: false, field: 'minutes', reason: 'minutesMissing' };
  return { ok: true, minutes: input.minutes, startTime: null, endTime: null };
}

/** Whether two notes of a day overlap in time (cells without times never do). */
export function notesOverlap(
  notes: ReadonlyArray<{ startTime: string | null; endTime: string | null }>,
): boolean {
  const timed = notes
    .filter((note) => note.startTime !== null && note.endTime !== null)
    .map((note) => [minuteOf(note.startTime as string), minuteOf(note.endTime as string)] as const)
    .sort((a, b) => a[0] - b[0]);
  return timed.some(
    (note, index) => index > 0 && note[0] < (timed[index - 1] as readonly [number, number])[1],
  );
}
