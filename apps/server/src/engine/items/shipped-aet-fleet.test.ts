import { AET_DEFINITION } from '@der/definitions';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { grantApplication } from '../../../test/factories/runtime.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';

/**
 * The shipped AET's fleet and combination where it counts, the server's save through the forms a requerente
 * uses ('Novo veículo', 'Nova solicitação'): plates unique per owner under either form, RENAVAM's check
 * digit, the tractor's CMT; the request's combination only of the requerente's own vehicles, its ΣPBT and CMT
 * read from the units whatever was typed. Other required fields of the request are left empty: the
 * assertions read the combination's refusals only.
 */
const AET = 1;
const NEW_REQUEST_FORM = 2;
const VEHICLE = 6;
const VEHICLE_FORM = 8;

type Who = 'ana' | 'bruno';
interface Refusal {
  field: string;
  message: string;
}

let app: FastifyInstance;
const tokens = {} as Record<Who, string>;

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  const db = app.database.db;
  await app.services.definitions.importDefinition(AET_DEFINITION, { userId: null });
  for (const who of ['ana', 'bruno'] as const) {
    const requerente = await buildUser(db, { kind: 'requerente', loginPage: '/aet' });
    await grantApplication(db, AET, [requerente.id]);
    tokens[who] = await signIn(app, requerente);
  }
});
afterAll(() => app.close());

const save = (who: Who, payload: Record<string, unknown>, language = 'pt-BR') =>
  app.inject({
    method: 'POST',
    url: '/api/genericItem/saveItem',
    headers: { ...bearer(tokens[who]), 'accept-language': language },
    payload,
  });

/** 'Novo veículo': the vehicle form, no project. */
const register = (who: Who, values: Record<string, unknown>, language = 'pt-BR') =>
  save(who, { componentId: VEHICLE, formId: VEHICLE_FORM, projectId: 0, values }, language);

const semiTrailer = (placa: string, renavam = '86769597308') => ({
  placa,
  renavam,
  tipoVeiculo: 'semirreboque',
  marcaModelo: 'RANDON SR 3 EIXOS',
  numeroEixos: 3,
  tara: 7.3,
  pbt: 45.1,
});
const tractor = (placa: string) => ({
  ...semiTrailer(placa, '00000000191'),
  tipoVeiculo: 'cavaloTrator',
  tara: 9.8,
  pbt: 23.5,
  cmt: 74,
});

async function registered(
  who: Who,
  values: Record<string, unknown>,
): Promise<{ id: number; version: number }> {
  const response = await register(who, values);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().item;
}

describe("the requerente's fleet", () => {
  it('refuses a plate the owner already has, under either form, naming the plate', async () => {
    await registered('ana', semiTrailer('QWE1234'));
    for (const [placa, language, message] of [
      ['QWE1C34', 'pt-BR', 'Já cadastrado (como QWE1234)'],
      ['qwe-1234', 'en', 'Already registered (as QWE1234)'],
    ] as const) {
      const again = await register('ana', semiTrailer(placa), language);
      expect(again.statusCode, again.body).toBe(400);
      expect(again.json().details).toEqual([expect.objectContaining({ field: 'placa', message })]);
    }
    // Another vehicle of the fleet renamed to it: refused as well.
    const other = await registered('ana', semiTrailer('QWE9J99'));
    const renamed = await save('ana', {
      componentId: VEHICLE,
      formId: VEHICLE_FORM,
      itemId: other.id,
      version: other.version,
      values: { placa: 'QWE1C34' },
    });
    expect(renamed.statusCode, renamed.body).toBe(400);
    expect(renamed.json().details).toEqual([expect.objectContaining({ field: 'placa' })]);
  });

  it('lets another owner register the same plate', async () => {
    expect((await register('bruno', semiTrailer('QWE1C34'))).statusCode).toBe(200);
  });

  it('refuses a RENAVAM whose check digit is wrong and a tractor without its CMT', async () => {
    const wrongDigit = await register('ana', semiTrailer('RTY1A23', '86769597309'));
    expect(wrongDigit.statusCode).toBe(400);
    expect(wrongDigit.json().details).toEqual([expect.objectContaining({ field: 'renavam' })]);
    const { cmt: _cmt, ...withoutCmt } = tractor('RTY1A24');
    const refused = await register('ana', withoutCmt);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([expect.objectContaining({ field: 'cmt' })]);
  });
});

describe("the request's combination", () => {
  /** The combination's refusals of a new request's save (the other required fields are not the point here). */
  async function combinationRefusals(who: Who, values: Record<string, unknown>): Promise<Refusal[]> {
    const response = await save(who, { componentId: AET, formId: NEW_REQUEST_FORM, values });
    if (response.statusCode === 200) return [];
    expect(response.statusCode, response.body).toBe(400);
    return (response.json().details as Refusal[]).filter(
      (refusal) => refusal.field === 'composicao' || /^O PBTC /.test(refusal.message),
    );
  }

  it('judges the PBTC by the ΣPBT and CMT read from the units, not by the typed ones', async () => {
    const cavalo = await registered('ana', tractor('UIO1A11'));
    const semi = await registered('ana', semiTrailer('UIO1A12'));
    const typed = { composicao: [cavalo.id, semi.id], somaPbt: 999, cmtCavalo: 999 };
    // ΣPBT 23.5 + 45.1 = 68.6 t, CMT 74 t.
    expect(await combinationRefusals('ana', { ...typed, pbtc: 68.6 })).toEqual([]);
    expect(await combinationRefusals('ana', { ...typed, pbtc: 68.7 })).toEqual([
      { field: 'pbtc', message: 'O PBTC não pode exceder a soma dos PBT das unidades.', code: 'rule' },
    ]);
    const heavy = await registered('ana', { ...semiTrailer('UIO1A13'), pbt: 60 });
    expect(
      await combinationRefusals('ana', { ...typed, composicao: [cavalo.id, heavy.id], pbtc: 75 }),
    ).toEqual([{ field: 'pbtc', message: 'O PBTC não pode exceder a CMT do cavalo-trator.', code: 'rule' }]);
  });

  it("refuses another owner's vehicle, and a combination that starts with a trailer", async () => {
    const cavalo = await registered('ana', tractor('PAS1A11'));
    const semi = await registered('ana', semiTrailer('PAS1A12'));
    const foreign = await registered('bruno', semiTrailer('PAS1A13'));
    expect(await combinationRefusals('ana', { composicao: [cavalo.id, foreign.id], pbtc: 40 })).toEqual([
      expect.objectContaining({ field: 'composicao', message: 'Valor inválido' }),
    ]);
    expect(await combinationRefusals('ana', { composicao: [semi.id, cavalo.id], pbtc: 40 })).toEqual([
      expect.objectContaining({
        field: 'composicao',
        message: expect.stringMatching(/^A composição começa/),
      }),
    ]);
  });
});
