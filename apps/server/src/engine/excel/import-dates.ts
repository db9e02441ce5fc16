import type { RawCell } from './raw-cell.ts';
import { fromSaoPauloWallClock } from './sao-paulo-time.ts';

const BRAZILIAN_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
/** An ISO date or date-time without a zone (`2030-04-30`, `2030-04-30T10:30[:00[.000]]`). */
const ISO_WITHOUT_ZONE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?$/;

/** Day 0 of Excel's 1900 date system is 1899-12-30 (Excel's 1900 leap-year bug is absorbed by it). */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_SECONDS = 86_400;
/** Serial of 10000-01-01: later serials are no date Excel can show. */
const EXCEL_SERIAL_MAX = 2_958_466;

/** A São Paulo wall-clock reading as ISO UTC text; null when the calendar day does not exist (31/02). */
function wallClockInstant(parts: readonly (string | undefined)[]): string | null {
  const [year, month, day, hour = '0', minute = '0', second = '0'] = parts.map((part) => part ?? '0');
  const wall = new Date(
    Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second)),
  );
  // Date.UTC rolls a day or an hour that does not exist over into the next one: refuse it instead.
  if (
    wall.getUTCDate() !== Number(day) ||
    wall.getUTCMonth() !== Number(month) - 1 ||
    wall.getUTCHours() !== Number(hour) ||
    wall.getUTCMinutes() !== Number(minute)
  )
    return null;
  return fromSaoPauloWallClock(wall).toISOString();
}

/**
 * A date cell as the write side's instant input, read as the São Paulo wall clock (what an export writes and
 * what a person in the department types): a date cell (a JS Date whose UTC fields are the reading), an Excel
 * serial number (a date cell read without its number format — ExcelJS's streaming reader does not always
 * recognise it), 'DD/MM/YYYY' or 'DD/MM/YYYY HH:mm[:ss]' text, or ISO text (with a zone: that instant;
 * without one: São Paulo). Anything else is passed on as it is, for the validation to refuse ('incorrectDate').
 */
export function instantInput(raw: Exclude<RawCell, null>): unknown {
  if (raw instanceof Date) {
    return Number.isNaN(raw.getTime()) ? raw : fromSaoPauloWallClock(raw).toISOString();
  }
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw) || raw < 1 || raw >= EXCEL_SERIAL_MAX) return raw;
    // Whole seconds: a serial's fraction of a day is a binary fraction (10:30 is 0.4375, 10:31 is not exact).
    const wallMs = EXCEL_EPOCH_MS + Math.round(raw * DAY_SECONDS) * 1000;
    return fromSaoPauloWallClock(new Date(wallMs)).toISOString();
  }
  if (typeof raw !== 'string') return raw;
  const text = raw.trim();
  const brazilian = BRAZILIAN_DATE.exec(text);
  if (brazilian) {
    const [, day, month, year, hour, minute, second] = brazilian;
    return wallClockInstant([year, month, day, hour, minute, second]) ?? raw;
  }
  const iso = ISO_WITHOUT_ZONE.exec(text);
  if (iso) return wallClockInstant(iso.slice(1)) ?? raw;
  return raw;
}
