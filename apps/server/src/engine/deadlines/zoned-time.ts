/**
 * Calendar days and wall-clock minutes in a time zone, without a time-zone library: Intl gives the zone's
 * offset at an instant (Brazil has kept UTC−3 all year since 2019, but a deadline counted over a past or future
 * change of rule must still land on the wall-clock time the calendar means).
 */

/** A calendar day, 'YYYY-MM-DD'. */
export type LocalDay = string;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of an instant in the zone: its day and the minute of that day (seconds kept as a fraction). */
export function wallClockOf(instant: Date, timeZone: string): { day: LocalDay; minute: number } {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const seconds = Number(parts.second) + (instant.getTime() % 1000) / 1000;
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    minute: Number(parts.hour) * 60 + Number(parts.minute) + seconds / 60,
  };
}

/** Minutes the zone is ahead of UTC at an instant (−180 in São Paulo). */
function offsetMinutesAt(instant: Date, timeZone: string): number {
  const { day, minute } = wallClockOf(instant, timeZone);
  const wallAsUtc = Date.parse(`${day}T00:00:00Z`) + minute * 60_000;
  return Math.round((wallAsUtc - instant.getTime()) / 60_000);
}

/**
 * The instant a wall-clock minute of a day names in the zone. Two passes settle an offset change between the
 * guess and the answer; a wall time skipped by a change (spring forward) lands just after the gap.
 */
export function instantOf(day: LocalDay, minute: number, timeZone: string): Date {
  const wallAsUtc = Date.parse(`${day}T00:00:00Z`) + minute * 60_000;
  let instant = wallAsUtc - offsetMinutesAt(new Date(wallAsUtc), timeZone) * 60_000;
  instant = wallAsUtc - offsetMinutesAt(new Date(instant), timeZone) * 60_000;
  return new Date(instant);
}

/** The day `count` days after (or before) a day. */
export function addDays(day: LocalDay, count: number): LocalDay {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * 86_400_000).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, as WorkPeriod.weekday counts. */
export function weekdayOf(day: LocalDay): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** The days from `from` to `to`, both included. */
export function daysBetween(from: LocalDay, to: LocalDay): LocalDay[] {
  const days: LocalDay[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}
