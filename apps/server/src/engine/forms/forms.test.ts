import { type ComponentDefinitionInput, FieldIssueSchema } from '@der/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import {
  buildComponents,
  buildItem,
  buildPeople,
  grantProjectAccess,
} from '../../../test/factories/runtime.ts';
import { testComponents } from '../../../test/fixtures/test-definition.ts';
import { bearer } from '../../../test/helpers/auth.ts';
import type { ItemActor } from '../items/items.service.ts';

const BASE = 700;
const PROJECT = BASE + 1;
const REQUEST = BASE + 2;
const FORM = 7001;
const NOW = new Date('2026-03-10T15:00:00.000Z');

const label = (pt: string, en: string) => ({ 'pt-BR': pt, en });

/** The write side's test request component, with a form and business rules. */
function componentsWithForm(): ComponentDefinitionInput[] {
  const [project, request] = testComponents(BASE);
  return [
    project!,
    {
      ...request!,
      fields: [
        ...request!.fields,
        { key: 'cargaPerigosa', type: 'BOOLEAN', label: label('Produto perigoso', 'Dangerous goods') },
        { key: 'numeroOnu', type: 'STRING', label: label('Número ONU', 'UN number'), mask: '0000' },
        { key: 'inicio', type: 'DATE_TIME', label: label('Início', 'Start'), dateTimeFormatType: 1 },
        { key: 'dobro', type: 'DECIMAL', label: label('Dobro do peso', 'Twice the weight') },
      ],
      rules: [
        { id: 'inicioHoje', kind: 'defaultValue', field: 'inicio', expression: '$now()' },
        { id: 'dobro', kind: 'computedValue', field: 'dobro', expression: 'peso * 2' },
        { id: 'onuVisivel', kind: 'visibility', field: 'numeroOnu', expression: 'cargaPerigosa = true' },
        { id: 'onuObrigatorio', kind: 'required', field: 'numeroOnu', expression: 'cargaPerigosa = true' },
        {
          id: 'pesoMaximo',
          kind: 'validation',
          field: 'peso',
          expression: 'peso <= 500',
          message: label('O peso máximo é 500.', 'The maximum weight is 500.'),
        },
        {
          id: 'titulo',
          kind: 'action',
          trigger: { on: 'beforeSave' },
          effects: [{ kind: 'setField', field: 'Title', expression: "nome & ' — ' & $string(peso)" }],
        },
      ],
      forms: [
        {
          id: FORM,
          name: label('Pedido', 'Request'),
          layout: [
            {
              type: 'tabControl',
              tabs: [
                {
                  title: label('Dados', 'Data'),
                  children: [
                    { type: 'textbox', field: 'FormattedID', readOnly: true },
                    { type: 'textbox', field: 'nome' },
                    { type: 'numericPicker', field: 'peso' },
                    { type: 'numericPicker', field: 'dobro' },
                    { type: 'checkbox', field: 'cargaPerigosa' },
                    { type: 'maskedText', field: 'numeroOnu' },
                    { type: 'dateChooser', field: 'inicio' },
                    { type: 'dropdown', field: 'tipo' },
                    { type: 'maskedText', field: 'cpf', readOnly: true },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}

let app: FastifyInstance;
const people = {} as Record<'owner' | 'other' | 'reader' | 'admin', { id: number; token: string }>;
let projectId: number;

const actorOf = (who: keyof typeof people): ItemActor => ({
  userId: people[who].id,
  isAdministrator: who === 'admin',
  language: 'pt-BR',
});

beforeAll(async () => {
  app = await buildTestApp({ now: () => NOW });
  await app.ready();
  const db = app.database.db;
  Object.assign(
    people,
    await buildPeople(app, ['owner', 'other', 'reader', 'admin'], {
      admin: { isAdministrator: true, name: 'ADMINISTRADORA' },
    }),
  );
  await buildComponents(app, BASE, { components: componentsWithForm() });
  projectId = (await buildItem(db, actorOf('admin'), { componentId: PROJECT, title: 'Projeto' })).id;
  await grantProjectAccess(db, projectId, [
    { userId: people.reader.id, readOnly: true },
    { userId: people.owner.id },
  ]);
});
afterAll(() => app.close());

type Who = keyof typeof people;
const get = (path: string, who: Who, query: Record<string, unknown>, language = 'pt-BR') =>
  app.inject({
    method: 'GET',
    url: `/api/genericItem/${path}`,
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    headers: { ...bearer(people[who].token), 'accept-language': language },
  });
const post = (path: string, who: Who, payload: Record<string, unknown>, language = 'pt-BR') =>
  app.inject({
    method: 'POST',
    url: `/api/genericItem/${path}`,
    headers: { ...bearer(people[who].token), 'accept-language': language },
    payload,
  });

const save = (who: Who, body: Record<string, unknown>, language = 'pt-BR') =>
  post('saveItem', who, { componentId: REQUEST, formId: FORM, projectId, ...body }, language);

async function insert(values: Record<string, unknown>): Promise<{ id: number; version: number }> {
  const response = await save('owner', { values });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().saved;
}

describe('getForm', () => {
  it('answers the layout with the bound fields resolved in the request language', async () => {
    const response = await get('getForm', 'owner', { componentId: REQUEST, formId: FORM }, 'en');
    expect(response.statusCode).toBe(200);
    const view = response.json();
    expect(view).toMatchObject({ componentId: REQUEST, formId: FORM, name: 'Request', mode: 1 });
    const fields = Object.fromEntries(view.fields.map((f: { key: string }) => [f.key, f]));
    expect(Object.keys(fields)).toEqual([
      'FormattedID',
      'nome',
      'peso',
      'dobro',
      'cargaPerigosa',
      'numeroOnu',
      'inicio',
      'tipo',
      'cpf',
    ]);
    expect(fields.numeroOnu).toMatchObject({ label: 'UN number', readOnly: false, mask: '0000' });
    expect(fields.nome).toMatchObject({ label: 'Nome', required: true, readOnly: false });
    // Read-only component, computed value, system field.
    expect([fields.cpf.readOnly, fields.dobro.readOnly, fields.FormattedID.readOnly]).toEqual([
      true,
      true,
      true,
    ]);
    expect(fields.FormattedID.label).toBe('Code');
    expect(fields.tipo.options).toEqual([
      { value: 'unica', text: 'Viagem única' },
      { value: 'periodo', text: 'Por período' },
    ]);
    expect(view.rules.rules.map((rule: { id: string }) => rule.id)).toContain('onuVisivel');
    const pt = (await get('getForm', 'owner', { componentId: REQUEST, formId: FORM })).json();
    expect(pt.fields.find((f: { key: string }) => f.key === 'numeroOnu').label).toBe('Número ONU');
  });

  it('an unknown form or component answers 404', async () => {
    expect((await get('getForm', 'owner', { componentId: REQUEST, formId: 9999 })).statusCode).toBe(404);
    expect((await get('getForm', 'owner', { componentId: 99_999, formId: FORM })).statusCode).toBe(404);
  });
});

describe('getFormInitialData', () => {
  it('fills the defaults of rules and hides what rules hide', async () => {
    const response = await get('getFormInitialData', 'owner', {
      componentId: REQUEST,
      formId: FORM,
      projectId,
    });
    expect(response.statusCode).toBe(200);
    const state = response.json();
    expect(state.values.inicio).toBe(NOW.toISOString());
    expect(state.visibility.numeroOnu).toBe(false);
    expect(state.required).toMatchObject({ nome: true, numeroOnu: false });
  });
});

describe('saveItem', () => {
  it('inserts with the rules applied on the server (computed value, title) and saveAndClear', async () => {
    const response = await save('owner', {
      values: { nome: 'Carga A', peso: '12,5', cargaPerigosa: false, tipo: 'unica' },
      saveAndClear: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result.saved.version).toBe(1);
    expect(result.item.values).toMatchObject({
      nome: 'Carga A',
      peso: 12.5,
      dobro: 25,
      Title: 'Carga A — 12.5',
      inicio: NOW.toISOString(),
      Version: 1,
    });
    expect(result.item.canEdit).toBe(true);
    expect(result.next.values).toEqual({ inicio: NOW.toISOString() });
  });

  it.each([
    ['cpf', 'read-only on this form', 'Este campo não pode ser alterado'],
    ['dobro', 'a computed value', 'Este campo não pode ser alterado'],
    ['Version', 'a system field', 'Este campo não pode ser alterado'],
    ['CreatorName', 'a system field', 'Este campo não pode ser alterado'],
    ['placa', 'a field the form does not show', 'Este campo não pode ser alterado'],
    ['naoExiste', 'unknown', 'Campo desconhecido'],
  ])('refuses %s (%s) with 400 naming it', async (key, _why, message) => {
    const response = await save('owner', { values: { nome: 'X', [key]: '1' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: key, message }]);
  });

  it('answers the errors of the rules as 400 field errors with their codes, in the request language', async () => {
    const response = await save('owner', { values: { nome: 'X', peso: 600, cargaPerigosa: true } }, 'en');
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { field: 'numeroOnu', message: 'Fill in this field', code: 'fieldRule' },
      { field: 'peso', message: 'The maximum weight is 500.', code: 'rule' },
    ]);
    const pt = await save('owner', { values: { nome: 'X', peso: 1001 } });
    expect(pt.json().details).toEqual([
      { field: 'peso', message: 'O valor do campo deve estar entre 0 e 1000', code: expect.any(String) },
    ]);
    // The contract's FieldIssue keeps the code (a client parsing details does not drop it).
    expect(FieldIssueSchema.parse(pt.json().details[0]).code).toBe(pt.json().details[0].code);
  });

  it('updates at the loaded version; a stale version answers 409 naming who changed what', async () => {
    const item = await insert({ nome: 'Carga B', peso: 10 });
    const first = await save('owner', { itemId: item.id, version: 1, values: { peso: 20 } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().item.values).toMatchObject({
      peso: 20,
      dobro: 40,
      Title: 'Carga B — 20',
      Version: 2,
    });

    const stale = await save('owner', { itemId: item.id, version: 1, values: { nome: 'Outro' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('ITEM_VERSION_CONFLICT');
    expect(stale.json().Message).toMatch(/^O item foi alterado por .+ em 10\/03\/2026 12:00/);
    expect(stale.json().details).toMatchObject({ version: '2' });
    expect(stale.json().details.fields.split(', ').sort()).toEqual(['Dobro do peso', 'Peso', 'Título']);
    // Nothing was overwritten.
    const fresh = await post('refreshItem', 'owner', { itemId: item.id, componentId: REQUEST });
    expect(fresh.json().values.nome).toBe('Carga B');
  });

  it('refuses a user without permission with the text of spec §6', async () => {
    const item = await insert({ nome: 'Carga C', peso: 1 });
    const pt = await save('reader', { itemId: item.id, version: 1, values: { peso: 2 } });
    expect(pt.statusCode).toBe(403);
    expect(pt.json()).toMatchObject({
      code: 'ITEM_EDIT_FORBIDDEN',
      Message: 'O usuário não tem permissão para editar o item.',
    });
    const en = await save('reader', { itemId: item.id, version: 1, values: { peso: 2 } }, 'en');
    expect(en.json().Message).toBe('The user does not have permission to edit the item.');
    // Inserting into a project where the user only reads is refused alike.
    expect((await save('reader', { values: { nome: 'Nova' } })).statusCode).toBe(403);
    // Someone who may not see the item gets 404, as for an unknown id.
    expect((await save('other', { itemId: item.id, version: 1, values: { peso: 2 } })).statusCode).toBe(404);
  });
});

describe('refreshItem', () => {
  it('answers the stored item and whether the user may change it', async () => {
    const item = await insert({ nome: 'Carga D', peso: 3 });
    const owner = await post('refreshItem', 'owner', { itemId: item.id, componentId: REQUEST });
    expect(owner.statusCode).toBe(200);
    expect(owner.json()).toMatchObject({
      id: item.id,
      version: 1,
      canEdit: true,
      values: { nome: 'Carga D' },
    });
    const reader = await post('refreshItem', 'reader', { itemId: item.id, componentId: REQUEST });
    expect(reader.statusCode, reader.body).toBe(200);
    expect(reader.json().canEdit).toBe(false);
    expect((await post('refreshItem', 'other', { itemId: item.id, componentId: REQUEST })).statusCode).toBe(
      404,
    );
  });
});

describe('executeFormBusinessRule', () => {
  it('runs the rules of a change on the server', async () => {
    const response = await post('executeFormBusinessRule', 'owner', {
      componentId: REQUEST,
      values: { nome: 'X', peso: '7,5', cargaPerigosa: true },
      event: 'change',
      changedField: 'cargaPerigosa',
      isNew: false,
    });
    expect(response.statusCode).toBe(200);
    const state = response.json();
    expect(state.values).toMatchObject({ peso: 7.5, dobro: 15 });
    expect(state.visibility.numeroOnu).toBe(true);
    expect(state.errors).toEqual([
      { field: 'numeroOnu', message: { 'pt-BR': 'Preencha este campo', en: 'Fill in this field' } },
    ]);
  });

  it('runs one action rule by id (a button), and 404 for an unknown one', async () => {
    const response = await post('executeFormBusinessRule', 'owner', {
      componentId: REQUEST,
      values: { nome: 'Y', peso: 2 },
      event: 'change',
      ruleId: 'titulo',
    });
    expect(response.json().values.Title).toBe('Y — 2');
    const unknown = await post('executeFormBusinessRule', 'owner', {
      componentId: REQUEST,
      values: {},
      event: 'change',
      ruleId: 'naoExiste',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('history', () => {
  it('getHistory, getHistoryFull and getAttributeChanges describe the versions with labels and pt-BR values', async () => {
    const item = await insert({ nome: 'Carga E', peso: '123,5', tipo: 'unica' });
    const updated = await save('owner', {
      itemId: item.id,
      version: 1,
      values: { peso: 20, tipo: 'periodo', cargaPerigosa: true, numeroOnu: '1203' },
    });
    expect(updated.statusCode, updated.body).toBe(200);

    const history = await get('getHistory', 'owner', { itemId: item.id, tableName: `Pedido${BASE}` });
    expect(history.statusCode).toBe(200);
    const versions = history.json().versions;
    expect(versions.map((v: { version: number; action: string }) => [v.version, v.action])).toEqual([
      [2, 'update'],
      [1, 'create'],
    ]);
    expect(versions[0].changedBy).toMatchObject({ id: people.owner.id });
    expect(versions[0].fields.sort()).toEqual(
      ['Dobro do peso', 'Número ONU', 'Peso', 'Produto perigoso', 'Tipo', 'Título'].sort(),
    );
    expect(versions[0].changes).toBeUndefined();

    const full = await get('getHistoryFull', 'owner', { itemId: item.id });
    expect(full.json().versions[0].changes).toContainEqual({
      field: 'peso',
      label: 'Peso',
      oldValue: '123,5',
      newValue: '20',
    });

    const changes = await get('getAttributeChanges', 'owner', {
      itemId: item.id,
      componentId: REQUEST,
      currentVersion: 2,
      previousVersion: 1,
    });
    expect(changes.statusCode).toBe(200);
    const byField = Object.fromEntries(changes.json().changes.map((c: { field: string }) => [c.field, c]));
    expect(byField.tipo).toEqual({
      field: 'tipo',
      label: 'Tipo',
      oldValue: 'Viagem única',
      newValue: 'Por período',
    });
    expect(byField.cargaPerigosa).toMatchObject({ oldValue: '', newValue: 'Sim' });
    expect(byField.dobro).toMatchObject({ oldValue: '247', newValue: '40' });
    expect(byField.Title).toMatchObject({
      label: 'Título',
      oldValue: 'Carga E — 123.5',
      newValue: 'Carga E — 20',
    });

    const created = await get(
      'getAttributeChanges',
      'owner',
      { itemId: item.id, componentId: REQUEST, currentVersion: 1, previousVersion: 0 },
      'en',
    );
    const inicio = created.json().changes.find((c: { field: string }) => c.field === 'inicio');
    expect(inicio).toEqual({ field: 'inicio', label: 'Start', oldValue: '', newValue: '10/03/2026' });

    const missing = await get('getAttributeChanges', 'owner', {
      itemId: item.id,
      componentId: REQUEST,
      currentVersion: 9,
      previousVersion: 1,
    });
    expect(missing.statusCode).toBe(404);
    expect((await get('getHistory', 'other', { itemId: item.id })).statusCode).toBe(404);
  });
});

describe('showHideField', () => {
  it("keeps the user's hidden fields per component and project, and getForm answers them", async () => {
    const hide = await post('showHideField', 'owner', {
      field: 'peso',
      isVisible: false,
      componentid: REQUEST,
      projectId,
    });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json()).toEqual({ field: 'peso', isVisible: false, hiddenFields: ['peso'] });
    await post('showHideField', 'owner', {
      field: 'Title',
      isVisible: false,
      componentid: REQUEST,
      projectId,
    });
    const form = await get('getForm', 'owner', { componentId: REQUEST, formId: FORM, projectId });
    expect(form.json().hiddenFields).toEqual(['Title', 'peso']);
    // Another project, another user: their own choices.
    expect(
      (await get('getForm', 'owner', { componentId: REQUEST, formId: FORM })).json().hiddenFields,
    ).toEqual([]);
    const reader = await get('getForm', 'reader', { componentId: REQUEST, formId: FORM, projectId });
    expect(reader.json().hiddenFields).toEqual([]);

    const show = await post('showHideField', 'owner', {
      field: 'peso',
      isVisible: true,
      componentid: REQUEST,
      projectId,
    });
    expect(show.json().hiddenFields).toEqual(['Title']);
  });

  it('an unknown field answers 400 naming `field`', async () => {
    const response = await post('showHideField', 'owner', {
      field: 'naoExiste',
      isVisible: false,
      componentid: REQUEST,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: 'field', message: 'Campo desconhecido' }]);
  });
});
