import type { ComponentDefinitionInput } from '@der/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import {
  actorOf,
  buildComponents,
  buildItem,
  buildPeople,
  grantProjectAccess,
} from '../../../test/factories/runtime.ts';
import { buildGroup } from '../../../test/factories/shell.ts';
import {
  ANALYSTS,
  BOARD,
  workflowComponents,
  workflowOperations,
} from '../../../test/fixtures/workflow-definition.ts';
import { bearer } from '../../../test/helpers/auth.ts';

export const BASE = 1600;
export const PROJECT = BASE + 1;
export const REQUEST = BASE + 2;
export const STATUS_VIEW = BASE * 10 + 7;
export const FIELD_VIEW = BASE * 10 + 8;
const NOW = new Date('2026-03-10T15:00:00.000Z');

/** The workflow tests' request with two boards: by status (four lanes) and by its 'tipo' picklist. */
function kanbanComponents(): ComponentDefinitionInput[] {
  const [project, request] = workflowComponents(BASE);
  return [
    project!,
    {
      ...request!,
      kanbanViews: [
        {
          id: STATUS_VIEW,
          name: { 'pt-BR': 'Quadro de pedidos', en: 'Request board' },
          laneField: 'StatusName',
          lanes: [
            { value: 'rascunho', allowCreate: true },
            { value: 'emAnalise', color: '#1565C0', allowCreate: true },
            { value: 'correcao' },
            { value: 'aprovado' },
          ],
          cardFields: ['nome', 'tipo', 'ResponsibleName'],
          swimlanes: 'responsible',
        },
        {
          id: FIELD_VIEW,
          name: { 'pt-BR': 'Pedidos por tipo', en: 'Requests by type' },
          laneField: 'tipo',
          cardFields: ['nome'],
          colorField: 'tipo',
        },
      ],
    },
  ];
}

export type Who = 'applicant' | 'other' | 'analyst' | 'reader' | 'ungranted' | 'admin';
/** The kanban tests' app: people, two projects, the two boards; filled in by the suite's beforeAll. */
export interface KanbanContext {
  app: FastifyInstance;
  people: Record<Who, { id: number; name: string; token: string }>;
  projectId: number;
  /** The other applicant's own project: nobody else is a member. */
  otherProjectId: number;
}

/**
 * Registers the suite's set-up (an app with the workflow tests' request and its two boards, the people and
 * their project grants) and answers its context with helpers to call the board as someone.
 */
export function useKanbanApp() {
  const ctx = {} as KanbanContext;
  let app: FastifyInstance;
  let people: KanbanContext['people'];
  let projectId: number;
  let otherProjectId: number;
  beforeAll(async () => {
    app = await buildTestApp({ now: () => NOW });
    await app.ready();
    const db = app.database.db;
    people = (await buildPeople(app, ['applicant', 'other', 'analyst', 'reader', 'admin'] as const, {
      admin: { isAdministrator: true },
    })) as typeof people;
    const analysts = await buildGroup(db, { name: ANALYSTS, memberIds: [people.analyst.id] });
    await buildGroup(db, { name: BOARD, memberIds: [] });
    await buildComponents(app, BASE, {
      components: kanbanComponents(),
      operations: workflowOperations(BASE),
    });
    // Built after the import and without the fixture grant: the application is not theirs.
    Object.assign(
      people,
      await buildPeople(app, ['ungranted'] as const, { ungranted: { grantFixtureApplications: false } }),
    );
    projectId = (
      await buildItem(db, actorOf(people.admin, { isAdministrator: true }), {
        componentId: PROJECT,
        title: 'Projeto',
      })
    ).id;
    otherProjectId = (
      await buildItem(db, actorOf(people.admin, { isAdministrator: true }), {
        componentId: PROJECT,
        title: 'Projeto do outro',
      })
    ).id;
    await grantProjectAccess(db, otherProjectId, [{ userId: people.other.id }]);
    await grantProjectAccess(db, projectId, [
      { userId: people.applicant.id },
      { groupId: analysts.id },
      { userId: people.reader.id, readOnly: true },
    ]);
    Object.assign(ctx, { app, people, projectId, otherProjectId });
  });
  afterAll(() => app.close());

  const post = (path: string, who: Who, payload: Record<string, unknown>, language = 'pt-BR') =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/genericItem/${path}`,
      headers: { ...bearer(ctx.people[who].token), 'accept-language': language },
      payload,
    });

  /** A request of `who`'s in the project, in `status` (placed directly, as the seed does). */
  async function newRequest(who: Who, status = 'rascunho', data: Record<string, unknown> = {}) {
    const row = await buildItem(ctx.app.database.db, actorOf(ctx.people[who]), {
      componentId: REQUEST,
      projectId: who === 'other' ? ctx.otherProjectId : ctx.projectId,
      status,
      data: { nome: `Pedido de ${who}`, tipo: 'unica', ...data },
    });
    return { id: row.id, version: row.version };
  }

  async function laneOf(view: number, who: Who, lane: string, extra: Record<string, unknown> = {}) {
    const response = await post('loadKanbanCards', who, { viewId: view, lane, ...extra });
    expect(response.statusCode).toBe(200);
    return response.json() as {
      cards: Array<{ ID: number; Title: string; Status: string }>;
      nextCursor: string | null;
    };
  }

  return Object.assign(ctx, { post, newRequest, laneOf });
}
