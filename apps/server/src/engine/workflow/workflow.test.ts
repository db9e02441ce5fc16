import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import {
  actorOf,
  buildComponents,
  buildItem,
  buildPeople,
  grantProjectAccess,
} from '../../../test/factories/runtime.ts';
import { buildGroup } from '../../../test/factories/shell.ts';
import { testDefinition } from '../../../test/fixtures/test-definition.ts';
import {
  ANALYSTS,
  BOARD,
  workflowComponents,
  workflowOperations,
} from '../../../test/fixtures/workflow-definition.ts';
import { bearer } from '../../../test/helpers/auth.ts';
import { outbox } from '../../infra/outbox/outbox.table.ts';
import { messages } from '../../modules/messages/messages.table.ts';
import { pushDevices } from '../../modules/push/push.table.ts';
import { runtimeComponents } from '../definitions/definitions.table.ts';
import { runtimeItems, runtimeItemVersions } from '../items/items.table.ts';
import { saveItem } from '../items/save-item.ts';
import { runTransitionEffects } from './transition-effects.ts';
import { workflowApprovals } from './workflow.table.ts';

const BASE = 1500;
const PROJECT = BASE + 1;
const REQUEST = BASE + 2;
const NOW = new Date('2026-03-10T15:00:00.000Z');

type Who =
  | 'applicant'
  | 'analyst1'
  | 'analyst2'
  | 'director1'
  | 'director2'
  | 'delegate'
  | 'reader'
  | 'outsider'
  | 'admin';
const WHO: Who[] = [
  'applicant',
  'analyst1',
  'analyst2',
  'director1',
  'director2',
  'delegate',
  'reader',
  'outsider',
  'admin',
];

let app: FastifyInstance;
const people = {} as Record<Who, { id: number; name: string; token: string }>;
let projectId: number;
let analystsGroupId: number;
let applicationId: number;

beforeAll(async () => {
  app = await buildTestApp({ now: () => NOW });
  await app.ready();
  const db = app.database.db;
  Object.assign(people, await buildPeople(app, WHO, { admin: { isAdministrator: true } }));
  analystsGroupId = (
    await buildGroup(db, {
      name: ANALYSTS,
      memberIds: [people.analyst1.id, people.analyst2.id, people.director1.id, people.director2.id],
    })
  ).id;
  await buildGroup(db, { name: BOARD, memberIds: [people.director1.id, people.director2.id] });
  await buildComponents(app, BASE, {
    components: workflowComponents(BASE),
    operations: workflowOperations(BASE),
  });
  const admin = actorOf(people.admin, { isAdministrator: true });
  projectId = (await buildItem(db, admin, { componentId: PROJECT, title: 'Projeto' })).id;
  await grantProjectAccess(db, projectId, [
    { userId: people.applicant.id },
    { groupId: analystsGroupId },
    { userId: people.delegate.id },
    { userId: people.reader.id, readOnly: true },
  ]);
  const [component] = await db
    .select({ applicationId: runtimeComponents.applicationId })
    .from(runtimeComponents)
    .where(eq(runtimeComponents.id, REQUEST));
  applicationId = component!.applicationId;
});
afterAll(() => app.close());

const post = (path: string, who: Who, payload: Record<string, unknown>, language = 'pt-BR') =>
  app.inject({
    method: 'POST',
    url: `/api/genericItem/${path}`,
    headers: { ...bearer(people[who].token), 'accept-language': language },
    payload,
  });

/** A request of the applicant's in the project, in Rascunho. */
async function newRequest(data: Record<string, unknown> = {}): Promise<{ id: number; version: number }> {
  const row = await buildItem(app.database.db, actorOf(people.applicant), {
    componentId: REQUEST,
    projectId,
    data: { nome: 'Pedido', tipo: 'unica', ...data },
  });
  return { id: row.id, version: row.version };
}

async function itemRow(id: number) {
  const [row] = await app.database.db.select().from(runtimeItems).where(eq(runtimeItems.id, id));
  return row!;
}

