import { asc, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { testDefinition } from '../definitions/test-definition.ts';
import { insertItemsWithVersions } from './bulk-insert.ts';
import { type CreateItemInput, createItem, createItems, type ItemActor } from './create-items.ts';
import { createChangesOf, diffItem, snapshotOf } from './item-versions.ts';
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
    const stored = await db
      .select()
      .from(runtimeItems)
      .where(inArray(runtimeItems.id, ids))
      .orderBy(asc(runtimeItems.id));
    expect(created).toEqual(stored);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    const versions = await db
      .select()
      .from(runtimeItemVersions)
      .where(inArray(runtimeItemVersions.itemId, ids))
      .orderBy(asc(runtimeItemVersions.itemId));
    const empty = { data: {}, title: '', position: 0 };
    expect(versions).toEqual(
      stored.map((row) => ({
        itemId: row.id,
        version: 1,
        componentId: REQUEST,
        action: 'create',
        changedBy: actor.userId,
        changedAt: now,
        changes: diffItem(empty, row),
        snapshot: snapshotOf(row),
      })),
    );
    expect(versions[0]!.changes).toMatchObject({
      Title: { from: '', to: 'Pedido <1> \\ "ç"' },
      Position: { from: 0, to: 3 },
      analista: { from: null, to: analystId },
    });
    expect(versions[1]!.changes).toEqual({ nome: { from: null, to: 'Só o nome' } });
    expect(versions[1]!.snapshot).toMatchObject({ createdAt: '2026-05-17T09:08:07.654Z', title: '' });
  });

  it('writes the same version rows whether the batch shares a column or not (times, one row)', async () => {
    const db = app.database.db;
    const times = [
      new Date(Date.UTC(2025, 0, 2, 3, 4, 5, 6)),
      new Date(Date.UTC(2026, 11, 31, 23, 59, 59, 999)),
    ];
    const items = times.map((time, index) => ({
      componentId: REQUEST,
      formattedId: `LOTE-${index}`,
      title: `Hora ${index}`,
      creatorId: actor.userId,
      createdAt: time,
      modifiedAt: times[1 - index]!,
      data: { nome: `N${index}` },
    }));
    const single = [
      { componentId: REQUEST, formattedId: 'LOTE-2', createdAt: times[0]!, modifiedAt: times[0]! },
    ];
    const rows = await db.transaction(async (tx) => [
      ...(await insertItemsWithVersions(tx, items, { changedBy: null, changedAt: times[0]! })),
      ...(await insertItemsWithVersions(tx, single, { changedBy: null, changedAt: times[0]! })),
    ]);
    const versions = await db
      .select()
      .from(runtimeItemVersions)
      .where(
        inArray(
          runtimeItemVersions.itemId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(runtimeItemVersions.itemId));
    expect(versions.map((row) => row.snapshot)).toEqual(rows.map(snapshotOf));
    expect(versions.map((row) => row.changes)).toEqual(
      rows.map((row) => diffItem({ data: {}, title: '', position: 0 }, row)),
    );
    expect(versions[0]!.snapshot).toMatchObject({
      createdAt: '2025-01-02T03:04:05.006Z',
      modifiedAt: '2026-12-31T23:59:59.999Z',
    });
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
    const versions = await db
      .select({ itemId: runtimeItemVersions.itemId, snapshot: runtimeItemVersions.snapshot })
      .from(runtimeItemVersions)
      .where(inArray(runtimeItemVersions.itemId, [rows[0]!.id, rows[2_000]!.id, rows[4_099]!.id]))
      .orderBy(asc(runtimeItemVersions.itemId));
    expect(versions.map((version) => version.snapshot.title)).toEqual(['Lote 0', 'Lote 2000', 'Lote 4099']);
  });
});
