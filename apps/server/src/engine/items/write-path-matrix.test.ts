import type { ComponentDefinitionInput, OperationEffect } from '@der/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildComponents, grantApplication } from '../../../test/factories/runtime.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { insertItems } from '../../../test/fixtures/query-test-fixture.ts';
import { testComponents, testFields } from '../../../test/fixtures/test-definition.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';
import { fileUpload, sheetOf } from '../../../test/helpers/upload.ts';
import { isAppError } from '../../infra/http/app-error.ts';
import { messages } from '../../modules/messages/messages.table.ts';
import { applyOperationEffect } from '../operations/operation-effect.ts';
import type { ItemActor } from './create-items.ts';
import { runtimeItems } from './items.table.ts';

/**
 * Issue 15 "One write path" and "Field permissions by role and status": every writer (form save,
 * updateItemField, bulkUpdateItems, the Excel import, operation effects) × (external user, analyst,
 * administrator) × (draft, in analysis, final status) is allowed or refused by the same rule, runs the
 * component's rules, and answers only for applications granted to the user.
 */
const BASE = 4100;
const REQUEST = BASE + 2;
const OTHER_BASE = 4200;
const OTHER_REQUEST = OTHER_BASE + 2;
const FORM = 41;
const QUERY = 42;

const label = (pt: string, en = pt) => ({ 'pt-BR': pt, en });

/** The request of the test application with a department field, a rule, a workflow and field permissions. */
function components(base: number): ComponentDefinitionInput[] {
  const [project, request] = testComponents(base);
  return [
    project!,
    {
      ...request!,
      fields: [
        ...testFields(),
        { key: 'taxa', type: 'CURRENCY', label: label('Taxa'), departmentOnly: true },
      ],
      rules: [
        {
          id: 'pesoMaximo',
          kind: 'validation',
          field: 'peso',
          expression: 'peso <= 500',
          message: label('O peso máximo é 500.', 'The maximum weight is 500.'),
        },
      ],
      workflow: {
        statuses: [
          { key: 'rascunho', name: label('Rascunho'), initial: true },
          { key: 'emAnalise', name: label('Em análise') },
          {
            key: 'emitida',
            name: label('Emitida'),
            final: true,
            onEnter: [{ kind: 'setField', field: 'taxa', expression: '99' }],
          },
        ],
        actions: [{ key: 'emitir', name: label('Emitir'), from: ['emAnalise'], to: 'emitida' }],
      },
      fieldAccess: {
        statuses: [{ status: 'emAnalise', write: [{ fields: ['nome', 'peso', 'taxa'], roles: ['staff'] }] }],
      },
      forms: [
        {
          id: base === BASE ? FORM : FORM + 1,
          name: label('Pedido'),
          layout: [
            {
              type: 'tabControl',
              tabs: [
                {
                  title: label('Dados'),
                  children: [
                    { type: 'textbox', field: 'nome' },
                    { type: 'numericPicker', field: 'peso' },
                    { type: 'numericPicker', field: 'taxa' },
                  ],
                },
              ],
            },
          ],
        },
      ],
      queries: [
        {
          id: base === BASE ? QUERY : QUERY + 1,
          name: label('Todos'),
          filter: { logicSeparator: 'AND', filters: [] },
        },
      ],
    },
  ];
}

type Who = 'requerente' | 'analyst' | 'admin';
type Status = 'rascunho' | 'emAnalise' | 'emitida';
type Writer = 'formSave' | 'updateItemField' | 'bulkUpdateItems' | 'operationEffect';

let app: FastifyInstance;
const people = {} as Record<Who, { id: number; token: string; actor: ItemActor }>;

/** A request of the requerente, followed by the analyst (its responsible), in `status`, at version 1. */
async function requestIn(status: Status, componentId = REQUEST): Promise<number> {
  const [id] = await insertItems(app.database.db, [
    {
      componentId,
      status,
      creatorId: people.requerente.id,
      responsibleId: people.analyst.id,
      data: { nome: 'Pedido', peso: 10 },
    },
  ]);
  return id!;
}

async function stored(id: number) {
  const [row] = await app.database.db
    .select()
    .from(runtimeItems)
    .where(inArray(runtimeItems.id, [id]));
  return row!;
}

const post = (who: Who, path: string, payload: object, language = 'pt-BR') =>
  app.inject({
    method: 'POST',
    url: `/api/genericItem/${path}`,
    headers: { ...bearer(people[who].token), 'accept-language': language },
    payload,
  });

