import type { ReferenceCell, ReferenceTable } from '../definition/reference-table.ts';
import { parseRuleInstant } from './rule-values.ts';

/**
 * Functions the rule language adds to JSONata's own ($exists, $not, $count, $round, $string… are built in).
 * Pure JavaScript with no clock or randomness of their own: those come from the evaluation context, so tests
 * (and the browser/server parity table) can fix them.
 */

const DAY_MS = 86_400_000;

/**
 * $daysBetween(a, b): whole days from the ISO date/instant `a` to `b` (negative when b is earlier; truncated
 * toward zero, so 23 h is 0 days). Undefined when either is missing or not a valid date, so comparisons with it
 * are undefined too and a validation rule built on it does not fire on incomplete input.
 */
export function daysBetween(from: unknown, to: unknown): number | undefined {
  const start = parseRuleInstant(from);
  const end = parseRuleInstant(to);
  if (!start || !end) return undefined;
  return Math.trunc((end.getTime() - start.getTime()) / DAY_MS);
}

/** Most months $addMonths moves (a thousand years): beyond it no date of the product makes sense. */
const MAX_MONTHS = 12_000;

/**
 * $addMonths(a, n): the ISO instant `n` calendar months after `a` (before it when negative), at the same time of
 * day; a day the target month lacks is its last day (31 January + 1 month is 28 or 29 February). Undefined when
 * `a` is not a valid date or `n` not a whole number, like $daysBetween. A term of N months ends on this.
 */
export function addMonths(from: unknown, months: unknown): string | undefined {
  const start = parseRuleInstant(from);
  if (!start || typeof months !== 'number' || !Number.isInteger(months) || Math.abs(months) > MAX_MONTHS)
    return undefined;
  const monthIndex = start.getUTCMonth() + months;
  const year = start.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const moved = new Date(start);
  moved.setUTCFullYear(year, month, Math.min(start.getUTCDate(), lastDay));
  return moved.toISOString();
}

/** Longest token $randomToken may ask for, in bytes (the QR token needs 16 = 128 bits). */
export const RANDOM_TOKEN_MAX_BYTES = 64;

/**
 * $randomToken(n): n random bytes as lowercase hex (2n characters). Random on purpose: the AET validation token
 * must not be guessable from the item (domain.md). The bytes come from the context's source (Web Crypto by
 * default, present in browsers and in Node), so the function is the same code on both sides.
 */
export function randomToken(bytes: unknown, fill: (buffer: Uint8Array) => void): string | undefined {
  if (typeof bytes !== 'number' || !Number.isInteger(bytes)) return undefined;
  const size = Math.min(Math.max(bytes, 1), RANDOM_TOKEN_MAX_BYTES);
  const buffer = new Uint8Array(size);
  fill(buffer);
  return Array.from(buffer, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Web Crypto's getRandomValues (typed here: the contracts compile without the DOM or Node libraries). */
interface WebCrypto {
  getRandomValues(buffer: Uint8Array): Uint8Array;
}

export const webCryptoRandom = (buffer: Uint8Array): void => {
  (globalThis as unknown as { crypto: WebCrypto }).crypto.getRandomValues(buffer);
};

/** The rows of a reference table as rules read them: plain objects keyed by the columns' keys. */
export type ReferenceRows = ReadonlyArray<Readonly<Record<string, ReferenceCell>>>;

/**
 * Where `$table('key')` finds a reference table's rows: the browser has the tables the form view carried, the
 * server loads its definition's tables only when a rule asks (most components use none). Undefined: the
 * definition has no table of that key.
 */
export type ReferenceTableSource = (
  key: string,
) => ReferenceRows | undefined | Promise<ReferenceRows | undefined>;

/** A source over tables already at hand (a definition's `referenceTables`, the form view's). */
export function referenceTableSource(
  tables: ReadonlyArray<Pick<ReferenceTable, 'key' | 'rows'>>,
): ReferenceTableSource {
  return (key) => tables.find((table) => table.key === key)?.rows;
}

/**
 * $table('key'): the rows of the definition's reference table `key` (domain.md: limits, fees… are
 * configuration, never code). A key the definition lacks, or an evaluation given no tables, is an error and
 * not an empty list: a validation rule over a missing table must fail closed rather than let everything pass.
 */
export async function tableRows(
  key: unknown,
  source: ReferenceTableSource | undefined,
): Promise<ReferenceRows> {
  if (typeof key !== 'string')
    throw { code: 'RULE_TABLE', message: '$table needs the key of a reference table' };
  const rows = source ? await source(key) : undefined;
  if (!rows) throw { code: 'RULE_TABLE', message: `the definition has no reference table '${key}'` };
  return rows;
}

/** `$table('key')` (or with double quotes) in an expression's text, also inside JSON-escaped text. */
const TABLE_CALL = /\$table\(\s*\\?['"]([A-Za-z][A-Za-z0-9_-]*)\\?['"]\s*\)/g;

/**
 * The keys of the reference tables a definition part names with $table (its rules, its forms' indicators…),
 * so the browser is sent those tables and no other.
 */
export function referencedTableKeys(part: unknown): Set<string> {
  const keys = new Set<string>();
  for (const match of JSON.stringify(part ?? null).matchAll(TABLE_CALL)) keys.add(match[1] as string);
  return keys;
}
