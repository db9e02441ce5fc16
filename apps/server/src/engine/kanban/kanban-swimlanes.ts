import {
  type KanbanLaneCount,
  type KanbanSwimlane,
  type KanbanSwimlanes,
  LIST_COUNT_CAP,
  MAX_KANBAN_SWIMLANES,
} from '@der/contracts';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import type { ItemActor } from '../items/create-items.ts';
import { runtimeItems } from '../items/items.table.ts';
import { scopeCondition } from '../query/list-query.ts';
import type { LaneReader } from './kanban-cards.ts';
import type { BoardFilter, ResolvedBoard } from './kanban-view.ts';

/**
 * How many cards of one lane each responsible holds: the lane's matching rows (visibility and filter applied)
 * read up to the count cap, grouped. Past the cap the split is of the first LIST_COUNT_CAP rows, so every cell
 * of the lane says "at least".
 */
async function laneSplit(
  db: Db,
  reader: LaneReader,
  actor: ItemActor,
  board: ResolvedBoard,
  filter: BoardFilter,
  lane: string,
) {
  const { scope } = reader.resolveLane(actor, board, filter, lane);
  const limited = db
    .select({ responsibleId: runtimeItems.responsibleId })
    .from(runtimeItems)
    .where(scopeCondition(scope))
    .limit(LIST_COUNT_CAP + 1)
    .as('limited');
  const groups = await db
    .select({ responsibleId: limited.responsibleId, count: sql<number>`count(*)::int` })
    .from(limited)
    .groupBy(limited.responsibleId);
  const total = groups.reduce((sum, group) => sum + Number(group.count), 0);
  return { lane, capped: total > LIST_COUNT_CAP, groups };
}

/**
 * The swimlane grid's rows (spec §2.9 kanban, swimlanes by responsible): one per responsible of the board's
 * cards under its filter, with the counts per lane, the busiest first and the row of cards without a
 * responsible last; at most MAX_KANBAN_SWIMLANES rows.
 */
export async function loadSwimlanes(
  db: Db,
  reader: LaneReader,
  actor: ItemActor,
  board: ResolvedBoard,
  filter: BoardFilter,
): Promise<KanbanSwimlanes> {
  const splits = await Promise.all(
    board.lanes.map((lane) => laneSplit(db, reader, actor, board, filter, lane.value)),
  );
  const totals = new Map<number | null, number>();
  for (const split of splits)
    for (const group of split.groups)
      totals.set(group.responsibleId, (totals.get(group.responsibleId) ?? 0) + Number(group.count));
  const ordered = [...totals.entries()]
    .filter(([id]) => id !== null)
    .sort(([, a], [, b]) => b - a)
    .map(([id]) => id as number);
  const kept = ordered.slice(0, MAX_KANBAN_SWIMLANES - (totals.has(null) ? 1 : 0));
  const named =
    kept.length > 0
      ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, kept))
      : [];
  const nameOf = new Map(named.map((user) => [user.id, user.name]));
  const countsOf = (responsibleId: number | null): KanbanLaneCount[] =>
    splits.map((split) => ({
      value: split.lane,
      count: Number(split.groups.find((group) => group.responsibleId === responsibleId)?.count ?? 0),
      capped: split.capped,
    }));
  const rows: KanbanSwimlane[] = kept
    .map((id) => ({ responsibleId: id, name: nameOf.get(id) ?? '', counts: countsOf(id) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  if (totals.has(null)) rows.push({ responsibleId: null, name: '', counts: countsOf(null) });
  return { rows, capped: ordered.length > kept.length };
}
