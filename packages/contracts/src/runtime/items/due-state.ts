import { z } from 'zod';

/**
 * Where an item stands against the deadline of its status (engine/deadlines): none without one, onTime before
 * its warning time, dueSoon from then (the status's warnAtPercent of the working time spent), overdue once due.
 */
export const DUE_STATES = ['none', 'onTime', 'dueSoon', 'overdue'] as const;
export type DueState = (typeof DUE_STATES)[number];
export const DueStateSchema = z.enum(DUE_STATES);

/** An item's deadline as lists, forms and cards read it: ISO instants and the state at the time of the answer. */
export const ItemDueSchema = z.object({
  dueAt: z.string().nullable(),
  dueSoonAt: z.string().nullable(),
  dueState: DueStateSchema,
});
export type ItemDue = z.infer<typeof ItemDueSchema>;

/** The state of a deadline at `now` (the web recomputes it as time passes on an open page). */
export function dueStateOf(
  dueAt: Date | string | null,
  dueSoonAt: Date | string | null,
  now: Date,
): DueState {
  if (dueAt === null) return 'none';
  const time = now.getTime();
  if (time >= new Date(dueAt).getTime()) return 'overdue';
  if (dueSoonAt !== null && time >= new Date(dueSoonAt).getTime()) return 'dueSoon';
  return 'onTime';
}
