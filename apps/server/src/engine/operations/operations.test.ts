import type { ComponentDefinitionInput, OperationDefinitionInput } from '@der/contracts';
import { eq, inArray } from 'drizzle-orm';
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
import { testComponents } from '../../../test/fixtures/test-definition.ts';
import { bearer } from '../../../test/helpers/auth.ts';
import { auditLog } from '../../modules/audit/audit.table.ts';
import { createItem, type ItemActor } from '../items/items.service.ts';
import { runtimeItems, runtimeItemVersions } from '../items/items.table.ts';

const BASE = 800;
const PROJECT = BASE + 1;
const REQUEST = BASE + 2;
const QUERY = 8001;
const NOW = new Date('2026-03-10T15:00:00.000Z');
const GROUP = 'Gestores OPS';
const label = (pt: string, en: string) => ({ 'pt-BR': pt, en });

function components(): ComponentDefinitionInput[] {
  const [project, request] = testComponents(BASE);
  return [
    project!,
    {
      ...request!,
      workflow: {
        statuses: [
          { key: 'rascunho', name: label('Rascunho', 'Draft'), initial: true },
          {
            key: 'enviado',
            name: label('Enviado', 'Sent'),
            final: true,
            onEnter: [{ kind: 'setField', field: 'nome', expression: "nome & ' (enviado)'" }],
          },
        ],
        actions: [
          {
            key: 'enviar',
            name: label('Enviar', 'Send'),
            from: ['rascunho'],
            to: 'enviado',
            reasonRequired: true,
          },
          {
            key: 'arquivar',
            name: label('Arquivar', 'Archive'),
            from: ['rascunho'],
            to: 'enviado',
            allowedRoles: ['projectManager'],
          },
        ],
      },
      queries: [
        {
          id: QUERY,
          name: label('Viagens únicas', 'Single trips'),
          filter: { logicSeparator: 'AND', filters: [{ field: 'tipo', operator: 'eq', value: 'unica' }] },
        },
      ],
    },
  ];
}

const effect = (set: Record<string, string>) => ({
  kind: 'updateItems' as const,
  componentId: REQUEST,
  queryId: QUERY,
  set,
});

const operations: OperationDefinitionInput[] = [
  {
    id: 801,
    name: label('Concluir', 'Conclude'),
    prompt: {
      title: label('Motivo', 'Reason'),
      fields: [
        { key: 'motivo', type: 'STRING', label: label('Motivo', 'Reason'), required: true, maxLength: 20 },
      ],
    },
    effect: effect({ nome: "'Concluído: ' & prompt.motivo" }),
    message: "'Atualizados: ' & $string(updated)",
    groups: [GROUP],
  },
  {
    id: 805,
    name: label('Enviar lote', 'Send batch'),
    effect: {
      kind: 'updateItems',
      componentId: REQUEST,
      queryId: QUERY,
      when: "nome != 'Pular'",
      action: 'enviar',
      reason: "'Envio em lote'",
    },
    message: "'Enviados: ' & $string(updated)",
    groups: [GROUP],
  },
  {
    id: 806,
    name: label('Arquivar', 'Archive'),
    effect: { kind: 'updateItems', componentId: REQUEST, queryId: QUERY, action: 'arquivar' },
    message: "'ok'",
    groups: [GROUP],
  },
  {
    id: 807,
    name: label('Enviar sem motivo', 'Send without reason'),
    effect: { kind: 'updateItems', componentId: REQUEST, queryId: QUERY, action: 'enviar' },
    message: "'ok'",
    groups: [GROUP],
  },
  { id: 802, name: label('Saudar', 'Greet'), message: "'Olá ' & $string(userId)", groups: [GROUP] },
  {
    id: 803,
    name: label('Pesar demais', 'Overweight'),
    effect: effect({ nome: "'mudou'", peso: '5000' }),
    message: "'nunca'",
  },
];

let app: FastifyInstance;
type Who = 'member' | 'outsider' | 'reader' | 'admin';
const people = {} as Record<Who, { id: number; token: string }>;
let projectId: number;
let single: number[];
let periodic: number;

