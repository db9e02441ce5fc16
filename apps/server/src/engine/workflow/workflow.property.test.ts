import type { ComponentDefinitionInput, WorkflowDefinitionInput } from '@der/contracts';
import { and, asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
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
import { isAppError } from '../../infra/http/app-error.ts';
import type { ItemActor } from '../items/create-items.ts';
import { runtimeItems, runtimeItemVersions } from '../items/items.table.ts';
import { createWorkflowService, type WorkflowService } from './workflow.service.ts';

const BASE = 1700;
const REQUEST = BASE + 2;
const GROUP = 'Revisores PBT';
const NOW = new Date('2026-05-04T12:00:00.000Z');
const t = (text: string) => ({ 'pt-BR': text, en: text });

/**
 * A workflow with every kind of "who may run it" and a status no action reaches ('orfao'): rascunho → enviado
 * (creator) → revisao (the group; the actor becomes responsible) → aprovado (the user the field names) or
 * cancelado (administrators); back to rascunho with a reason (anyone); revisao → enviado by the responsible.
 */
const WORKFLOW = {
  statuses: [
    { key: 'rascunho', name: t('Rascunho'), initial: true },
    { key: 'enviado', name: t('Enviado') },
    { key: 'revisao', name: t('Revisão') },
    { key: 'aprovado', name: t('Aprovado'), final: true },
    { key: 'cancelado', name: t('Cancelado'), final: true },
    { key: 'orfao', name: t('Órfão') },
  ],
  actions: [
    { key: 'enviar', name: t('Enviar'), from: ['rascunho'], to: 'enviado', allowedRoles: ['creator'] },
    {
      key: 'revisar',
      name: t('Revisar'),
      from: ['enviado'],
      to: 'revisao',
      allowedGroups: [GROUP],
      effects: [{ kind: 'assignResponsible', to: { kind: 'actor' } }],
    },
    {
      key: 'devolver',
      name: t('Devolver'),
      from: ['enviado', 'revisao'],
      to: 'rascunho',
      reasonRequired: true,
    },
    { key: 'reabrir', name: t('Reabrir'), from: ['revisao'], to: 'enviado', allowedRoles: ['responsible'] },
    {
      key: 'aprovar',
      name: t('Aprovar'),
      from: ['revisao'],
      to: 'aprovado',
      allowedUserFields: ['analista'],
    },
    {
      key: 'cancelar',
      name: t('Cancelar'),
      from: ['enviado', 'revisao'],
      to: 'cancelado',
      allowedRoles: ['administrator'],
    },
  ],
} satisfies WorkflowDefinitionInput;

type Who = 'creator' | 'reviewer' | 'named' | 'other' | 'admin';
const WHO: Who[] = ['creator', 'reviewer', 'named', 'other', 'admin'];

/** The model: the item as the definition says it should be. */
interface ModelItem {
  status: string;
  responsibleId: number | null;
  reason: string | null;
}

let app: FastifyInstance;
let service: WorkflowService;
let projectId: number;
const people = {} as Record<Who, { id: number }>;
const actors = {} as Record<Who, ItemActor>;

/** Who may run an action, by the rules of WorkflowActionSchema, written independently of the engine. */
function modelMayRun(who: Who, actionKey: string, item: ModelItem): boolean {
  if (who === 'admin') return true;
  const id = people[who].id;
  switch (actionKey) {
    case 'enviar':
      return who === 'creator';
    case 'revisar':
      return who === 'reviewer';
    case 'devolver':
      return true;
    case 'reabrir':
      return item.responsibleId === id;
    case 'aprovar':
      return who === 'named';
    case 'cancelar':
      return false;
    default:
      throw new Error(actionKey);
  }
}

/** The statuses reachable from the initial one along the definition's actions. */
function reachableStatuses(): Set<string> {
  const reached = new Set(['rascunho']);
  let grew = true;
  while (grew) {
    grew = false;
    for (const action of WORKFLOW.actions) {
      if (action.from.some((from) => reached.has(from)) && !reached.has(action.to)) {
        reached.add(action.to);
        grew = true;
      }
    }
  }
  return reached;
}

beforeAll(async () => {
  app = await buildTestApp({ now: () => NOW });
  await app.ready();
  const db = app.database.db;
  Object.assign(people, await buildPeople(app, WHO, { admin: { isAdministrator: true } }));
  for (const who of WHO) actors[who] = actorOf(people[who], { isAdministrator: who === 'admin' });
  await buildGroup(db, { name: GROUP, memberIds: [people.reviewer.id] });
  const [project, request] = testComponents(BASE);
  const components: ComponentDefinitionInput[] = [project!, { ...request!, workflow: WORKFLOW }];
  await buildComponents(app, BASE, { components });
  projectId = (await buildItem(db, actors.admin, { componentId: BASE + 1, title: 'Projeto' })).id;
  await grantProjectAccess(
    db,
    projectId,
    WHO.filter((who) => who !== 'admin').map((who) => ({ userId: people[who].id })),
  );
  service = createWorkflowService({ db, now: () => NOW });
});
afterAll(() => app.close());

/**
 * A step: who acts, and which action — most often one that leaves the item's current status (picked when the
 * step runs, so sequences go deep into the workflow), sometimes any action at all.
 */
const stepArbitrary = fc.record({
  who: fc.constantFrom(...WHO),
  // Nine steps in ten pick an action of the current status.
  fromCurrentStatus: fc.integer({ min: 0, max: 9 }).map((roll) => roll > 0),
  pick: fc.nat(),
  reason: fc.constantFrom(undefined, '', '   ', 'Falta documento', 'Conferido'),
});

function chooseAction(step: { fromCurrentStatus: boolean; pick: number }, status: string) {
  const applicable = WORKFLOW.actions.filter((action) => (action.from as readonly string[]).includes(status));
  const pool = step.fromCurrentStatus && applicable.length > 0 ? applicable : WORKFLOW.actions;
  return pool[step.pick % pool.length]!;
}

describe('workflow actions (property)', () => {
  it('random actions by random users move the item exactly as the definition says, each move in the history', async () => {
    const reachable = reachableStatuses();
    expect(reachable.has('orfao')).toBe(false);
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 8, maxLength: 30 }), async (steps) => {
        const db = app.database.db;
        const created = await buildItem(db, actors.creator, {
          componentId: REQUEST,
          projectId,
          data: { nome: 'Pedido', analista: people.named.id },
        });
        const model: ModelItem = { status: 'rascunho', responsibleId: null, reason: null };
        let version = created.version;
        for (const step of steps) {
          const action = chooseAction(step, model.status);
          const reason = step.reason?.trim() || null;
          const expected =
            action.from.includes(model.status) &&
            modelMayRun(step.who, action.key, model) &&
            !('reasonRequired' in action && action.reasonRequired && reason === null);
          let ran = false;
          try {
            await service.executeTaskAction(actors[step.who], {
              itemId: created.id,
              componentId: REQUEST,
              action: action.key,
              version,
              reason: step.reason ?? null,
            });
            ran = true;
          } catch (error) {
            // A refusal is a 400 naming a field, never anything else.
            if (!isAppError(error) || error.code !== 'VALIDATION_FAILED') throw error;
          }
          expect(ran, `${step.who} ${action.key} from ${model.status}`).toBe(expected);
          const [row] = await db.select().from(runtimeItems).where(eq(runtimeItems.id, created.id));
          if (!ran) {
            expect(row!.version).toBe(version);
            continue;
          }
          const from = model.status;
          model.status = action.to;
          model.reason = reason;
          if (action.key === 'revisar') model.responsibleId = people[step.who].id;
          expect(row).toMatchObject({
            status: model.status,
            reason: model.reason,
            responsibleId: model.responsibleId,
            version: version + 1,
          });
          const [history] = await db
            .select()
            .from(runtimeItemVersions)
            .where(
              and(eq(runtimeItemVersions.itemId, created.id), eq(runtimeItemVersions.version, version + 1)),
            );
          expect(history!.changedBy).toBe(people[step.who].id);
          expect(history!.changes.StatusName).toEqual({ from, to: action.to });
          expect(history!.snapshot).toMatchObject({ status: action.to, reason });
          version += 1;
        }
        const [final] = await db.select().from(runtimeItems).where(eq(runtimeItems.id, created.id));
        expect(reachable.has(final!.status!)).toBe(true);
        // The history alone replays the path: each move starts where the previous one ended.
        const moves = await db
          .select({ changes: runtimeItemVersions.changes })
          .from(runtimeItemVersions)
          .where(eq(runtimeItemVersions.itemId, created.id))
          .orderBy(asc(runtimeItemVersions.version));
        let at = 'rascunho';
        for (const { changes } of moves) {
          if (!changes.StatusName) continue;
          expect(changes.StatusName.from).toBe(at);
          at = changes.StatusName.to as string;
        }
        expect(at).toBe(final!.status);
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
