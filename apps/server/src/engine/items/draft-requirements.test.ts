import type { ComponentDefinitionInput, FieldDefinitionInput } from '@der/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildComponents, grantApplication } from '../../../test/factories/runtime.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { testComponents } from '../../../test/fixtures/test-definition.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';
import { requerenteProfiles, tiposRequerente } from '../../modules/accounts/accounts.table.ts';
import { runtimeItems } from './items.table.ts';

/**
 * Issue 20: a draft is saved with only a draft's checks (what was filled: types, formats, ranges); the action
 * leaving the draft ('enviar') needs every required value and names each one missing; a TABLE field's rows
 * (route segments) run in either km direction; a requerente files under their own account's identity; a draft
 * has a draft ID and gets its protocol number when it is sent.
 */
const BASE = 4700;
const REQUEST = BASE + 2;
const FORM = 47;
const label = (pt: string, en = pt) => ({ 'pt-BR': pt, en });
const OWN_CPF = '52998224725';

const SEGMENTS: FieldDefinitionInput = {
  key: 'trechos',
  type: 'TABLE',
  label: label('Trechos do trajeto', 'Route segments'),
  required: true,
  requiredFrom: 'leavingInitialStatus',
  columns: [
    { key: 'rodovia', type: 'STRING', label: label('Rodovia', 'Highway'), required: true, uppercase: true },
    { key: 'kmInicial', type: 'DECIMAL', label: label('Km inicial', 'Start km'), required: true, minimum: 0 },
    { key: 'kmFinal', type: 'DECIMAL', label: label('Km final', 'End km'), required: true, minimum: 0 },
  ],
};

function components(): ComponentDefinitionInput[] {
  const [project, request] = testComponents(BASE);
  return [
    project!,
    {
      ...request!,
      draftFormattedIdPattern: 'RASC-{SEQ:4}',
      fields: [
        { key: 'nome', type: 'STRING', label: label('Nome'), fromAccount: 'name', uppercase: true },
        {
          key: 'documento',
          type: 'STRING',
          label: label('CPF/CNPJ'),
          pattern: 'cpfCnpj',
          fromAccount: 'cpfCnpj',
          required: true,
          requiredFrom: 'leavingInitialStatus',
        },
        { key: 'email', type: 'STRING', label: label('E-mail'), pattern: 'email', fromAccount: 'email' },
        {
          key: 'carga',
          type: 'STRING',
          label: label('Descrição da carga', 'Cargo description'),
          required: true,
          requiredFrom: 'leavingInitialStatus',
        },
        {
          key: 'pbtc',
          type: 'DECIMAL',
          label: label('PBTC (t)'),
          maximum: 500,
          required: true,
          requiredFrom: 'leavingInitialStatus',
        },
        SEGMENTS,
      ],
      workflow: {
        statuses: [
          { key: 'rascunho', name: label('Rascunho'), initial: true },
          { key: 'enviada', name: label('Enviada'), final: true },
        ],
        actions: [{ key: 'enviar', name: label('Enviar', 'Submit'), from: ['rascunho'], to: 'enviada' }],
      },
      forms: [
        {
          id: FORM,
          name: label('Pedido'),
          layout: [
            {
              type: 'steps',
              saveOnNext: true,
              review: label('Revisão'),
              steps: [
                {
                  title: label('Requerente'),
                  children: [
                    { type: 'textbox', field: 'nome' },
                    { type: 'textbox', field: 'documento' },
                    { type: 'textbox', field: 'email' },
                  ],
                },
                {
                  title: label('Carga'),
                  children: [
                    { type: 'textbox', field: 'carga' },
                    { type: 'numericPicker', field: 'pbtc' },
                  ],
                },
                { title: label('Trajeto'), children: [{ type: 'table', field: 'trechos' }] },
              ],
            },
          ],
        },
      ],
    },
  ];
}

let app: FastifyInstance;
let requerente: { id: number; token: string };
let analyst: { token: string };

