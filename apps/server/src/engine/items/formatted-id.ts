import { renderFormattedId } from '@der/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { runtimeFormattedIdSequences } from './items.table.ts';

const SAO_PAULO_YEAR = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Sao_Paulo', year: 'numeric' });

/** The calendar year of an instant in America/Sao_Paulo (an item created at 22:00 on 31 Dec is of that year). */
export function saoPauloYear(instant: Date): number {
  return Number(SAO_PAULO_YEAR.format(instant));
}

type FormattedIdComponent = { id: number; formattedIdPattern: string; draftFormattedIdPattern?: string };

/** Which of a component's IDs: the final one (a request's protocol number) or the one it has while a draft. */
export type FormattedIdKind = 'final' | 'draft';

/**
 * The pattern and counter of a component's IDs: per year, or one for all years (year 0) when the pattern has no
 * {YYYY} — a yearly counter there would repeat the IDs each January. Draft IDs count on rows of their own, at
 * negative years (-year, or -1 for all years), so the two counters share the table and never meet.
 */
function counterOf(component: FormattedIdComponent, now: Date, kind: FormattedIdKind) {
  const year = saoPauloYear(now);
  const pattern =
    kind === 'draft'
      ? (component.draftFormattedIdPattern ?? component.formattedIdPattern)
      : component.formattedIdPattern;
  const yearly = pattern.includes('{YYYY}');
  if (kind === 'final') return { pattern, year, counterYear: yearly ? year : 0 };
  return { pattern, year, counterYear: yearly ? -year : -1 };
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
  component: FormattedIdComponent,
  now: Date,
  expected: number,
  kind: FormattedIdKind = 'final',
) {
  const { pattern, year, counterYear } = counterOf(component, now, kind);
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
      const ids = Array.from({ length: count }, (_, index) => renderFormattedId(pattern, year, next + index));
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