beforeAll(async () => {
  app = await buildTestApp({ now: () => NOW });
  await app.ready();
  const db = app.database.db;
  Object.assign(
    people,
    await buildPeople(app, ['member', 'outsider', 'reader', 'admin'], { admin: { isAdministrator: true } }),
  );
  await buildGroup(db, { name: GROUP, memberIds: [people.member.id, people.reader.id] });
  await buildComponents(app, BASE, { components: components(), operations });
  const admin = actorOf(people.admin, { isAdministrator: true });
  projectId = (await buildItem(db, admin, { componentId: PROJECT, title: 'Projeto' })).id;
  await grantProjectAccess(db, projectId, [
    { userId: people.member.id },
    { userId: people.reader.id, readOnly: true },
  ]);
  const item = (tipo: string) =>
    buildItem(db, admin, { componentId: REQUEST, projectId, data: { nome: 'Pedido', tipo } });
  single = [(await item('unica')).id, (await item('unica')).id];
  periodic = (await item('periodo')).id;
});
afterAll(() => app.close());

const post = (path: string, who: Who, payload: Record<string, unknown>, language = 'pt-BR') =>
  app.inject({
    method: 'POST',
    url: `/api/genericItem/${path}`,
    headers: { ...bearer(people[who].token), 'accept-language': language },
    payload,
  });
const namesOf = async (ids: number[]) =>
  (await app.database.db.select().from(runtimeItems).where(inArray(runtimeItems.id, ids))).map(
    (row) => `${row.data.nome}@${row.version}`,
  );

