import { and, eq, sql } from 'drizzle-orm';
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
 * The counter of a component's pattern: per year, or one for all years (year 0) when it has no {YYYY} — a
 * yearly counter there would repeat the IDs each January.
 */
function counterOf(component: { id: number; formattedIdPattern: string }, now: Date) {
  const year = saoPauloYear(now);
  return { year, counterYear: component.formattedIdPattern.includes('{YYYY}') ? year : 0 };
}

/**
 * Advances the component's counter by `count` in one atomic upsert and answers the first number taken: so
 * concurrent creates never get the same numbers (the counter row stays locked until the transaction ends).
 */
async function advanceCounter(
  tx: Db,
  componentId: number,
  counterYear: number,
  count: number,
): Promise<number> {
  const [row] = await tx
    .insert(runtimeFormattedIdSequences)
    .values({ componentId, year: counterYear, lastValue: count })
    .onConflictDoUpdate({
      target: [runtimeFormattedIdSequences.componentId, runtimeFormattedIdSequences.year],
      set: { lastValue: sql`${runtimeFormattedIdSequences.lastValue} + ${count}` },
    })
    .returning({ lastValue: runtimeFormattedIdSequences.lastValue });
  return row!.lastValue - count + 1;
}

/**
 * Formatted IDs handed out from a block the transaction reserves at once (`expected` numbers, or what is
 * asked when more), so a long run of creates does not go to the database for each slice; `release` gives the
 * unused numbers back. Safe because the counter row stays locked by this transaction from the first
 * reservation on: nobody else can take numbers in between, so the block is contiguous and its tail is still
 * the counter's end when released. Call `release` before the transaction commits.
 */
export function formattedIdBlock(
  tx: Db,
  component: { id: number; formattedIdPattern: string },
  now: Date,
  expected: number,
) {
  const { year, counterYear } = counterOf(component, now);
  let next = 0;
  let available = 0;
  return {
    async take(count: number): Promise<string[]> {
      if (count <= 0) return [];
      if (available < count) {
        const more = Math.max(count - available, expected - available);
        const first = await advanceCounter(tx, component.id, counterYear, more);
        if (available === 0) next = first;
        available += more;
      }
      const ids = Array.from({ length: count }, (_, index) =>
        renderFormattedId(component.formattedIdPattern, year, next + index),
      );
      next += count;
      available -= count;
      expected = 0;
      return ids;
    },
    async release(): Promise<void> {
      if (available === 0) return;
      await tx
        .update(runtimeFormattedIdSequences)
        .set({ lastValue: sql`${runtimeFormattedIdSequences.lastValue} - ${available}` })
        .where(
          and(
            eq(runtimeFormattedIdSequences.componentId, component.id),
            eq(runtimeFormattedIdSequences.year, counterYear),
          ),
        );
      available = 0;
    },
  };
}
