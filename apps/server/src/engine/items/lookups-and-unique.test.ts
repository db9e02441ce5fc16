import type { ComponentDefinitionInput } from '@der/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { actorOf, buildComponents, buildPeople, type Person } from '../../../test/factories/runtime.ts';
import { testComponents } from '../../../test/fixtures/test-definition.ts';
import { bearer } from '../../../test/helpers/auth.ts';
import { isAppError } from '../../infra/http/app-error.ts';
import { createItem, createItems } from './create-items.ts';
import type { ItemActor } from './item-actor.ts';
import { saveItem } from './save-item.ts';

/**
 * Two generic field capabilities of the runtime over a small fleet-and-combination definition: a value unique
 * per creator in canonical form (a plate under its old and Mercosul forms), and lookup fields computed on the
 * server from the items a reference holds (the sum of their weights, the first one's capacity), read within
 * the saver's visibility.
 */
const BASE = 940;
const UNIT = BASE + 3;
const TRAIN = BASE + 4;
const label = (text: string) => ({ 'pt-BR': text, en: text });

const unit: ComponentDefinitionInput = {
  id: UNIT,
  name: `Unidade${BASE}`,
  label: label('Unidade'),
  pluralLabel: label('Unidades'),
  formattedIdPattern: 'UNI-{SEQ:4}',
  fields: [
    {
      key: 'placa',
      type: 'STRING',
      label: label('Placa'),
      pattern: 'plate',
      required: true,
      unique: 'creator',
    },
    { key: 'pbt', type: 'DECIMAL', label: label('PBT') },
    { key: 'cmt', type: 'DECIMAL', label: label('CMT') },
    { key: 'segredo', type: 'STRING', label: label('Segredo') },
  ],
};
const train: ComponentDefinitionInput = {
  id: TRAIN,
  name: `Composicao${BASE}`,
  label: label('Composição'),
  pluralLabel: label('Composições'),
  formattedIdPattern: 'COM-{SEQ:4}',
  fields: [
    {
      key: 'unidades',
      type: 'GENERIC_ITEM_TYPE',
      label: label('Unidades'),
      targetComponentId: UNIT,
      multiple: true,
    },
    { key: 'pbtc', type: 'DECIMAL', label: label('PBTC') },
    {
      key: 'somaPbt',
      type: 'DECIMAL',
      label: label('ΣPBT'),
      lookup: { reference: 'unidades', field: 'pbt', aggregate: 'sum' },
    },
    {
      key: 'cmtTrator',
      type: 'DECIMAL',
      label: label('CMT'),
      lookup: { reference: 'unidades', field: 'cmt', aggregate: 'first' },
    },
    {
      key: 'placaTrator',
      type: 'STRING',
      label: label('Placa'),
      lookup: { reference: 'unidades', field: 'placa', aggregate: 'first' },
    },
    {
      key: 'quantas',
      type: 'INTEGER',
      label: label('Unidades'),
      lookup: { reference: 'unidades', field: 'placa', aggregate: 'count' },
    },
  ],
  rules: [
    {
      id: 'pbtcAteSoma',
      kind: 'validation',
      field: 'pbtc',
      expression: '$not($exists(somaPbt)) or pbtc <= somaPbt',
      message: { 'pt-BR': 'PBTC acima da soma dos PBT', en: 'GCW above the GVW sum' },
    },
  ],
};

let app: FastifyInstance;
let people: Record<'ana' | 'bruno', Person>;
const actor = (who: 'ana' | 'bruno', language: 'pt-BR' | 'en' = 'pt-BR'): ItemActor =>
  actorOf(people[who], { language, kind: 'requerente' });

beforeAll(async () => {
  app = await buildTestApp();
  await buildComponents(app, BASE, { components: [...testComponents(BASE), unit, train] });
  people = await buildPeople(app, ['ana', 'bruno']);
}, 60_000);
afterAll(() => app.close());

const db = () => app.database.db;
const newUnit = (who: 'ana' | 'bruno', data: Record<string, unknown>, language: 'pt-BR' | 'en' = 'pt-BR') =>
  createItem(db(), actor(who, language), { componentId: UNIT, data });

async function refusalOf(
  save: Promise<unknown>,
): Promise<Array<{ field: string; message: string; row?: number }>> {
  try {
    await save;
  } catch (error) {
    if (isAppError(error) && error.code === 'VALIDATION_FAILED') return error.details as never;
    throw error;
  }
  throw new Error('the save was not refused');
}