describe('executeOperationBusinessRule', () => {
  it('answers the prompt of an operation that needs values', async () => {
    const response = await post('executeOperationBusinessRule', 'member', { operationId: 801 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().prompt).toMatchObject({
      title: { en: 'Reason' },
      fields: [{ key: 'motivo', required: true }],
    });
  });

  it('runs an operation without prompt and answers its message', async () => {
    const response = await post('executeOperationBusinessRule', 'member', { operationId: 802 });
    expect(response.json()).toEqual({ message: `Olá ${people.member.id}`, updated: 0 });
  });

  it('refuses users outside its groups (403, translated) and unknown operations (404)', async () => {
    const refused = await post('executeOperationBusinessRule', 'outsider', { operationId: 802 }, 'en');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(refused.json().Message).toBe('You do not have permission to perform this operation.');
    const pt = await post('executeOperationBusinessRule', 'outsider', { operationId: 802 });
    expect(pt.json().Message).toBe('Você não tem permissão para realizar esta operação.');
    expect((await post('executeOperationBusinessRule', 'admin', { operationId: 999 })).statusCode).toBe(404);
    // Administrators run every operation, even one without groups.
    expect((await post('executeOperationBusinessRule', 'admin', { operationId: 802 })).statusCode).toBe(200);
  });
});

describe('executeOperationCallResultFunction', () => {
  it('refuses prompt values the field rules refuse, naming the field', async () => {
    const empty = await post('executeOperationCallResultFunction', 'member', {
      operationId: 801,
      values: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual([{ field: 'values.motivo', message: expect.any(String) }]);
    const long = await post('executeOperationCallResultFunction', 'member', {
      operationId: 801,
      values: { motivo: 'x'.repeat(21) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().details[0].field).toBe('values.motivo');
  });

  it('a read-only member changes nothing: the refusal rolls the whole operation back', async () => {
    const response = await post('executeOperationCallResultFunction', 'reader', {
      operationId: 801,
      values: { motivo: 'prazo' },
    });
    expect(response.statusCode).toBe(403);
    expect(await namesOf(single)).toEqual(['Pedido@1', 'Pedido@1']);
  });

  it('a value the field rules refuse rolls every item back (one transaction)', async () => {
    const response = await post('executeOperationBusinessRule', 'admin', { operationId: 803 });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe('peso');
    expect(await namesOf(single)).toEqual(['Pedido@1', 'Pedido@1']);
  });

  it('updates the items of the saved query with version rows, answers the count and audits it', async () => {
    const response = await post('executeOperationCallResultFunction', 'member', {
      operationId: 801,
      values: { motivo: 'prazo' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Atualizados: 2', updated: 2 });
    expect(await namesOf(single)).toEqual(['Concluído: prazo@2', 'Concluído: prazo@2']);
    expect(await namesOf([periodic])).toEqual(['Pedido@1']);
    const db = app.database.db;
    const versions = await db
      .select()
      .from(runtimeItemVersions)
      .where(eq(runtimeItemVersions.itemId, single[0]!));
    expect(versions.find((row) => row.version === 2)).toMatchObject({
      action: 'update',
      changedBy: people.member.id,
      changes: { nome: { from: 'Pedido', to: 'Concluído: prazo' } },
    });
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, 'runtime.operation.executed'));
    expect(audits.at(-1)).toMatchObject({
      actorUserId: people.member.id,
      target: 'operation:801',
      details: { updated: 2 },
    });
  });
});

describe('operations running a workflow action', () => {
  const statusOf = async (ids: number[]) =>
    (await app.database.db.select().from(runtimeItems).where(inArray(runtimeItems.id, ids))).map(
      (row) => `${row.status}@${row.version}`,
    );

  it('refuses an action the user may not run, or without its required reason, changing nothing', async () => {
    const notAllowed = await post('executeOperationBusinessRule', 'member', { operationId: 806 }, 'en');
    expect(notAllowed.statusCode).toBe(400);
    expect(notAllowed.json().details).toMatchObject([
      { field: 'action', message: 'You are not allowed to run this action' },
    ]);
    const noReason = await post('executeOperationBusinessRule', 'member', { operationId: 807 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details).toMatchObject([
      { field: 'reason', message: 'Informe o motivo desta ação' },
    ]);
    expect(await statusOf(single)).toEqual(['rascunho@2', 'rascunho@2']);
  });

  it('moves the selected items to the action’s status with the reason, the onEnter values and a version row', async () => {
    const db = app.database.db;
    const admin: ItemActor = { userId: people.admin.id, isAdministrator: true, language: 'pt-BR' };
    const skipped = (
      await createItem(db, admin, { componentId: REQUEST, projectId, data: { nome: 'Pular', tipo: 'unica' } })
    ).id;
    const response = await post('executeOperationBusinessRule', 'member', { operationId: 805 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Enviados: 2', updated: 2 });
    expect(await statusOf(single)).toEqual(['enviado@3', 'enviado@3']);
    expect(await statusOf([skipped, periodic])).toEqual(['rascunho@1', 'rascunho@1']);
    const [moved] = await db.select().from(runtimeItems).where(eq(runtimeItems.id, single[0]!));
    expect(moved).toMatchObject({ reason: 'Envio em lote', data: { nome: 'Concluído: prazo (enviado)' } });
    const versions = await db
      .select()
      .from(runtimeItemVersions)
      .where(eq(runtimeItemVersions.itemId, single[0]!));
    expect(versions.find((row) => row.version === 3)?.changes).toEqual({
      nome: { from: 'Concluído: prazo', to: 'Concluído: prazo (enviado)' },
      StatusName: { from: 'rascunho', to: 'enviado' },
      Reason: { from: null, to: 'Envio em lote' },
    });
    // The history shows the statuses by name.
    const diff = await app.inject({
      method: 'GET',
      url: `/api/genericItem/getAttributeChanges?itemId=${single[0]}&componentId=${REQUEST}&currentVersion=3&previousVersion=2`,
      headers: { ...bearer(people.member.token), 'accept-language': 'en' },
    });
    expect(diff.statusCode, diff.body).toBe(200);
    expect(diff.json().changes).toContainEqual(
      expect.objectContaining({ field: 'StatusName', oldValue: 'Draft', newValue: 'Sent' }),
    );
    // Items already past the action are left alone: a second run changes nothing.
    const again = await post('executeOperationBusinessRule', 'member', { operationId: 805 });
    expect(again.json()).toEqual({ message: 'Enviados: 0', updated: 0 });
  });
});
