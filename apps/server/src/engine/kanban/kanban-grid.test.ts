import { KANBAN_FIRST_PAGE_SIZE } from '@der/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { STATUS_VIEW, useKanbanApp } from '../../../test/fixtures/kanban-app.ts';
import { runtimeItems } from '../items/items.table.ts';

const ctx = useKanbanApp();

type Row = { responsibleId: number | null; name: string; counts: Array<{ value: string; count: number }> };
const countIn = (row: Row | undefined, lane: string) =>
  row?.counts.find((entry) => entry.value === lane)?.count;

/** Swimlanes, the board's first pages and the counts a drop answers (issue 16). */
describe('kanban board: first pages, swimlane grid, counts after a drop', () => {
  let analysed: Array<{ id: number; version: number }>;

  beforeAll(async () => {
    const { people } = ctx;
    analysed = [];
    // 22 in analysis: 12 the analyst is responsible for, 10 without a responsible; 1 draft of the applicant's.
    for (let index = 0; index < 22; index += 1) {
      const request = await ctx.newRequest('applicant', 'emAnalise');
      // The search box looks in the title (set directly, as the seed does).
      await ctx.app.database.db
        .update(runtimeItems)
        .set({ title: `Análise ${index}`, responsibleId: index < 12 ? people.analyst.id : null })
        .where(eq(runtimeItems.id, request.id));
      analysed.push(request);
    }
    await ctx.newRequest('applicant');
  });

  it('answers every lane with its first page: the first paint needs no other request', async () => {
    const board = (await ctx.post('loadKanbanBoard', 'analyst', { viewId: STATUS_VIEW })).json();
    const analysis = board.lanes.find((lane: { value: string }) => lane.value === 'emAnalise');
    expect(analysis.count).toBe(22);
    expect(analysis.firstPage.cards).toHaveLength(KANBAN_FIRST_PAGE_SIZE);
    expect(analysis.firstPage.nextCursor).not.toBeNull();
    const rest = await ctx.laneOf(STATUS_VIEW, 'analyst', 'emAnalise', {
      after: analysis.firstPage.nextCursor,
    });
    const seen = [...analysis.firstPage.cards, ...rest.cards].map((card: { ID: number }) => card.ID);
    expect(new Set(seen).size).toBe(22);
    // The other applicant reads none of these: their board's pages hold none and count none.
    const others = (await ctx.post('loadKanbanBoard', 'other', { viewId: STATUS_VIEW })).json();
    for (const lane of others.lanes) {
      expect(lane.count).toBe(0);
      expect(lane.firstPage.cards).toEqual([]);
    }
  });

  it('answers one swimlane row per responsible and one for none (last), with counts per lane', async () => {
    const response = await ctx.post('loadKanbanSwimlanes', 'analyst', { viewId: STATUS_VIEW });
    expect(response.statusCode).toBe(200);
    const { rows, capped } = response.json() as { rows: Row[]; capped: boolean };
    expect(capped).toBe(false);
    expect(rows.at(-1)).toMatchObject({ responsibleId: null, name: '' });
    const analyst = rows.find((row) => row.responsibleId === ctx.people.analyst.id);
    expect(analyst?.name).toBe(ctx.people.analyst.name);
    expect(countIn(analyst, 'emAnalise')).toBe(12);
    expect(countIn(rows.at(-1), 'emAnalise')).toBe(10);
    expect(countIn(rows.at(-1), 'rascunho')).toBeGreaterThanOrEqual(1);
    // The search box narrows the rows as it narrows the lanes.
    const searched = (
      await ctx.post('loadKanbanSwimlanes', 'analyst', { viewId: STATUS_VIEW, search: 'Análise 1' })
    ).json() as { rows: Row[] };
    const total = searched.rows.reduce((sum, row) => sum + (countIn(row, 'emAnalise') ?? 0), 0);
    // 'Análise 1' and 'Análise 10'…'Análise 19'.
    expect(total).toBe(11);
  });

  it('pages a swimlane cell: one responsible’s cards of a lane, or those of none', async () => {
    const mine = await ctx.laneOf(STATUS_VIEW, 'analyst', 'emAnalise', {
      responsibleId: ctx.people.analyst.id,
      limit: 50,
    });
    expect(mine.cards).toHaveLength(12);
    const none = await ctx.laneOf(STATUS_VIEW, 'analyst', 'emAnalise', { responsibleId: null, limit: 50 });
    expect(none.cards).toHaveLength(10);
    const ids = new Set(mine.cards.map((card) => card.ID));
    expect(none.cards.some((card) => ids.has(card.ID))).toBe(false);
  });

  it('never shows another’s swimlanes; 404 for an application not granted', async () => {
    const others = (await ctx.post('loadKanbanSwimlanes', 'other', { viewId: STATUS_VIEW })).json();
    expect(others.rows).toEqual([]);
    const ungranted = await ctx.post('loadKanbanSwimlanes', 'ungranted', { viewId: STATUS_VIEW });
    expect(ungranted.statusCode).toBe(404);
  });

  it('a drop answers the counts of the lane left and the lane entered, under the board’s filter', async () => {
    const card = analysed[21]!;
    const moved = await ctx.post('moveKanbanCard', 'analyst', {
      viewId: STATUS_VIEW,
      itemId: card.id,
      version: card.version,
      toLane: 'correcao',
      reason: 'Falta a planta',
      search: 'Análise',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().counts).toEqual([
      { value: 'emAnalise', count: 21, capped: false },
      { value: 'correcao', count: 1, capped: false },
    ]);
  });
});
