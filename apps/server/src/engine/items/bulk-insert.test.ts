import { and, asc, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { testDefinition } from '../../../test/fixtures/test-definition.ts';
import type { Db } from '../../infra/db/database.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import { insertItemBatch, type NewItemRow, type NewItemsCommon, prepareItemBatch } from './bulk-insert.ts';

const insertItemsWithVersions = (tx: Db, common: NewItemsCommon, rows: NewItemRow[]) =>
  insertItemBatch(tx, common, prepareItemBatch(common, rows));

import { type CreateItemInput, createItem, createItems, type ItemActor } from './create-items.ts';
import {
  createChangesOf,
  diffItem,
  snapshotOf,
  versionChanges,
  withCreatedSnapshots,
} from './item-versions.ts';
import { runtimeItems, runtimeItemVersions } from './items.table.ts';

const PROJECT = 701;
const REQUEST = 702;

let app: FastifyInstance;
let actor: ItemActor;
let analystId: number;

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  const db = app.database.db;
  const admin = await buildUser(db, { isAdministrator: true });
  analystId = (await buildUser(db)).id;
  actor = { userId: admin.id, isAdministrator: true, language: 'pt-BR' };
  await app.services.definitions.importDefinition(testDefinition(700), { userId: null });
});
afterAll(() => app.close());

/** The items of `ids`, by id. */
const storedItems = (ids: number[]) =>
  app.database.db
    .select()
    .from(runtimeItems)
    .where(inArray(runtimeItems.id, ids))
    .orderBy(asc(runtimeItems.id));
/** The version rows of the items of `ids`, by item. */
const storedVersions = (ids: number[]) =>
  app.database.db
    .select()
    .from(runtimeItemVersions)
    .where(inArray(runtimeItemVersions.itemId, ids))
    .orderBy(asc(runtimeItemVersions.itemId));

