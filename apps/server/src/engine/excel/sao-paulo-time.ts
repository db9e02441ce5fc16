/**
 * Spreadsheet dates have no time zone: they are wall-clock readings. The product shows instants in
 * America/Sao_Paulo (architecture "Dates"), so exports write the São Paulo wall clock and imports read one.
 * ExcelJS converts a JS Date by its UTC fields, hence the "wall-clock Date": a Date whose UTC fields are the
 * São Paulo reading.
 */
const PARTS = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Sao_Paulo',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

const HOUR_MS = 3_600_000;
/** Offsets change only on whole hours (and rarely): one Intl call per hour of the data, not per cell. */
const offsetByHour = new Map<number, number>();

/** São Paulo's offset from UTC at an instant, in ms (e.g. −3 h = −10 800 000). */
let lastHour = Number.NaN;
let lastOffset = 0;

function offsetAt(instantMs: number): number {
  const hour = Math.floor(instantMs / HOUR_MS);
  // Exported rows come in order, so neighbouring cells mostly share their hour: skip the map then.
  if (hour === lastHour) return lastOffset;
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const probe = hour * HOUR_MS;
    const parts = Object.fromEntries(
      PARTS.formatToParts(new Date(probe)).map((part) => [part.type, part.value]),
    );
    const wall = Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
      Number(parts.second),
    );
    offset = wall - probe;
    if (offsetByHour.size > 100_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  lastHour = hour;
  lastOffset = offset;
  return offset;
}

export function toSaoPauloWallClock(instant: Date): Date {
  return new Date(instant.getTime() + offsetAt(instant.getTime()));
}

/** The instant a São Paulo wall-clock reading stands for (the later one when a clock change repeats it). */
export function fromSaoPauloWallClock(wall: Date): Date {
  const guess = wall.getTime() - offsetAt(wall.getTime());
  return new Date(wall.getTime() - offsetAt(guess));
}