const post = (token: string, path: string, payload: object, language = 'pt-BR') =>
  app.inject({
    method: 'POST',
    url: `/api/genericItem/${path}`,
    headers: { ...bearer(token), 'accept-language': language },
    payload,
  });

const save = (token: string, values: Record<string, unknown>, item?: { id: number; version: number }) =>
  post(token, 'saveItem', {
    componentId: REQUEST,
    formId: FORM,
    ...(item ? { itemId: item.id, version: item.version } : {}),
    values,
  });

const send = (token: string, item: { id: number; version: number }, language = 'pt-BR') =>
  post(
    token,
    'executeTaskAction',
    { componentId: REQUEST, itemId: item.id, version: item.version, action: 'enviar' },
    language,
  );

async function stored(id: number) {
  const [row] = await app.database.db.select().from(runtimeItems).where(eq(runtimeItems.id, id));
  return row!;
}

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  const db = app.database.db;
  await buildComponents(app, BASE, { components: components() });
  const user = await buildUser(db, {
    kind: 'requerente',
    loginPage: '/aet',
    name: 'Maria da Silva',
    grantFixtureApplications: false,
  });
  const [tipo] = await db.select().from(tiposRequerente).limit(1);
  await db
    .insert(requerenteProfiles)
    .values({ userId: user.id, tipo: 'fisica', cpfCnpj: OWN_CPF, tipoRequerenteId: tipo!.id });
  const staff = await buildUser(db, { grantFixtureApplications: false });
  await grantApplication(db, REQUEST, [user.id, staff.id]);
  requerente = { id: user.id, token: await signIn(app, user) };
  analyst = { token: await signIn(app, staff) };
});

afterAll(async () => {
  await app.close();
});

