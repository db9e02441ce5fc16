import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { bearer, signIn } from '../../test/helpers/auth.ts';
import { runtimeItems } from '../engine/items/items.table.ts';
import { users } from '../modules/accounts/accounts.table.ts';
import { messages } from '../modules/messages/messages.table.ts';
import {
  DEMO_ADMIN_LOGIN,
  DEMO_ADMIN_PASSWORD,
  DEMO_ANALYST_LOGIN,
  DEMO_ANALYST_PASSWORD,
} from './demo-accounts.ts';
import { DEMO_COMPONENTS } from './demo-runtime.seed.ts';

/** Gestão de Projetos tasks (apps/definitions gestao-de-projetos/tarefa.ts) move through their statuses. */
type Who = 'analyst' | 'admin';
const TASK = DEMO_COMPONENTS.task;

let app: FastifyInstance;
const people = {} as Record<Who, { id: number; token: string }>;

beforeAll(async () => {
  app = await buildTestApp({ demoData: true });
  for (const [who, login, password] of [
    ['analyst', DEMO_ANALYST_LOGIN, DEMO_ANALYST_PASSWORD],
    ['admin', DEMO_ADMIN_LOGIN, DEMO_ADMIN_PASSWORD],
  ] as const) {
    const [user] = await app.database.db.select({ id: users.id }).from(users).where(eq(users.login, login));
    people[who] = { id: user!.id, token: await signIn(app, { login, password }) };
  }
}, 120_000);
afterAll(() => app.close());

async function itemRow(id: number) {
  const [row] = await app.database.db.select().from(runtimeItems).where(eq(runtimeItems.id, id));
  return row!;
}

async function act(who: Who, itemId: number, action: string, reason?: string) {
  const { version } = await itemRow(itemId);
  return app.inject({
    method: 'POST',
    url: '/api/genericItem/executeTaskAction',
    headers: { ...bearer(people[who].token), 'accept-language': 'pt-BR' },
    payload: { itemId, componentId: TASK, action, version, reason },
  });
}

describe('a demo task', () => {
  it('starts, goes back to the queue without a responsible, is finished (its watchers told) and reopened with a reason', async () => {
    const [task] = await app.database.db
      .select()
      .from(runtimeItems)
      .where(
        and(
          eq(runtimeItems.componentId, TASK),
          eq(runtimeItems.status, 'aFazer'),
          eq(runtimeItems.responsibleId, people.analyst.id),
        ),
      )
      .orderBy(asc(runtimeItems.id))
      .limit(1);
    expect(task!.data.observadores).toEqual([people.admin.id]);

    expect((await act('analyst', task!.id, 'iniciar')).statusCode).toBe(200);
    expect((await act('analyst', task!.id, 'devolver')).statusCode).toBe(200);
    expect(await itemRow(task!.id)).toMatchObject({ status: 'aFazer', responsibleId: null });

    expect((await act('analyst', task!.id, 'concluir')).statusCode).toBe(200);
    const told = await app.database.db
      .select({ title: messages.title, text: messages.messageText })
      .from(messages)
      .where(eq(messages.userId, people.admin.id))
      .orderBy(asc(messages.id));
    expect(told.at(-1)).toEqual({
      title: `Tarefa ${task!.formattedId} concluída`,
      text: `ANA PAULA RIBEIRO (ANALISTA) concluiu a tarefa ${task!.title}.`,
    });

    expect((await act('analyst', task!.id, 'reabrir')).statusCode).toBe(400);
    expect((await act('analyst', task!.id, 'reabrir', 'Faltou anexar o relatório.')).statusCode).toBe(200);
    expect((await itemRow(task!.id)).status).toBe('emAndamento');
  });
});