/** Runs `field = value` on item `id` through one writer; answers the HTTP-like status and the 400 details. */
async function write(
  writer: Writer,
  who: Who,
  id: number,
  changes: Record<string, unknown>,
): Promise<{ status: number; details: Array<{ field: string; message: string }> }> {
  if (writer === 'operationEffect') {
    const effect: OperationEffect = {
      kind: 'updateItems',
      componentId: REQUEST,
      queryId: QUERY,
      when: `ID = ${id}`,
      set: Object.fromEntries(Object.entries(changes).map(([key, value]) => [key, JSON.stringify(value)])),
    };
    try {
      await app.database.db.transaction((tx) =>
        applyOperationEffect(tx, people[who].actor, effect, {}, new Date()),
      );
      return { status: 200, details: [] };
    } catch (error) {
      if (!isAppError(error)) throw error;
      return { status: error.statusCode, details: (error.details ?? []) as never };
    }
  }
  const response =
    writer === 'formSave'
      ? await post(who, 'saveItem', {
          componentId: REQUEST,
          formId: FORM,
          itemId: id,
          version: 1,
          values: changes,
        })
      : writer === 'updateItemField'
        ? await post(who, 'updateItemField', {
            componentId: REQUEST,
            itemId: id,
            version: 1,
            field: Object.keys(changes)[0],
            value: Object.values(changes)[0],
          })
        : await post(who, 'bulkUpdateItems', { component: REQUEST, items: [{ id, version: 1, changes }] });
  return { status: response.statusCode, details: response.json().details ?? [] };
}

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  const db = app.database.db;
  await buildComponents(app, BASE, { components: components(BASE) });
  await buildComponents(app, OTHER_BASE, { components: components(OTHER_BASE) });
  const built = {
    requerente: await buildUser(db, {
      kind: 'requerente',
      loginPage: '/aet',
      grantFixtureApplications: false,
    }),
    analyst: await buildUser(db, { grantFixtureApplications: false }),
    admin: await buildUser(db, { isAdministrator: true, grantFixtureApplications: false }),
  };
  // The requerente opens only the first application; the analyst both.
  await grantApplication(db, REQUEST, [built.requerente.id, built.analyst.id]);
  await grantApplication(db, OTHER_REQUEST, [built.analyst.id]);
  for (const who of ['requerente', 'analyst', 'admin'] as const) {
    const user = built[who];
    people[who] = {
      id: user.id,
      token: await signIn(app, user),
      actor: {
        userId: user.id,
        isAdministrator: who === 'admin',
        language: 'pt-BR',
        kind: who === 'requerente' ? 'requerente' : 'staff',
      },
    };
  }
});
afterAll(() => app.close());

/** Who may change an ordinary field (peso) in each status: the definition's field permissions. */
const MAY_WRITE: Record<Status, Record<Who, boolean>> = {
  rascunho: { requerente: true, analyst: true, admin: true },
  // fieldAccess: in analysis only staff write nome, peso and taxa.
  emAnalise: { requerente: false, analyst: true, admin: true },
  // A final status is locked for everyone: only a workflow action's effects change it.
  emitida: { requerente: false, analyst: false, admin: false },
};

describe('every writer × (external user, analyst, administrator) × (draft, in analysis, final)', () => {
  const writers: Writer[] = ['formSave', 'updateItemField', 'bulkUpdateItems', 'operationEffect'];
  for (const writer of writers) {
    for (const status of ['rascunho', 'emAnalise', 'emitida'] as const) {
      for (const who of ['requerente', 'analyst', 'admin'] as const) {
        // Bulk updates are the department's (issue 14): external accounts are refused whatever the item.
        const allowed = MAY_WRITE[status][who] && !(writer === 'bulkUpdateItems' && who === 'requerente');
        it(`${writer}: ${who} ${allowed ? 'may' : 'may not'} change peso of an item in ${status}`, async () => {
          const id = await requestIn(status);
          const result = await write(writer, who, id, { peso: 20 });
          const row = await stored(id);
          if (allowed) {
            expect(result.status, JSON.stringify(result.details)).toBe(200);
            expect(row.data.peso).toBe(20);
            expect(row.version).toBe(2);
          } else {
            expect(result.status).toBe(writer === 'bulkUpdateItems' && who === 'requerente' ? 403 : 400);
            if (result.status === 400) expect(result.details[0]!.field).toMatch(/peso$/);
            expect(row.data.peso).toBe(10);
            expect(row.version).toBe(1);
          }
        });
      }
    }

    it(`${writer}: the requerente may not set the department's fee, even on a draft; the analyst may`, async () => {
      const id = await requestIn('rascunho');
      const refused = await write(writer, 'requerente', id, { taxa: 0.01 });
      expect(refused.status).toBe(writer === 'bulkUpdateItems' ? 403 : 400);
      if (refused.status === 400)
        expect(refused.details).toEqual([
          { field: 'taxa', message: 'Este campo não pode ser alterado', code: 'fieldNotEditable' },
        ]);
      expect((await stored(id)).data.taxa).toBeUndefined();
      const allowed = await write(writer, 'analyst', id, { taxa: 35.5 });
      expect(allowed.status, JSON.stringify(allowed.details)).toBe(200);
      expect((await stored(id)).data.taxa).toBe(35.5);
    });

    it(`${writer}: runs the component's rules (a weight over 500 is refused like the form's save)`, async () => {
      const id = await requestIn('rascunho');
      const result = await write(writer, 'analyst', id, { peso: 600 });
      expect(result.status).toBe(400);
      expect(result.details[0]!.field).toMatch(/peso$/);
      expect(result.details[0]!.message).toBe('O peso máximo é 500.');
      expect((await stored(id)).data.peso).toBe(10);
    });
  }
});