describe('drafts and sending', () => {
  it('saves a draft without the values only sending needs, and updates it', async () => {
    const created = await save(requerente.token, { carga: 'Transformador' });
    expect(created.statusCode).toBe(200);
    const item = created.json().item;
    // The form offers a request's own actions (copy, renew) to whoever filed it.
    expect(item.createdByViewer).toBe(true);
    const updated = await save(requerente.token, { pbtc: 80 }, item);
    expect(updated.statusCode).toBe(200);
    expect((await stored(item.id)).data).toMatchObject({ carga: 'Transformador', pbtc: 80 });
  });

  it("still runs a draft's own checks on what was filled (range, format)", async () => {
    const response = await save(requerente.token, { pbtc: 900 });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([expect.objectContaining({ field: 'pbtc' })]);
  });

  it('refuses sending, naming each missing field and the action, and changes nothing', async () => {
    const item = (await save(requerente.token, { carga: 'Transformador' })).json().item;
    const response = await send(requerente.token, item);
    expect(response.statusCode).toBe(400);
    const details = response.json().details as Array<{ field: string; message: string }>;
    expect(details.map((detail) => detail.field).sort()).toEqual(['pbtc', 'trechos']);
    expect(details.find((detail) => detail.field === 'trechos')?.message).toBe(
      '"Trechos do trajeto" é obrigatório para Enviar',
    );
    const english = await send(requerente.token, item, 'en');
    expect(english.json().details).toContainEqual(
      expect.objectContaining({ field: 'trechos', message: '"Route segments" is required to Submit' }),
    );
    const row = await stored(item.id);
    expect(row.status).toBe('rascunho');
    expect(row.formattedId).toBe(item.formattedId);
  });

  it('sends a complete request whose segment runs towards lower km (318 → 103)', async () => {
    const item = (
      await save(requerente.token, {
        carga: 'Transformador',
        pbtc: 80,
        trechos: [
          { rodovia: 'sp-330', kmInicial: '318', kmFinal: '103,5' },
          { rodovia: 'SP-348', kmInicial: 10, kmFinal: 90 },
        ],
      })
    ).json().item;
    expect(item.formattedId).toMatch(/^RASC-\d{4}$/);
    const response = await send(requerente.token, item);
    expect(response.statusCode).toBe(200);
    const row = await stored(item.id);
    expect(row.status).toBe('enviada');
    // The protocol number of the final pattern, given now; the history records the change.
    expect(row.formattedId).toMatch(new RegExp(`^PED-${new Date().getFullYear()}-\\d{5}$`));
    const history = await app.inject({
      method: 'GET',
      url: `/api/genericItem/getHistoryFull?itemId=${item.id}`,
      headers: bearer(requerente.token),
    });
    expect(history.json().versions[0].changes).toContainEqual(
      expect.objectContaining({ label: 'Número', oldValue: item.formattedId, newValue: row.formattedId }),
    );
    expect(row.data.trechos).toEqual([
      { rodovia: 'SP-330', kmInicial: 318, kmFinal: 103.5 },
      { rodovia: 'SP-348', kmInicial: 10, kmFinal: 90 },
    ]);
  });

  it("refuses a segment's bad cell naming its row and column", async () => {
    const response = await save(requerente.token, {
      trechos: [
        { rodovia: 'SP-330', kmInicial: 1, kmFinal: 2 },
        { rodovia: 'SP-310', kmInicial: -4, kmFinal: 2 },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0]).toMatchObject({ field: 'trechos' });
    expect(response.json().details[0].message).toMatch(/^Linha 2, Km inicial: /);
  });
});

describe('draft IDs and protocol numbers', () => {
  it('numbers drafts on their own counter and spends a protocol number only on what is sent', async () => {
    const first = (await save(requerente.token, { carga: 'A' })).json().item;
    const second = (await save(requerente.token, { carga: 'B' })).json().item;
    expect(Number(second.formattedId.slice(5))).toBe(Number(first.formattedId.slice(5)) + 1);
    const complete = { pbtc: 10, trechos: [{ rodovia: 'SP-330', kmInicial: 1, kmFinal: 2 }] };
    const sentFirst = (await save(requerente.token, complete, first)).json().item;
    await send(requerente.token, sentFirst);
    const sentSecond = (await save(requerente.token, complete, second)).json().item;
    await send(requerente.token, sentSecond);
    const [a, b] = [await stored(first.id), await stored(second.id)];
    expect(Number(b.formattedId.slice(-5))).toBe(Number(a.formattedId.slice(-5)) + 1);
  });
});

describe("the requerente's identity comes from the account", () => {
  it('fills the name and CPF of a new request from the account', async () => {
    const item = (await save(requerente.token, { carga: 'Gerador' })).json().item;
    expect((await stored(item.id)).data).toMatchObject({ nome: 'MARIA DA SILVA', documento: OWN_CPF });
  });

  it('offers them to the insert form', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/genericItem/getFormInitialData?componentId=${REQUEST}&formId=${FORM}`,
      headers: bearer(requerente.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().values).toMatchObject({ nome: 'Maria da Silva', documento: OWN_CPF });
  });

  it("refuses another person's CPF or name, on a new request and on a stored one", async () => {
    const other = await save(requerente.token, { documento: '111.444.777-35' });
    expect(other.statusCode).toBe(400);
    expect(other.json().details).toEqual([
      expect.objectContaining({
        field: 'documento',
        message: 'Vem do cadastro da sua conta e não pode ser trocado por outro',
      }),
    ]);
    const item = (await save(requerente.token, { documento: '529.982.247-25' })).json().item;
    const renamed = await save(requerente.token, { nome: 'Outra Pessoa' }, item);
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().details[0].field).toBe('nome');
    expect((await stored(item.id)).data.nome).toBe('MARIA DA SILVA');
  });

  it('lets the department file a request in the applicant’s name', async () => {
    const response = await save(analyst.token, { documento: '111.444.777-35', nome: 'Outra Pessoa' });
    expect(response.statusCode).toBe(200);
  });
});
