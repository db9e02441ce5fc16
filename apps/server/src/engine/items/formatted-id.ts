import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { runtimeFormattedIdSequences } from './items.table.ts';

const SAO_PAULO_YEAR = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Sao_Paulo', year: 'numeric' });

/** The calendar year of an instant in America/Sao_Paulo (an item created at 22:00 on 31 Dec is of that year). */
export function saoPauloYear(instant: Date): number {
  return Number(SAO_PAULO_YEAR.format(instant));
}

const TOKEN = /\{(YYYY|SEQ:(\d{1,2}))\}/g;

/**
 * The formatted ID of a pattern like 'AET-{YYYY}-{SEQ:6}': {YYYY} the year, {SEQ:n} the sequence number
 * zero-padded to n digits (never cut). A pattern without {SEQ:n} gets '-<seq>' appended, so that IDs stay
 * unique (runtime_items has a unique index on component and formatted ID).
 */
export function renderFormattedId(pattern: string, year: number, sequence: number): string {
  let hasSequence = false;
  const text = pattern.replace(TOKEN, (_whole, token: string, width?: string) => {
    if (token === 'YYYY') return String(year);
    hasSequence = true;
    return String(sequence).padStart(Number(width), '0');
  });
  return hasSequence ? text : `${text}-${sequence}`;
}

/**
 * The next `count` formatted IDs of a component: one atomic upsert advances the component's counter for the
 * year by `count` and returns its new value, so concurrent creates never get the same numbers (the counter
 * row stays locked until the transaction ends). Patterns without {YYYY} use one counter for all years
 * (year 0), or IDs would repeat each January.
 */
export async function nextFormattedIds(
  tx: Db,
  component: { id: number; formattedIdPattern: string },
  now: Date,
  count: number,
): Promise<string[]> {
  if (count <= 0) return [];
  const year = saoPauloYear(now);
  const counterYear = component.formattedIdPattern.includes('{YYYY}') ? year : 0;
  const [row] = await tx
    .insert(runtimeFormattedIdSequences)
    .values({ componentId: component.id, year: counterYear, lastValue: count })
    .onConflictDoUpdate({
      target: [runtimeFormattedIdSequences.componentId, runtimeFormattedIdSequences.year],
      set: { lastValue: sql`${runtimeFormattedIdSequences.lastValue} + ${count}` },
    })
    .returning({ lastValue: runtimeFormattedIdSequences.lastValue });
  const first = row!.lastValue - count + 1;
  return Array.from({ length: count }, (_, index) =>
    renderFormattedId(component.formattedIdPattern, year, first + index),
  );
}

/** The next formatted ID of a component (see nextFormattedIds). */
export async function nextFormattedId(
  tx: Db,
  component: { id: number; formattedIdPattern: string },
  now: Date,
): Promise<string> {
  const [id] = await nextFormattedIds(tx, component, now, 1);
  return id!;
}