describe('the Excel import goes through the same steps', () => {
  const importSheet = async (who: Who, rows: unknown[][]) => {
    const upload = fileUpload(await sheetOf(rows));
    return app.inject({
      method: 'POST',
      url: `/api/genericItem/importExcel?componentID=${REQUEST}`,
      headers: { ...bearer(people[who].token), 'accept-language': 'pt-BR', ...upload.headers },
      payload: upload.payload,
    });
  };

  it('imports the analyst’s rows, the fee included, in the initial status', async () => {
    const response = await importSheet('analyst', [
      ['nome', 'peso', 'taxa'],
      ['Importado', 5, 12],
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, imported: 1 });
  });

  it('refuses a row that breaks the component’s rule, reporting its row and column', async () => {
    const response = await importSheet('analyst', [
      ['nome', 'peso'],
      ['Leve', 5],
      ['Pesado', 600],
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: false,
      imported: 0,
      errors: [{ row: 3, column: 'peso', message: 'O peso máximo é 500.' }],
    });
  });

  it('refuses the requerente (bulk work is the department’s)', async () => {
    const response = await importSheet('requerente', [
      ['nome', 'peso'],
      ['Meu', 5],
    ]);
    expect(response.statusCode).toBe(403);
  });
});

describe('workflow actions: their own effects bypass the write permission', () => {
  it('an operation running `emitir` sets the fee on entering the final status; then nothing is writable', async () => {
    const id = await requestIn('emAnalise');
    const effect: OperationEffect = {
      kind: 'updateItems',
      componentId: REQUEST,
      queryId: QUERY,
      when: `ID = ${id}`,
      set: {},
      action: 'emitir',
    };
    await app.database.db.transaction((tx) =>
      applyOperationEffect(tx, people.analyst.actor, effect, {}, new Date()),
    );
    const row = await stored(id);
    expect(row.status).toBe('emitida');
    expect(row.data.taxa).toBe(99);
    const after = await post('analyst', 'updateItemField', {
      componentId: REQUEST,
      itemId: id,
      version: row.version,
      field: 'taxa',
      value: 1,
    });
    expect(after.statusCode).toBe(400);
  });
});

