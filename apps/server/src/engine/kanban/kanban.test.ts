import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE, FIELD_VIEW, REQUEST, STATUS_VIEW, useKanbanApp } from '../../../test/fixtures/kanban-app.ts';
import { runtimeItems, runtimeItemVersions } from '../items/items.table.ts';

const ctx = useKanbanApp();
const post: typeof ctx.post = (...args) => ctx.post(...args);
const newRequest: typeof ctx.newRequest = (...args) => ctx.newRequest(...args);
const laneOf: typeof ctx.laneOf = (...args) => ctx.laneOf(...args);

describe('kanban boards', () => {
  let mine: { id: number; version: number };
  let others: { id: number; version: number };
  let inAnalysis: Array<{ id: number; version: number }>;

  beforeAll(async () => {
    mine = await newRequest('applicant');
    others = await newRequest('other');
    inAnalysis = [];
    for (let index = 0; index < 3; index += 1) inAnalysis.push(await newRequest('applicant', 'emAnalise'));
  });

  it('answers the lanes in order with names, colours, counts and the card fields as columns', async () => {
    const response = await post('loadKanbanBoard', 'analyst', { viewId: STATUS_VIEW });
    expect(response.statusCode).toBe(200);
    const board = response.json();
    expect(board).toMatchObject({ componentId: REQUEST, byStatus: true, swimlanes: 'responsible' });
    expect(board.lanes.map((lane: { value: string }) => lane.value)).toEqual([
      'rascunho',
      'emAnalise',
      'correcao',
      'aprovado',
    ]);
    expect(board.lanes[0]).toMatchObject({ name: 'Rascunho', color: '#EC407A', allowCreate: true });
    // Only the initial status takes a new card, whatever the lane says.
    expect(board.lanes[1]).toMatchObject({ name: 'Em análise', color: '#1565C0', allowCreate: false });
    expect(board.lanes[1].count).toBeGreaterThanOrEqual(3);
    expect(board.cardFields.map((column: { name: string }) => column.name)).toEqual([
      'nome',
      'tipo',
      'ResponsibleName',
    ]);
    const english = await post('loadKanbanBoard', 'analyst', { viewId: STATUS_VIEW }, 'en');
    expect(english.json().lanes[1].name).toBe('Under review');
  });

  it('never shows nor counts cards the user may not read (A cannot read B’s)', async () => {
    const board = (await post('loadKanbanBoard', 'other', { viewId: STATUS_VIEW })).json();
    expect(board.lanes[0].count).toBe(1);
    expect(board.lanes[1].count).toBe(0);
    const drafts = await laneOf(STATUS_VIEW, 'other', 'rascunho');
    expect(drafts.cards.map((card) => card.ID)).toEqual([others.id]);
    const applicantDrafts = await laneOf(STATUS_VIEW, 'applicant', 'rascunho');
    expect(applicantDrafts.cards.map((card) => card.ID)).toContain(mine.id);
    expect(applicantDrafts.cards.map((card) => card.ID)).not.toContain(others.id);
    const moves = await post('getKanbanMoves', 'applicant', { viewId: STATUS_VIEW, itemId: others.id });
    expect(moves.statusCode).toBe(404);
  });

  it('answers 404 for a view of an application not granted, and for an unknown view', async () => {
    for (const [path, payload] of [
      ['loadKanbanBoard', { viewId: STATUS_VIEW }],
      ['loadKanbanCards', { viewId: STATUS_VIEW, lane: 'rascunho' }],
      ['getKanbanMoves', { viewId: STATUS_VIEW, itemId: mine.id }],
      ['moveKanbanCard', { viewId: STATUS_VIEW, itemId: mine.id, version: 1, toLane: 'emAnalise' }],
    ] as const) {
      const response = await post(path, 'ungranted', payload);
      expect(response.statusCode, path).toBe(404);
    }
    expect((await post('loadKanbanBoard', 'admin', { viewId: 999_999 })).statusCode).toBe(404);
  });

  it('pages a lane by keyset cursors, and narrows it by the search box and a saved query', async () => {
    const first = await laneOf(STATUS_VIEW, 'analyst', 'emAnalise', { limit: 2 });
    expect(first.cards).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = await laneOf(STATUS_VIEW, 'analyst', 'emAnalise', { limit: 2, after: first.nextCursor });
    const seen = [...first.cards, ...second.cards].map((card) => card.ID);
    expect(new Set(seen).size).toBe(seen.length);
    for (const item of inAnalysis) expect(seen).toContain(item.id);
    expect(second.cards.every((card) => card.Status === 'emAnalise')).toBe(true);

    const target = await newRequest('applicant', 'emAnalise', { nome: 'Guindaste especial' });
    await ctx.app.database.db
      .update(runtimeItems)
      .set({ title: 'Guindaste especial' })
      .where(eq(runtimeItems.id, target.id));
    const found = await laneOf(STATUS_VIEW, 'analyst', 'emAnalise', { search: 'guindaste' });
    expect(found.cards.map((card) => card.ID)).toEqual([target.id]);
    const board = (
      await post('loadKanbanBoard', 'analyst', { viewId: STATUS_VIEW, search: 'guindaste' })
    ).json();
    expect(board.lanes[1].count).toBe(1);

    const periodic = await newRequest('applicant', 'emAnalise', { tipo: 'periodo' });
    const byQuery = await laneOf(STATUS_VIEW, 'analyst', 'emAnalise', { queryId: BASE * 10 + 2 });
    expect(byQuery.cards.map((card) => card.ID)).toEqual([periodic.id]);
  });

  it('refuses a lane the board does not have', async () => {
    const response = await post('loadKanbanCards', 'analyst', { viewId: STATUS_VIEW, lane: 'emitido' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('lane');
  });

  it('offers as targets the lanes the actions of this user reach, with the action', async () => {
    const card = inAnalysis[0]!;
    const moves = (await post('getKanbanMoves', 'analyst', { viewId: STATUS_VIEW, itemId: card.id })).json();
    expect(moves.lane).toBe('emAnalise');
    const byLane = Object.fromEntries(
      moves.targets.map((target: { lane: string; action: { key: string } }) => [
        target.lane,
        target.action.key,
      ]),
    );
    // 'assumir' keeps the status: no lane; no action reaches Rascunho; 'aprovar' needs a board member.
    expect(byLane).toEqual({ correcao: 'pedirCorrecao' });
    expect(
      moves.targets.find((target: { lane: string }) => target.lane === 'correcao').action.reasonRequired,
    ).toBe(true);
    const applicants = (
      await post('getKanbanMoves', 'applicant', { viewId: STATUS_VIEW, itemId: card.id })
    ).json();
    expect(applicants.targets).toEqual([]);
  });

  it('a drop runs the action linking the two lanes, with its reason, through the one save', async () => {
    const card = inAnalysis[1]!;
    const drop = { viewId: STATUS_VIEW, itemId: card.id, version: card.version, toLane: 'correcao' };
    const withoutReason = await post('moveKanbanCard', 'analyst', drop);
    expect(withoutReason.statusCode).toBe(400);
    expect(withoutReason.json().details).toEqual([
      expect.objectContaining({ field: 'reason', message: 'Informe o motivo desta ação' }),
    ]);

    const moved = await post('moveKanbanCard', 'analyst', { ...drop, reason: 'Falta o documento' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ lane: 'correcao', card: { ID: card.id, Status: 'correcao' } });
    const versions = await ctx.app.database.db
      .select()
      .from(runtimeItemVersions)
      .where(eq(runtimeItemVersions.itemId, card.id));
    expect(versions.at(-1)).toMatchObject({
      changedBy: ctx.people.analyst.id,
      changes: { StatusName: { from: 'emAnalise', to: 'correcao' }, Reason: { to: 'Falta o documento' } },
    });

    const stale = await post('moveKanbanCard', 'analyst', { ...drop, toLane: 'emAnalise', reason: 'x' });
    expect([400, 409]).toContain(stale.statusCode);
  });

  it('refuses, naming the lane, a drop on a lane no action of the user reaches; 409 when stale', async () => {
    const card = inAnalysis[2]!;
    const unreachable = await post(
      'moveKanbanCard',
      'analyst',
      { viewId: STATUS_VIEW, itemId: card.id, version: card.version, toLane: 'rascunho' },
      'en',
    );
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.json().details).toEqual([
      { field: 'lane', message: 'No action of yours takes this card to the lane Draft' },
    ]);
    const stale = await post('moveKanbanCard', 'analyst', {
      viewId: STATUS_VIEW,
      itemId: card.id,
      version: card.version + 5,
      toLane: 'correcao',
      reason: 'Velho',
    });
    expect(stale.statusCode).toBe(409);
  });

  it('answers the action’s rule refusal as data (the condition of enviar)', async () => {
    const draft = await newRequest('applicant', 'rascunho', { ativo: false });
    const response = await post('moveKanbanCard', 'applicant', {
      viewId: STATUS_VIEW,
      itemId: draft.id,
      version: draft.version,
      toLane: 'emAnalise',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      expect.objectContaining({ field: 'action', message: 'Marque ativo antes de enviar.' }),
    ]);
  });

  it('on a field board a drop writes the field through the one save; a read-only member may not', async () => {
    const card = await newRequest('applicant', 'emAnalise', { tipo: 'unica', nome: 'Por tipo' });
    const board = (await post('loadKanbanBoard', 'analyst', { viewId: FIELD_VIEW })).json();
    expect(board).toMatchObject({ byStatus: false, colorField: 'tipo' });
    expect(board.lanes.map((lane: { value: string }) => lane.value)).toEqual(['unica', 'periodo']);

    const readerMoves = (
      await post('getKanbanMoves', 'reader', { viewId: FIELD_VIEW, itemId: card.id })
    ).json();
    expect(readerMoves.targets).toEqual([]);
    const readerDrop = await post('moveKanbanCard', 'reader', {
      viewId: FIELD_VIEW,
      itemId: card.id,
      version: card.version,
      toLane: 'periodo',
    });
    expect(readerDrop.statusCode).toBe(403);

    const moves = (await post('getKanbanMoves', 'analyst', { viewId: FIELD_VIEW, itemId: card.id })).json();
    expect(moves).toMatchObject({ lane: 'unica', targets: [{ lane: 'periodo', action: null }] });
    const moved = await post('moveKanbanCard', 'analyst', {
      viewId: FIELD_VIEW,
      itemId: card.id,
      version: card.version,
      toLane: 'periodo',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ lane: 'periodo', card: { values: { tipo: 'periodo' } } });
    const [row] = await ctx.app.database.db.select().from(runtimeItems).where(eq(runtimeItems.id, card.id));
    expect(row).toMatchObject({ version: card.version + 1, status: 'emAnalise' });
  });
});