/** Runs an action at the item's current version; answers the response. */
async function act(
  who: Who,
  itemId: number,
  action: string,
  extra: Record<string, unknown> = {},
  language = 'pt-BR',
) {
  const { version } = await itemRow(itemId);
  return post(
    'executeTaskAction',
    who,
    { itemId, componentId: REQUEST, action, version, ...extra },
    language,
  );
}

function refusal(response: { statusCode: number; json: () => { details?: unknown } }) {
  expect(response.statusCode).toBe(400);
  return (response.json().details as Array<{ field: string; code: string; message: string }>)[0]!;
}

const actionKeys = async (who: Who, itemId: number) => {
  const response = await post('getActions', who, { itemId, componentId: REQUEST });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().actions as Array<{ key: string }>).map((action) => action.key);
};

async function messagesOf(userId: number) {
  return app.database.db
    .select({ title: messages.title, text: messages.messageText })
    .from(messages)
    .where(eq(messages.userId, userId))
    .orderBy(asc(messages.id));
}

describe('getActions', () => {
  it("answers the item's status and the actions the caller may run, with their dialog settings", async () => {
    const item = await newRequest();
    const response = await post('getActions', 'applicant', { itemId: item.id, componentId: REQUEST }, 'en');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      itemId: item.id,
      version: 1,
      status: { key: 'rascunho', name: 'Draft', color: '#9E9E9E', initial: true, final: false },
      responsible: null,
      responsibleGroup: null,
      actions: [
        {
          key: 'enviar',
          name: 'Send',
          to: { key: 'emAnalise', name: 'Under review', color: '#1565C0', initial: false, final: false },
          reasonRequired: false,
          responsibleRequired: false,
          confirmation: 'Send for review?',
          approvals: null,
        },
      ],
    });
  });

  it('offers nothing to whom the action does not name, nor to a read-only member; 404 to who cannot see', async () => {
    const item = await newRequest();
    expect(await actionKeys('analyst1', item.id)).toEqual([]);
    expect(await actionKeys('reader', item.id)).toEqual([]);
    expect(await actionKeys('admin', item.id)).toEqual(['enviar']);
    const hidden = await post('getActions', 'outsider', { itemId: item.id, componentId: REQUEST });
    expect(hidden.statusCode).toBe(404);
    const unknown = await post('getActions', 'admin', { itemId: 99_999_999, componentId: REQUEST });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('validateByRule and loadResponsibles', () => {
  it("answers whether the action's condition holds over the stored and the form's unsaved values", async () => {
    const item = await newRequest();
    const body = { itemId: item.id, componentId: REQUEST, action: 'enviar' };
    expect((await post('validateByRule', 'applicant', body)).json()).toEqual({
      valid: false,
      message: 'Marque ativo antes de enviar.',
    });
    expect((await post('validateByRule', 'applicant', { ...body, values: { ativo: true } })).json()).toEqual({
      valid: true,
      message: null,
    });
    // An action without condition is valid; an unknown one is refused naming the action.
    expect((await post('validateByRule', 'applicant', { ...body, action: 'reenviar' })).json().valid).toBe(
      true,
    );
    const unknown = refusal(await post('validateByRule', 'applicant', { ...body, action: 'voar' }));
    expect(unknown).toMatchObject({ field: 'action', code: 'unknown' });
    expect((await post('validateByRule', 'outsider', body)).statusCode).toBe(404);
  });

  it("lists the action's candidates (its group's active members by name); 404 to who cannot see", async () => {
    const item = await newRequest();
    const response = await post('loadResponsibles', 'analyst1', {
      itemId: item.id,
      componentId: REQUEST,
      action: 'emitir',
    });
    const ids = (response.json().responsibles as Array<{ id: number }>).map((user) => user.id).sort();
    expect(ids).toEqual(
      [people.analyst1.id, people.analyst2.id, people.director1.id, people.director2.id].sort(),
    );
    // Without candidates named, an item in a project offers the project's members.
    const project = await post('loadResponsibles', 'analyst1', {
      itemId: item.id,
      componentId: REQUEST,
      action: 'pedirCorrecao',
    });
    const members = (project.json().responsibles as Array<{ id: number }>).map((user) => user.id);
    expect(members).toEqual(
      expect.arrayContaining([people.applicant.id, people.delegate.id, people.reader.id]),
    );
    expect(members).not.toContain(people.outsider.id);
    const hidden = await post('loadResponsibles', 'outsider', {
      itemId: item.id,
      componentId: REQUEST,
      action: 'emitir',
    });
    expect(hidden.statusCode).toBe(404);
  });
});

describe('executeTaskAction', () => {
  it("refuses an action whose condition fails, in the caller's language, naming the action", async () => {
    const item = await newRequest();
    const pt = refusal(await act('applicant', item.id, 'enviar'));
    expect(pt).toEqual({ field: 'action', code: 'condition', message: 'Marque ativo antes de enviar.' });
    const en = refusal(await act('applicant', item.id, 'enviar', {}, 'en'));
    expect(en.message).toBe('Tick active before sending.');
    expect((await itemRow(item.id)).version).toBe(1);
  });

  it('refuses unknown actions, actions of another status and actions the caller may not run', async () => {
    const item = await newRequest({ ativo: true });
    expect(refusal(await act('applicant', item.id, 'voar'))).toMatchObject({
      field: 'action',
      code: 'unknown',
    });
    expect(refusal(await act('applicant', item.id, 'reenviar'))).toMatchObject({
      field: 'action',
      code: 'notAvailable',
      message: 'Esta ação não se aplica ao status atual do item',
    });
    expect(refusal(await act('analyst1', item.id, 'enviar', {}, 'en'))).toEqual({
      field: 'action',
      code: 'notAllowed',
      message: 'You are not allowed to run this action',
    });
    expect((await act('outsider', item.id, 'enviar')).statusCode).toBe(404);
    // A read-only member may not write the item at all (spec §6).
    expect((await act('reader', item.id, 'enviar')).statusCode).toBe(403);
    const stale = await post('executeTaskAction', 'applicant', {
      itemId: item.id,
      componentId: REQUEST,
      action: 'enviar',
      version: 7,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('ITEM_VERSION_CONFLICT');
    expect((await itemRow(item.id)).status).toBe('rascunho');
  });

  it("sends with the form's unsaved values into the analysts' queue, tells them and writes the history", async () => {
    const item = await newRequest({ nome: 'Carreta' });
    const response = await act('applicant', item.id, 'enviar', { changes: { ativo: true } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      saved: { id: item.id, version: 2 },
      status: { key: 'emAnalise', name: 'Em análise' },
      responsibleId: null,
      pendingApprovals: null,
    });
    const row = await itemRow(item.id);
    expect(row).toMatchObject({
      status: 'emAnalise',
      responsibleGroupId: analystsGroupId,
      responsibleId: null,
    });
    expect(row.data.ativo).toBe(true);
    const [version] = await app.database.db
      .select()
      .from(runtimeItemVersions)
      .where(and(eq(runtimeItemVersions.itemId, item.id), eq(runtimeItemVersions.version, 2)));
    expect(version!.changedBy).toBe(people.applicant.id);
    expect(version!.changes.StatusName).toEqual({ from: 'rascunho', to: 'emAnalise' });
    // Each analyst is told (bell and e-mail); the applicant who acted is not.
    const told = await messagesOf(people.analyst2.id);
    expect(told.at(-1)).toEqual({
      title: `Novo pedido ${row.formattedId}`,
      text: `${people.applicant.name} enviou Carreta.`,
    });
    expect(await messagesOf(people.applicant.id)).toEqual([]);
    const emails = await app.database.db.select().from(outbox).where(eq(outbox.kind, 'email'));
    const recipients = emails.map((email) => (email.payload as { to: string }).to);
    expect(recipients.filter((to) => to.includes('@')).length).toBeGreaterThanOrEqual(4);
    expect(emails.at(-1)!.payload).toMatchObject({ template: 'workflowNotification', language: 'pt-BR' });
  });

  it('takes an item from the queue, asks for a correction with its reason and gets it back', async () => {
    const item = await newRequest({ ativo: true });
    expect((await act('applicant', item.id, 'enviar')).statusCode).toBe(200);
    const taken = await act('analyst1', item.id, 'assumir');
    expect(taken.json().responsibleId).toBe(people.analyst1.id);
    expect(await itemRow(item.id)).toMatchObject({
      responsibleId: people.analyst1.id,
      responsibleGroupId: null,
    });

    expect(refusal(await act('analyst1', item.id, 'pedirCorrecao', { reason: '  ' }))).toEqual({
      field: 'reason',
      code: 'reasonRequired',
      message: 'Informe o motivo desta ação',
    });
    const [device] = await app.database.db
      .insert(pushDevices)
      .values({
        userId: people.applicant.id,
        endpoint: `https://push.example/${item.id}`,
        p256dh: 'k',
        auth: 'a',
      })
      .returning();
    const asked = await act('analyst1', item.id, 'pedirCorrecao', { reason: 'Falta a placa' });
    expect(asked.statusCode, asked.body).toBe(200);
    const row = await itemRow(item.id);
    expect(row).toMatchObject({ status: 'correcao', reason: 'Falta a placa' });
    expect((await messagesOf(people.applicant.id)).at(-1)).toEqual({
      title: `Corrija ${row.formattedId}`,
      text: 'Motivo: Falta a placa',
    });
    // The applicant's device gets the push ('message' and 'push' channels: one push per device).
    const pushes = await app.database.db.select().from(outbox).where(eq(outbox.kind, 'push'));
    expect(pushes.map((push) => push.payload).filter((payload) => payload.deviceId === device!.id)).toEqual([
      {
        deviceId: device!.id,
        title: `Corrija ${row.formattedId}`,
        body: 'Motivo: Falta a placa',
        url: '/app',
      },
    ]);
    expect(await actionKeys('applicant', item.id)).toEqual(['reenviar']);
    // A condition the evaluator cannot compute is refused naming the action, not a server error.
    const broken = refusal(await act('admin', item.id, 'quebrar', {}, 'en'));
    expect(broken).toMatchObject({ field: 'action', code: 'expressionFailed' });
    expect(broken.message).toMatch(
      /^The rule of this action could not be evaluated \(.+\); tell the administrator$/,
    );
    const validation = await post('validateByRule', 'admin', {
      itemId: item.id,
      componentId: REQUEST,
      action: 'quebrar',
    });
    expect(refusal(validation)).toMatchObject({ field: 'action', code: 'expressionFailed' });
    const resent = await act('applicant', item.id, 'reenviar');
    expect(resent.json().status.key).toBe('emAnalise');
    // Entering Em análise again puts it back in the queue (no one user holds it); the reason of the last
    // action (none) replaces the old one.
    expect(await itemRow(item.id)).toMatchObject({
      responsibleId: null,
      responsibleGroupId: analystsGroupId,
      reason: null,
    });
  });
});

describe('approvals', () => {
  it('records each approval with its reason and fires the action at the count', async () => {
    const item = await newRequest({ ativo: true });
    await act('applicant', item.id, 'enviar');
    expect(await actionKeys('analyst1', item.id)).not.toContain('aprovar');
    expect(refusal(await act('analyst1', item.id, 'aprovar'))).toMatchObject({
      field: 'action',
      code: 'notApprover',
      message: `Esta ação precisa da aprovação de membros do grupo ${BOARD}, e você não é um deles`,
    });

    const first = await act('director1', item.id, 'aprovar', { reason: 'De acordo' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      status: { key: 'emAnalise' },
      pendingApprovals: { required: 2, given: 1, givenByMe: true },
    });
    // The item did not move: no new version.
    expect(await itemRow(item.id)).toMatchObject({ status: 'emAnalise', version: 2 });
    const view = await post('getActions', 'director1', { itemId: item.id, componentId: REQUEST });
    const aprovar = (view.json().actions as Array<{ key: string; approvals: unknown }>).find(
      (action) => action.key === 'aprovar',
    );
    expect(aprovar!.approvals).toEqual({ required: 2, given: 1, givenByMe: true });
    expect(refusal(await act('director1', item.id, 'aprovar'))).toMatchObject({ code: 'alreadyApproved' });

    const second = await act('director2', item.id, 'aprovar', { reason: 'Aprovo' });
    expect(second.json()).toMatchObject({
      status: { key: 'aprovado' },
      pendingApprovals: { required: 2, given: 2, givenByMe: true },
    });
    const approvals = await app.database.db
      .select()
      .from(workflowApprovals)
      .where(eq(workflowApprovals.itemId, item.id))
      .orderBy(asc(workflowApprovals.id));
    expect(approvals.map((row) => [row.userId, row.reason, row.closed])).toEqual([
      [people.director1.id, 'De acordo', true],
      [people.director2.id, 'Aprovo', true],
    ]);
  });

  it('approvals count for one pass through the status: leaving it closes them', async () => {
    const item = await newRequest({ ativo: true });
    await act('applicant', item.id, 'enviar');
    await act('director1', item.id, 'aprovar');
    await act('analyst1', item.id, 'pedirCorrecao', { reason: 'Ajuste' });
    await act('applicant', item.id, 'reenviar');
    const again = await act('director2', item.id, 'aprovar');
    expect(again.json().pendingApprovals).toEqual({ required: 2, given: 1, givenByMe: true });
    expect((await itemRow(item.id)).status).toBe('emAnalise');
  });
});

describe('approvals by delegation', () => {
  it("records a delegate's approval as the delegator's, so one person never counts twice", async () => {
    const item = await newRequest({ ativo: true });
    await act('applicant', item.id, 'enviar');
    // The delegate is in neither group: they approve only as director1's delegate.
    expect(refusal(await act('delegate', item.id, 'aprovar'))).toMatchObject({ code: 'notAllowed' });
    const delegation = await post('saveDelegation', 'director1', {
      toUserId: people.delegate.id,
      startsOn: '2026-03-10',
      endsOn: '2026-03-10',
    });
    expect(delegation.statusCode, delegation.body).toBe(200);
    const approved = await act('delegate', item.id, 'aprovar', { reason: 'Em nome do diretor' });
    expect(approved.json().pendingApprovals).toEqual({ required: 2, given: 1, givenByMe: true });
    expect(refusal(await act('director1', item.id, 'aprovar'))).toMatchObject({ code: 'alreadyApproved' });
    const [row] = await app.database.db
      .select()
      .from(workflowApprovals)
      .where(eq(workflowApprovals.itemId, item.id));
    expect(row).toMatchObject({
      userId: people.director1.id,
      actedBy: people.delegate.id,
      reason: 'Em nome do diretor',
      closed: false,
    });
    await post('deleteDelegation', 'director1', { id: delegation.json().given[0].id });
  });
});

describe('named users, responsible and final statuses', () => {
  it('lets only the users a field names issue, with a responsible among the candidates', async () => {
    const item = await newRequest({ ativo: true, analista: people.analyst2.id });
    await act('applicant', item.id, 'enviar');
    await act('director1', item.id, 'aprovar');
    await act('director2', item.id, 'aprovar');
    expect(await actionKeys('analyst1', item.id)).toEqual(['indeferir']);
    expect(await actionKeys('analyst2', item.id)).toEqual(['emitir', 'indeferir']);
    expect(refusal(await act('analyst1', item.id, 'emitir'))).toMatchObject({ code: 'notAllowed' });
    expect(refusal(await act('analyst2', item.id, 'emitir'))).toEqual({
      field: 'responsibleId',
      code: 'responsibleRequired',
      message: 'Escolha o responsável para esta ação',
    });
    expect(
      refusal(await act('analyst2', item.id, 'emitir', { responsibleId: people.outsider.id })),
    ).toMatchObject({
      field: 'responsibleId',
      code: 'notCandidate',
    });
    const issued = await act('analyst2', item.id, 'emitir', { responsibleId: people.analyst1.id });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json()).toMatchObject({
      status: { key: 'emitido', final: true },
      responsibleId: people.analyst1.id,
    });
    const row = await itemRow(item.id);
    expect(row.data.nome).toBe('Pedido (emitido)');
    expect(await actionKeys('admin', item.id)).toEqual([]);
    expect(refusal(await act('admin', item.id, 'indeferir', { reason: 'x' }))).toMatchObject({
      code: 'notAvailable',
    });
  });

  it("runs the action's operation in the same transaction", async () => {
    const periodic = await newRequest({ tipo: 'periodo' });
    const item = await newRequest({ ativo: true });
    await act('applicant', item.id, 'enviar');
    const rejected = await act('analyst1', item.id, 'indeferir', { reason: 'Rota proibida' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await itemRow(periodic.id)).data.nome).toBe('Arquivado');
    expect((await itemRow(item.id)).status).toBe('indeferido');
  });
});

describe('refusals of the definition itself', () => {
  it('refuses an action on an item type without a workflow', async () => {
    const response = await post('executeTaskAction', 'admin', {
      itemId: projectId,
      componentId: PROJECT,
      action: 'enviar',
      version: (await itemRow(projectId)).version,
    });
    expect(refusal(response)).toMatchObject({ field: 'action', code: 'noWorkflow' });
    expect(
      (await post('getActions', 'admin', { itemId: projectId, componentId: PROJECT })).json(),
    ).toMatchObject({
      status: null,
      actions: [],
    });
  });

  it('refuses a queue group the database does not have, naming it', async () => {
    const item = await newRequest({ ativo: true });
    await act('applicant', item.id, 'enviar');
    await act('director1', item.id, 'aprovar');
    await act('director2', item.id, 'aprovar');
    expect(refusal(await act('admin', item.id, 'encaminhar'))).toEqual({
      field: 'action',
      code: 'unknownGroup',
      message: 'O grupo Grupo Inexistente indicado pelo fluxo não existe',
    });
    expect((await itemRow(item.id)).status).toBe('aprovado');
  });

  it('refuses an operation the application no longer has (a definition changed under a running effect)', async () => {
    const item = await itemRow((await newRequest()).id);
    const [stored] = await app.database.db
      .select({ definition: runtimeComponents.definition })
      .from(runtimeComponents)
      .where(eq(runtimeComponents.id, REQUEST));
    const component = stored!.definition;
    const action = {
      ...component.workflow!.actions.find((candidate) => candidate.key === 'enviar')!,
      effects: [{ kind: 'runOperation' as const, operationId: 424_242 }],
    };
    const changed = { ...component, workflow: { ...component.workflow!, actions: [action] } };
    const transition = { action: 'enviar', from: 'rascunho', to: 'emAnalise', reason: null, setFields: {} };
    const running = app.database.db.transaction((tx) =>
      runTransitionEffects(tx, actorOf(people.applicant), changed, item, transition, NOW, saveItem),
    );
    await expect(running).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [
        {
          field: 'action',
          code: 'unknownOperation',
          message: 'A operação indicada por esta ação não existe',
        },
      ],
    });
  });

  it('cuts operations that run the action that runs them, rolling the whole action back', async () => {
    const item = await newRequest({ ativo: true, nome: 'Ciclo' });
    await act('applicant', item.id, 'enviar');
    await act('analyst1', item.id, 'pedirCorrecao', { reason: 'Ciclo' });
    const before = await itemRow(item.id);
    expect(refusal(await act('admin', item.id, 'girar'))).toMatchObject({
      field: 'action',
      code: 'operationLoop',
    });
    expect((await itemRow(item.id)).version).toBe(before.version);
  });
});

describe('triggerAction', () => {
  it('saves the items it may and reports the others as data', async () => {
    const mine = [await newRequest({ ativo: true }), await newRequest({ ativo: true })];
    const inactive = await newRequest();
    const others = await buildItem(app.database.db, actorOf(people.admin, { isAdministrator: true }), {
      componentId: REQUEST,
      projectId,
      data: { nome: 'Do admin', ativo: true },
    });
    const response = await post('triggerAction', 'applicant', {
      componentId: REQUEST,
      itemIds: [...mine.map((item) => item.id), inactive.id, others.id, 99_999_999],
      action: 'enviar',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.saved.map((saved: { id: number }) => saved.id)).toEqual(mine.map((item) => item.id));
    expect(body.refused).toEqual([
      {
        itemId: inactive.id,
        row: null,
        field: 'action',
        code: 'condition',
        message: 'Marque ativo antes de enviar.',
      },
      {
        itemId: others.id,
        row: null,
        field: 'action',
        code: 'notAllowed',
        message: 'Você não tem permissão para executar esta ação',
      },
      { itemId: 99_999_999, row: null, field: 'itemId', code: 'NOT_FOUND', message: expect.any(String) },
    ]);
    const rows = await app.database.db
      .select({ id: runtimeItems.id, status: runtimeItems.status })
      .from(runtimeItems)
      .where(inArray(runtimeItems.id, [...mine.map((item) => item.id), inactive.id, others.id]))
      .orderBy(asc(runtimeItems.id));
    expect(rows.map((row) => row.status)).toEqual(['emAnalise', 'emAnalise', 'rascunho', 'rascunho']);
  });
});

describe('loadPendingWork', () => {
  it("lists the open items waiting on the caller or their groups' queues, with counts per status", async () => {
    const queued = await newRequest({ ativo: true, nome: 'Na fila' });
    await act('applicant', queued.id, 'enviar');
    const response = await post('loadPendingWork', 'analyst2', { applicationId, pageSize: 200 });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const entry = body.items.find((item: { id: number }) => item.id === queued.id);
    expect(entry).toMatchObject({
      componentId: REQUEST,
      formId: BASE * 10 + 1,
      projectId,
      status: { key: 'emAnalise' },
      responsibleName: null,
      responsibleGroupName: ANALYSTS,
    });
    const counted = body.byStatus.reduce((sum: number, status: { count: number }) => sum + status.count, 0);
    expect(counted).toBe(body.total);
    expect(body.items.every((item: { status: { final: boolean } }) => !item.status.final)).toBe(true);
    // Filtered by status; the applicant has nothing waiting on them.
    const filtered = await post('loadPendingWork', 'analyst2', { applicationId, status: 'aprovado' });
    expect(
      filtered.json().items.every((item: { status: { key: string } }) => item.status.key === 'aprovado'),
    ).toBe(true);
    expect((await post('loadPendingWork', 'applicant', { applicationId })).json()).toMatchObject({
      total: 0,
    });
  });

  it('answers 404 for an application not granted to the caller', async () => {
    // Imported without the fixtures' grants: only administrators open it.
    const other = await app.services.definitions.importDefinition(testDefinition(BASE + 100), {
      userId: null,
    });
    const response = await post('loadPendingWork', 'analyst1', { applicationId: other.applicationId });
    expect(response.statusCode, `${other.applicationId} ${applicationId} ${response.body}`).toBe(404);
  });
});

describe('delegations', () => {
  it('refuses delegating to oneself, to an unknown user, backwards, in the past or overlapping', async () => {
    const save = (body: Record<string, unknown>) => post('saveDelegation', 'analyst2', body);
    expect(
      refusal(await save({ toUserId: people.analyst2.id, startsOn: '2026-03-10', endsOn: '2026-03-12' })),
    ).toMatchObject({
      field: 'toUserId',
      code: 'delegateSelf',
    });
    expect(
      refusal(await save({ toUserId: 99_999, startsOn: '2026-03-10', endsOn: '2026-03-12' })),
    ).toMatchObject({
      field: 'toUserId',
      code: 'delegateUnknown',
    });
    expect(
      refusal(await save({ toUserId: people.delegate.id, startsOn: '2026-03-12', endsOn: '2026-03-10' })),
    ).toMatchObject({
      field: 'endsOn',
      code: 'delegateRange',
    });
    expect(
      refusal(await save({ toUserId: people.delegate.id, startsOn: '2026-03-01', endsOn: '2026-03-09' })),
    ).toMatchObject({
      field: 'endsOn',
      code: 'delegatePast',
    });
    expect(
      (await save({ toUserId: people.delegate.id, startsOn: '2026-04-01', endsOn: '2026-04-05' })).statusCode,
    ).toBe(200);
    expect(
      refusal(await save({ toUserId: people.delegate.id, startsOn: '2026-04-05', endsOn: '2026-04-09' })),
    ).toMatchObject({
      field: 'startsOn',
      code: 'delegateOverlap',
    });
  });

  it("lets the delegate run the delegator's actions and see their pending work for the range only", async () => {
    const item = await newRequest({ ativo: true });
    await act('applicant', item.id, 'enviar');
    await act('analyst1', item.id, 'assumir');
    expect(await actionKeys('delegate', item.id)).toEqual([]);
    const pendingBefore = await post('loadPendingWork', 'delegate', { applicationId, pageSize: 200 });
    expect(pendingBefore.json().items.map((entry: { id: number }) => entry.id)).not.toContain(item.id);

    const saved = await post('saveDelegation', 'analyst1', {
      toUserId: people.delegate.id,
      startsOn: '2026-03-09',
      endsOn: '2026-03-11',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const given = saved.json().given as Array<{ id: number; toUserId: number; toUserName: string }>;
    expect(given).toEqual([
      expect.objectContaining({
        fromUserId: people.analyst1.id,
        toUserId: people.delegate.id,
        toUserName: people.delegate.name,
        startsOn: '2026-03-09',
        endsOn: '2026-03-11',
      }),
    ]);
    const received = await app.inject({
      method: 'GET',
      url: '/api/genericItem/loadDelegations',
      headers: bearer(people.delegate.token),
    });
    expect(received.json().received.map((entry: { id: number }) => entry.id)).toContain(given[0]!.id);

    expect(await actionKeys('delegate', item.id)).toEqual(['assumir', 'pedirCorrecao', 'indeferir']);
    // The delegator's work: the items they hold and their groups' queue.
    const queued = await newRequest({ ativo: true });
    await act('applicant', queued.id, 'enviar');
    const pending = await post('loadPendingWork', 'delegate', { applicationId, pageSize: 200 });
    const pendingIds = pending.json().items.map((entry: { id: number }) => entry.id);
    expect(pendingIds).toContain(item.id);
    expect(pendingIds).toContain(queued.id);
    const asked = await act('delegate', item.id, 'pedirCorrecao', { reason: 'Pelo analista' });
    expect(asked.statusCode, asked.body).toBe(200);

    // Only the two people of a delegation may end it.
    const foreign = await post('deleteDelegation', 'analyst2', { id: given[0]!.id });
    expect(foreign.statusCode).toBe(404);
    const ended = await post('deleteDelegation', 'analyst1', { id: given[0]!.id });
    expect(ended.json().given).toEqual([]);
    await act('applicant', item.id, 'reenviar');
    await act('analyst1', item.id, 'assumir');
    expect(await actionKeys('delegate', item.id)).toEqual([]);
  });
});