describe('the form reads the same rule', () => {
  const refresh = async (who: Who, id: number) =>
    (await post(who, 'refreshItem', { itemId: id, componentId: REQUEST })).json();

  it('refreshItem names the fields read-only for this user in the item’s status', async () => {
    const draft = await requestIn('rascunho');
    expect(await refresh('requerente', draft)).toMatchObject({ canEdit: true, readOnlyFields: ['taxa'] });
    expect(await refresh('analyst', draft)).toMatchObject({ canEdit: true, readOnlyFields: [] });
    const inAnalysis = await requestIn('emAnalise');
    const requerenteView = await refresh('requerente', inAnalysis);
    expect(requerenteView.readOnlyFields).toContain('peso');
    expect(requerenteView.readOnlyFields).toContain('taxa');
    expect(requerenteView.canEdit).toBe(false);
    const issued = await requestIn('emitida');
    const adminView = await refresh('admin', issued);
    expect(adminView.canEdit).toBe(false);
    expect(adminView.readOnlyFields).toEqual(expect.arrayContaining(['nome', 'peso', 'taxa', 'Title']));
  });

  it('getForm shows the department’s fields read-only to external users only', async () => {
    const readOnlyOf = async (who: Who) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/genericItem/getForm?componentId=${REQUEST}&formId=${FORM}`,
        headers: bearer(people[who].token),
      });
      expect(response.statusCode, response.body).toBe(200);
      const fields = response.json().fields as Array<{ key: string; readOnly: boolean }>;
      return fields.filter((field) => field.readOnly).map((field) => field.key);
    };
    expect(await readOnlyOf('requerente')).toEqual(['taxa']);
    expect(await readOnlyOf('analyst')).toEqual([]);
  });

  it('checkPermissionToUpdate refuses an issued item with the spec’s text, and allows a draft', async () => {
    const issued = await requestIn('emitida');
    const refused = await post(
      'analyst',
      'checkPermissionToUpdate',
      { itemId: issued, component: REQUEST },
      'en',
    );
    expect(refused.json()).toEqual({
      allowed: false,
      message: 'The user does not have permission to edit the item.',
    });
    const draft = await requestIn('rascunho');
    const allowed = await post('requerente', 'checkPermissionToUpdate', {
      itemId: draft,
      component: REQUEST,
    });
    expect(allowed.json()).toEqual({ allowed: true });
  });
});

describe('application grants and parents', () => {
  it('a requerente granted only the first application can neither create, change nor read the other’s items (404)', async () => {
    const created = await post('requerente', 'saveItem', {
      componentId: OTHER_REQUEST,
      formId: FORM + 1,
      values: { nome: 'TPEU', peso: 1 },
    });
    expect(created.statusCode).toBe(404);
    // Even their own item of that application (they are its creator) answers as unknown.
    const own = await requestIn('rascunho', OTHER_REQUEST);
    const changed = await post('requerente', 'updateItemField', {
      componentId: OTHER_REQUEST,
      itemId: own,
      version: 1,
      field: 'peso',
      value: 2,
    });
    expect(changed.statusCode).toBe(404);
    expect(
      (await post('requerente', 'refreshItem', { itemId: own, componentId: OTHER_REQUEST })).statusCode,
    ).toBe(404);
    const form = await app.inject({
      method: 'GET',
      url: `/api/genericItem/getForm?componentId=${OTHER_REQUEST}&formId=${FORM + 1}`,
      headers: bearer(people.requerente.token),
    });
    expect(form.statusCode).toBe(404);
    // Nor its list settings, a new item's defaults or an item's history.
    for (const url of [
      `getListControlData?componentID=${OTHER_REQUEST}`,
      `getFormInitialData?componentId=${OTHER_REQUEST}&formId=${FORM + 1}`,
      `getHistory?itemId=${own}`,
    ]) {
      const read = await app.inject({
        method: 'GET',
        url: `/api/genericItem/${url}`,
        headers: bearer(people.requerente.token),
      });
      expect(read.statusCode, url).toBe(404);
    }
    const list = await post('requerente', 'executeFilter', { componentID: OTHER_REQUEST });
    expect(list.statusCode).toBe(404);
    const granted = await post('analyst', 'executeFilter', { componentID: OTHER_REQUEST });
    expect(granted.statusCode, granted.body).toBe(200);
    // A project of that application the requerente created is not listed to them either.
    const [project] = await insertItems(app.database.db, [
      { componentId: OTHER_BASE + 1, title: 'Projeto alheio', creatorId: people.requerente.id },
    ]);
    const projectsOf = async (who: Who) => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/genericItem/loadProjects',
        headers: bearer(people[who].token),
      });
      return (response.json() as Array<{ id: number }>).map((row) => row.id);
    };
    expect(await projectsOf('requerente')).not.toContain(project);
    expect(await projectsOf('admin')).toContain(project);
    // The analyst, granted it, creates there.
    const analyst = await post('analyst', 'saveItem', {
      componentId: OTHER_REQUEST,
      formId: FORM + 1,
      values: { nome: 'TPEU', peso: 1 },
    });
    expect(analyst.statusCode, analyst.body).toBe(200);
  });

  it('refuses a new item hung on a parent its author cannot see, and accepts a visible parent', async () => {
    const [hidden] = await insertItems(app.database.db, [
      { componentId: REQUEST, status: 'rascunho', creatorId: people.admin.id, data: { nome: 'Oculto' } },
    ]);
    const refused = await post('requerente', 'saveItem', {
      componentId: REQUEST,
      formId: FORM,
      parentId: hidden,
      values: { nome: 'Filho', peso: 1 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      { field: 'parentId', message: expect.any(String), code: expect.any(String) },
    ]);
    const visible = await requestIn('rascunho');
    const accepted = await post('requerente', 'saveItem', {
      componentId: REQUEST,
      formId: FORM,
      parentId: visible,
      values: { nome: 'Filho', peso: 1 },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});

describe('after-save effects run for every writer', () => {
  it('a grid edit tells the item’s followers, as the form’s save does', async () => {
    // Created through the form: the requerente (its creator) follows it.
    const created = await post('requerente', 'saveItem', {
      componentId: REQUEST,
      formId: FORM,
      values: { nome: 'Seguido', peso: 1 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id, version } = created.json().saved;
    const before = await app.database.db
      .select()
      .from(messages)
      .where(eq(messages.userId, people.requerente.id));
    const edited = await post('admin', 'updateItemField', {
      componentId: REQUEST,
      itemId: id,
      version,
      field: 'peso',
      value: 2,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await app.database.db
      .select()
      .from(messages)
      .where(eq(messages.userId, people.requerente.id));
    expect(after.length).toBe(before.length + 1);
  });
});
