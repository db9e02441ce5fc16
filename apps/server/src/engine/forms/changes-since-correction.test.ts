import type { ComponentDefinitionInput } from '@der/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildComponents, grantApplication } from '../../../test/factories/runtime.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { insertItems } from '../../../test/fixtures/query-test-fixture.ts';
import { testComponents, testFields } from '../../../test/fixtures/test-definition.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';
import { runtimeItems } from '../items/items.table.ts';

/**
 * Issue 20 "ask for correction with a reason": the analyst asks for a correction, the requerente corrects two
 * fields and resubmits, and getChangesSinceCorrection answers exactly those two with their values before and
 * after, the reason, who asked and when — to who may see the item, without the fields they may not read.
 */
const BASE = 4900;
const REQUEST = BASE + 2;
const REASON = 'O peso informado não confere com o documento do veículo';

const label = (pt: string, en = pt) => ({ 'pt-BR': pt, en });

function components(): ComponentDefinitionInput[] {
  const [project, request] = testComponents(BASE);
  return [
    project!,
    {
      ...request!,
      fields: [...testFields(), { key: 'parecer', type: 'STRING', label: label('Parecer', 'Opinion') }],
      workflow: {
        statuses: [
          { key: 'rascunho', name: label('Rascunho'), initial: true },
          { key: 'emAnalise', name: label('Em análise') },
          { key: 'pendenteCorrecao', name: label('Pendente de correção', 'Correction requested') },
          { key: 'indeferido', name: label('Indeferido'), final: true },
        ],
        actions: [
          {
            key: 'solicitarCorrecao',
            name: label('Solicitar correção'),
            from: ['emAnalise'],
            to: 'pendenteCorrecao',
            allowedRoles: ['responsible'],
            reasonRequired: true,
          },
          {
            key: 'reenviar',
            name: label('Reenviar'),
            from: ['pendenteCorrecao'],
            to: 'emAnalise',
            allowedRoles: ['creator'],
          },
          // A reason, but a final status: no correction (the creator cannot resubmit from it).
          {
            key: 'indeferir',
            name: label('Indeferir'),
            from: ['emAnalise'],
            to: 'indeferido',
            allowedRoles: ['responsible'],
            reasonRequired: true,
          },
        ],
      },
      fieldAccess: {
        statuses: [{ status: 'emAnalise', hidden: [{ fields: ['parecer'], roles: ['external'] }] }],
      },
    },
  ];
}

type Who = 'requerente' | 'analyst' | 'stranger';
let app: FastifyInstance;
const tokens = {} as Record<Who, string>;
const names = {} as Record<Who, string>;
let corrected: number;
let rejected: number;

const post = (who: Who, path: string, payload: object) =>
  app.inject({
    method: 'POST',
    url: `/api/genericItem/${path}`,
    headers: { ...bearer(tokens[who]), 'accept-language': 'pt-BR' },
    payload,
  });
const changesSince = (who: Who, itemId: number) =>
  app.inject({
    method: 'GET',
    url: `/api/genericItem/getChangesSinceCorrection?itemId=${itemId}`,
    headers: { ...bearer(tokens[who]), 'accept-language': 'pt-BR' },
  });

async function versionOf(itemId: number): Promise<number> {
  const [row] = await app.database.db
    .select({ version: runtimeItems.version })
    .from(runtimeItems)
    .where(eq(runtimeItems.id, itemId));
  return row!.version;
}