describe('a value unique per creator', () => {
  it('refuses the same plate under its other form for the same owner, naming the field', async () => {
    await newUnit('ana', { placa: 'ABC1234' });
    expect(await refusalOf(newUnit('ana', { placa: 'ABC1C34' }))).toEqual([
      expect.objectContaining({ field: 'placa', message: 'Já cadastrado (como ABC1234)' }),
    ]);
    expect(await refusalOf(newUnit('ana', { placa: 'abc-1234' }, 'en'))).toEqual([
      expect.objectContaining({ field: 'placa', message: 'Already registered (as ABC1234)' }),
    ]);
    // A Mercosul plate stored first is found from its old form too.
    await newUnit('ana', { placa: 'DEF5G67' });
    expect(await refusalOf(newUnit('ana', { placa: 'DEF5667' }))).toEqual([
      expect.objectContaining({ field: 'placa' }),
    ]);
  });

  it('lets another creator hold the same value', async () => {
    const row = await newUnit('bruno', { placa: 'ABC1C34' });
    expect(row.data.placa).toBe('ABC1C34');
  });

  it('refuses a duplicate among the rows of one import, by row', async () => {
    const input = (placa: string) => ({ componentId: UNIT, data: { placa } });
    expect(await refusalOf(createItems(db(), actor('bruno'), [input('GHI1J11'), input('GHI1911')]))).toEqual([
      expect.objectContaining({ field: 'placa', row: 1 }),
    ]);
  });

  it('refuses an update to a value another item of the owner holds, not a save of its own value', async () => {
    const other = await newUnit('ana', { placa: 'JKL2345' });
    const save = (placa: string) =>
      saveItem(
        db(),
        actor('ana'),
        { componentId: UNIT, itemId: other.id, changes: { placa } },
        { now: new Date() },
      );
    expect(
      await refusalOf(
        db().transaction((tx) =>
          saveItem(
            tx,
            actor('ana'),
            { componentId: UNIT, itemId: other.id, changes: { placa: 'ABC1C34' } },
            { now: new Date() },
          ),
        ),
      ),
    ).toEqual([expect.objectContaining({ field: 'placa' })]);
    const kept = await db().transaction(() => save('JKL2D45'));
    expect(kept.row.data.placa).toBe('JKL2D45');
  });
});

describe('lookup fields', () => {
  it('are computed by the server from the referenced items at every save, whatever was sent', async () => {
    const tractor = await newUnit('ana', { placa: 'MNO1A11', pbt: 23.3, cmt: 74 });
    const trailer = await newUnit('ana', { placa: 'MNO1A12', pbt: 45.1 });
    const row = await createItem(db(), actor('ana'), {
      componentId: TRAIN,
      data: {
        unidades: [tractor.id, trailer.id],
        pbtc: 60,
        somaPbt: 999,
        cmtTrator: 1,
        placaTrator: 'ZZZ9999',
      },
    });
    // 23.3 + 45.1 is 68.39999999999999 in binary floating point: the sum is exact.
    expect(row.data).toMatchObject({ somaPbt: 68.4, cmtTrator: 74, placaTrator: 'MNO1A11', quantas: 2 });
    // Reordered: the first unit's values follow.
    const saved = await db().transaction((tx) =>
      saveItem(
        tx,
        actor('ana'),
        { componentId: TRAIN, itemId: row.id, changes: { unidades: [trailer.id, tractor.id] } },
        { now: new Date() },
      ),
    );
    expect(saved.row.data).toMatchObject({ somaPbt: 68.4, placaTrator: 'MNO1A12' });
    expect(saved.row.data).not.toHaveProperty('cmtTrator');
  });

  it('feed the rules that read them: a PBTC above the sum is refused', async () => {
    const only = await newUnit('ana', { placa: 'PQR1A11', pbt: 20 });
    expect(
      await refusalOf(
        createItem(db(), actor('ana'), { componentId: TRAIN, data: { unidades: [only.id], pbtc: 21 } }),
      ),
    ).toEqual([expect.objectContaining({ field: 'pbtc' })]);
  });

  it("refuse another creator's item as a reference", async () => {
    const own = await newUnit('ana', { placa: 'STU1A11', pbt: 20 });
    const foreign = await newUnit('bruno', { placa: 'STU1A12', pbt: 80 });
    expect(
      await refusalOf(
        createItem(db(), actor('ana'), {
          componentId: TRAIN,
          data: { unidades: [own.id, foreign.id], pbtc: 90 },
        }),
      ),
    ).toEqual([expect.objectContaining({ field: 'unidades', message: 'Valor inválido' })]);
  });

  it('are answered to the browser for visible items and looked-up fields only', async () => {
    const own = await newUnit('ana', { placa: 'VWX1A11', pbt: 20, segredo: 'não sai' });
    const foreign = await newUnit('bruno', { placa: 'VWX1A12', pbt: 80 });
    const ask = (reference: string) =>
      app.inject({
        method: 'POST',
        url: '/api/genericItem/loadLookupValues',
        headers: bearer(people.ana.token),
        payload: { componentID: TRAIN, reference, ids: [own.id, foreign.id] },
      });
    const response = await ask('unidades');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ items: [{ id: own.id, values: { placa: 'VWX1A11', pbt: 20 } }] });
    expect((await ask('pbtc')).statusCode).toBe(400);
  });
});