describe('bulk item creation (the version row built by the database)', () => {
  it('createChangesOf is diffItem against the empty item', () => {
    const value = fc.oneof(
      fc.constantFrom(null, undefined, Number.NaN, 0, -0, ''),
      fc.jsonValue(),
      fc.double(),
      fc.array(fc.integer()),
    );
    fc.assert(
      fc.property(
        // Keys that name Object.prototype members (valueOf …) make diffItem read the prototype of `{}`; field
        // keys of real definitions do not, and createChangesOf answers `from: null` for them anyway.
        fc.dictionary(
          fc.string().filter((key) => !(key in Object.prototype)),
          value,
        ),
        fc.string(),
        fc.integer(),
        (data: Record<string, unknown>, title: string, position: number) => {
          const item = { data, title, position };
          expect(createChangesOf(item)).toEqual(diffItem({ data: {}, title: '', position: 0 }, item));
        },
      ),
    );
  });

  it('writes the create version row exactly as snapshotOf and diffItem describe the stored item', async () => {
    const db = app.database.db;
    const project = await createItem(db, actor, { componentId: PROJECT, title: 'Projeto ção & "aspas"' });
    const inputs: CreateItemInput[] = [
      // Title and position set, every kind of value.
      {
        componentId: REQUEST,
        projectId: project.id,
        title: 'Pedido <1> \\ "ç"',
        position: 3,
        data: {
          nome: 'Fulano 😀',
          peso: 12.5,
          valor: 1234.56,
          eixos: 7,
          ativo: false,
          partida: '2026-03-02T13:15:00.000Z',
          tipo: 'periodo',
          analista: analystId,
        },
      },
      // No title, position 0, the fewest values: no Title or Position change.
      { componentId: REQUEST, data: { nome: 'Só o nome' } },
      // A reason and another position.
      { componentId: REQUEST, title: 'Com motivo', position: 12, reason: 'importação', data: { nome: 'x' } },
    ];
    const now = new Date(Date.UTC(2026, 4, 17, 9, 8, 7, 654));
    const created = await createItems(db, actor, inputs, now);
    const ids = created.map((row) => row.id);

    // What createItems answers is what the table holds (it no longer reads the rows back).
    const stored = await storedItems(ids);
    expect(created).toEqual(stored);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    const versionRows = () =>
      db
        .select()
        .from(runtimeItemVersions)
        .where(and(inArray(runtimeItemVersions.itemId, ids), eq(runtimeItemVersions.version, 1)))
        .orderBy(asc(runtimeItemVersions.itemId));
    // Written without changes nor snapshot: the item row is the snapshot until the item changes.
    const written = await versionRows();
    expect(written.map((row) => [row.changes, row.snapshot])).toEqual(stored.map(() => [{}, {}]));
    const versions = await withCreatedSnapshots(db, written);
    const empty = { data: {}, title: '', position: 0 };
    expect(versions).toEqual(
      stored.map((row) => ({
        itemId: row.id,
        version: 1,
        componentId: REQUEST,
        action: 'create',
        changedBy: actor.userId,
        changedAt: now,
        changes: {},
        snapshot: snapshotOf(row),
      })),
    );
    // The first change (or a delete) writes the snapshot of the row as it was: the same object.
    await db
      .update(runtimeItems)
      .set({ title: 'Mudou', version: 2 })
      .where(inArray(runtimeItems.id, ids.slice(0, 2)));
    await db.delete(runtimeItems).where(eq(runtimeItems.id, ids[2]!));
    expect((await versionRows()).map((row) => row.snapshot)).toEqual(stored.map(snapshotOf));
    expect(versions.map(versionChanges)).toEqual(stored.map((row) => diffItem(empty, row)));
    expect(versionChanges(versions[0]!)).toMatchObject({
      Title: { from: '', to: 'Pedido <1> \\ "ç"' },
      Position: { from: 0, to: 3 },
      analista: { from: null, to: analystId },
    });
    expect(versionChanges(versions[1]!)).toEqual({ nome: { from: null, to: 'Só o nome' } });
    expect(versions[1]!.snapshot).toMatchObject({ createdAt: '2026-05-17T09:08:07.654Z', title: '' });
  });

  it('writes what snapshotOf describes for rows with every column set or left to its default', async () => {
    const db = app.database.db;
    const at = new Date(Date.UTC(2025, 0, 2, 3, 4, 5, 6));
    const project = await createItem(db, actor, { componentId: PROJECT, title: 'Projeto do lote' });
    const [parent] = await createItems(db, actor, [{ componentId: REQUEST, data: { nome: 'Pai' } }]);
    const full: NewItemRow = {
      projectId: project.id,
      parentId: parent!.id,
      formattedId: 'LOTE-1',
      title: 'Tudo "preenchido" \\ ç',
      status: 'enviado',
      responsibleId: analystId,
      position: -4,
      reason: 'motivo',
      data: { nome: 'N1', lista: [1, 2], objeto: { a: null } },
    };
    const defaults: NewItemRow = {
      projectId: null,
      parentId: null,
      formattedId: 'LOTE-2',
      title: '',
      status: null,
      responsibleId: null,
      position: 0,
      reason: null,
      data: {},
    };
    const rows = await db.transaction((tx) =>
      insertItemsWithVersions(tx, { componentId: REQUEST, actorId: null, at }, [full, defaults]),
    );
    const stored = await storedItems(rows.map((row) => row.id));
    expect(rows).toEqual(stored);
    expect(stored[0]).toMatchObject({
      ...full,
      creatorId: null,
      modifierId: null,
      createdAt: at,
      version: 1,
    });
    expect(stored[1]).toMatchObject({ ...defaults, createdAt: at, modifiedAt: at });
    // The first change writes the created snapshot from the row as it was (migration 0012's trigger).
    await db
      .update(runtimeItems)
      .set({ version: 2 })
      .where(
        inArray(
          runtimeItems.id,
          rows.map((row) => row.id),
        ),
      );
    const versions = await storedVersions(rows.map((row) => row.id));
    expect(versions.map((row) => row.snapshot)).toEqual(rows.map(snapshotOf));
    expect(versions.map(versionChanges)).toEqual(
      rows.map((row) => diffItem({ data: {}, title: '', position: 0 }, row)),
    );
    expect(versions[0]!.snapshot).toMatchObject({
      createdAt: '2025-01-02T03:04:05.006Z',
      modifiedAt: '2025-01-02T03:04:05.006Z',
    });
  });

  it('refuses, like a foreign key, a user or a component that does not exist, and a user items name is kept', async () => {
    const db = app.database.db;
    const row = (formattedId: string): NewItemRow => ({
      projectId: null,
      parentId: null,
      formattedId,
      title: '',
      status: null,
      responsibleId: null,
      position: 0,
      reason: null,
      data: {},
    });
    const at = new Date();
    // Drizzle wraps what the database raised ("Failed query: …"): the trigger's message is the cause's.
    const refusal = (attempt: Promise<unknown>) =>
      attempt.then(
        () => 'accepted',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(
      await refusal(
        db.transaction((tx) =>
          insertItemsWithVersions(tx, { componentId: REQUEST, actorId: 987_654, at }, [row('SEM-1')]),
        ),
      ),
    ).toMatch(/user 987654/);
    expect(
      await refusal(
        db.transaction((tx) =>
          insertItemsWithVersions(tx, { componentId: 987_655, actorId: actor.userId, at }, [row('SEM-2')]),
        ),
      ),
    ).toMatch(/component 987655/);
    expect(
      await refusal(
        db.transaction((tx) =>
          insertItemsWithVersions(tx, { componentId: REQUEST, actorId: actor.userId, at }, [
            { ...row('SEM-3'), responsibleId: 987_656 },
          ]),
        ),
      ),
    ).toMatch(/user 987656/);
    const [item] = await createItems(db, actor, [{ componentId: REQUEST, data: { nome: 'Fica' } }]);
    expect(
      await refusal(
        db.update(runtimeItems).set({ modifierId: 987_657 }).where(eq(runtimeItems.id, item!.id)),
      ),
    ).toMatch(/user 987657/);
    expect(await refusal(db.delete(users).where(eq(users.id, actor.userId)))).toMatch(
      /named by runtime items/,
    );
    const [still] = await db.select().from(users).where(eq(users.id, actor.userId));
    expect(still).toBeDefined();
  });

  it('creates more rows than one statement batch, ids ascending in the input order', async () => {
    const db = app.database.db;
    const inputs = Array.from({ length: 4_100 }, (_, index) => ({
      componentId: REQUEST,
      title: `Lote ${index}`,
      data: { nome: `Item ${index}`, eixos: index % 9 },
    }));
    const rows = await createItems(db, actor, inputs);
    expect(rows.map((row) => row.title)).toEqual(inputs.map((input) => input.title));
    expect(rows.every((row, index) => index === 0 || row.id > rows[index - 1]!.id)).toBe(true);
    const versions = await withCreatedSnapshots(
      db,
      await db
        .select()
        .from(runtimeItemVersions)
        .where(inArray(runtimeItemVersions.itemId, [rows[0]!.id, rows[2_000]!.id, rows[4_099]!.id]))
        .orderBy(asc(runtimeItemVersions.itemId)),
    );
    expect(versions.map((version) => version.snapshot.title)).toEqual(['Lote 0', 'Lote 2000', 'Lote 4099']);
  });
});