async function act(who: Who, itemId: number, action: string, extra: Record<string, unknown> = {}) {
  const response = await post(who, 'executeTaskAction', {
    itemId,
    componentId: REQUEST,
    action,
    version: await versionOf(itemId),
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function setField(who: Who, itemId: number, field: string, value: unknown) {
  const response = await post(who, 'updateItemField', {
    itemId,
    componentId: REQUEST,
    field,
    value,
    version: await versionOf(itemId),
  });
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  const db = app.database.db;
  await buildComponents(app, BASE, { components: components() });
  const requerente = await buildUser(db, { kind: 'requerente', grantFixtureApplications: false });
  const stranger = await buildUser(db, { kind: 'requerente', grantFixtureApplications: false });
  const analyst = await buildUser(db, { grantFixtureApplications: false });
  await grantApplication(db, REQUEST, [requerente.id, analyst.id, stranger.id]);
  for (const [who, user] of [
    ['requerente', requerente],
    ['analyst', analyst],
    ['stranger', stranger],
  ] as const) {
    tokens[who] = await signIn(app, user);
    names[who] = user.name;
  }
  const item = {
    componentId: REQUEST,
    status: 'emAnalise',
    creatorId: requerente.id,
    responsibleId: analyst.id,
    data: { nome: 'Carreta', peso: 45, eixos: 6, tipo: 'unica' },
  };
  const ids = await insertItems(db, [item, item]);
  corrected = ids[0]!;
  rejected = ids[1]!;

  // The analyst writes in the correction request's own version too: what the request changed is no correction.
  await act('analyst', corrected, 'solicitarCorrecao', {
    reason: REASON,
    changes: { parecer: 'Peso a conferir' },
  });
  // The requerente corrects two fields (one saved, one sent with the resubmission) and resubmits.
  await setField('requerente', corrected, 'peso', 42.5);
  await act('requerente', corrected, 'reenviar', { changes: { eixos: 7 } });

  await act('analyst', rejected, 'indeferir', { reason: 'Fora do prazo' });
  // The machine running the suite is shared: building the app and six writes may take a while.
}, 60_000);

afterAll(async () => {
  await app.close();
});

describe('getChangesSinceCorrection', () => {
  it("answers the analyst the two corrected fields, before and after, with the request's reason, who and when", async () => {
    const response = await changesSince('analyst', corrected);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.changes).toEqual([
      { field: 'eixos', label: 'Eixos', oldValue: '6', newValue: '7' },
      { field: 'peso', label: 'Peso', oldValue: '45', newValue: '42,5' },
    ]);
    expect(body.correction).toMatchObject({
      reason: REASON,
      requestedBy: { name: names.analyst },
      statusName: 'Pendente de correção',
    });
    expect(Number.isNaN(Date.parse(body.correction.requestedAt))).toBe(false);
    expect(body.readerIsStaff).toBe(true);
  });

  it('answers 404 to a user who cannot see the item, as the history does', async () => {
    expect((await changesSince('stranger', corrected)).statusCode).toBe(404);
    const history = await app.inject({
      method: 'GET',
      url: `/api/genericItem/getHistoryFull?itemId=${corrected}`,
      headers: bearer(tokens.stranger),
    });
    expect(history.statusCode).toBe(404);
  });

  it('leaves out a field the reader may not read in the status the item is in', async () => {
    // Back in analysis, the opinion is hidden from external users (fieldAccess): the analyst's change to it
    // shows to the analyst, never to the requerente.
    await setField('analyst', corrected, 'parecer', 'Parecer sigiloso');
    const analyst = await changesSince('analyst', corrected);
    expect(analyst.json().changes.map((change: { field: string }) => change.field)).toEqual([
      'eixos',
      'parecer',
      'peso',
    ]);
    const requerente = await changesSince('requerente', corrected);
    expect(requerente.statusCode, requerente.body).toBe(200);
    expect(requerente.json().changes.map((change: { field: string }) => change.field)).toEqual([
      'eixos',
      'peso',
    ]);
    expect(requerente.body).not.toContain('sigiloso');
    expect(requerente.json().readerIsStaff).toBe(false);
  });

  it('is empty for an item whose reasoned action led where the creator cannot resubmit', async () => {
    const response = await changesSince('analyst', rejected);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ correction: null, changes: [], readerIsStaff: true });
  });
});
