import type { Application, ApplicationMenu, MenuItem, Message } from '@der/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';
import {
  DEMO_ADMIN_LOGIN,
  DEMO_ADMIN_PASSWORD,
  DEMO_ANALYST_LOGIN,
  DEMO_ANALYST_PASSWORD,
  DEMO_PERMISSIONARIO_LOGIN,
  DEMO_PERMISSIONARIO_PASSWORD,
  DEMO_REQUERENTE_LOGIN,
  DEMO_REQUERENTE_PASSWORD,
} from '../../seed/demo-accounts.ts';

const PUBLIC_URL = 'https://der.example.gov.br';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  app = await buildTestApp({ demoData: true, config: { publicUrl: PUBLIC_URL } });
  for (const [login, password] of [
    [DEMO_ADMIN_LOGIN, DEMO_ADMIN_PASSWORD],
    [DEMO_ANALYST_LOGIN, DEMO_ANALYST_PASSWORD],
    [DEMO_PERMISSIONARIO_LOGIN, DEMO_PERMISSIONARIO_PASSWORD],
    [DEMO_REQUERENTE_LOGIN, DEMO_REQUERENTE_PASSWORD],
  ] as const) {
    tokens[login] = await signIn(app, { login, password });
  }
});
afterAll(() => app.close());

async function applicationNames(login: string): Promise<string[]> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/application/getAllowedApplications',
    headers: bearer(tokens[login]!),
  });
  return (response.json() as Application[]).map((application) => application.name);
}

async function menuOf(login: string, name: string): Promise<ApplicationMenu> {
  const list = await app.inject({
    method: 'GET',
    url: '/api/application/getAllowedApplications',
    headers: bearer(tokens[DEMO_ADMIN_LOGIN]!),
  });
  const application = (list.json() as Application[]).find((candidate) => candidate.name === name)!;
  const response = await app.inject({
    method: 'POST',
    url: `/api/application/getApplicationMenu?appID=${application.id}`,
    headers: bearer(tokens[login]!),
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const links = (items: MenuItem[]): string[] =>
  items.flatMap((item) => [item.link, ...links(item.child)]).filter(Boolean);

async function messagesOf(login: string): Promise<Message[]> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/message/getMessages',
    headers: bearer(tokens[login]!),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Message[];
}

describe('demo applications (first run)', () => {
  it('grants AET to requerentes, Faixa de Domínio to permissionários, all three to analysts and the administrator', async () => {
    const all = ['AET', 'Faixa de Domínio', 'Gestão de Projetos'];
    expect(await applicationNames(DEMO_ADMIN_LOGIN)).toEqual(all);
    expect(await applicationNames(DEMO_ANALYST_LOGIN)).toEqual(all);
    expect(await applicationNames(DEMO_REQUERENTE_LOGIN)).toEqual(['AET']);
    expect(await applicationNames(DEMO_PERMISSIONARIO_LOGIN)).toEqual(['Faixa de Domínio']);
  });

  it('gives each application a menu of runtime links and absolute http(s) links', async () => {
    for (const name of ['AET', 'Faixa de Domínio', 'Gestão de Projetos']) {
      const [menu, application] = await menuOf(DEMO_ANALYST_LOGIN, name);
      expect(menu.length).toBeGreaterThan(0);
      for (const link of links(menu)) {
        expect(
          link.startsWith(`/runtime/${application.id}/`) || link.startsWith(`${PUBLIC_URL}/`),
          link,
        ).toBe(true);
      }
    }
    const [aet, aetApp] = await menuOf(DEMO_REQUERENTE_LOGIN, 'AET');
    expect(aetApp.iconName).toBe('LocalShipping');
    expect(aet[0]).toMatchObject({ name: 'Solicitações', title: true });
    expect(aet[0]!.child.map((item) => item.name)).toEqual(['Minhas solicitações', 'Nova solicitação']);
    expect(aet[0]!.child[1]!.link).toBe(`/runtime/${aetApp.id}/insertItem/1/0/2`);
    expect(links(aet)).toContain(`${PUBLIC_URL}/validarAET`);

    // The analyst's unread messages (the welcome, and the demo AETs the envelope sent them): the badge counts them.
    const unread = (await messagesOf(DEMO_ANALYST_LOGIN)).filter((message) => !message.readed);
    expect(unread.length).toBeGreaterThan(0);
    const [projetos] = await menuOf(DEMO_ANALYST_LOGIN, 'Gestão de Projetos');
    const tarefas = projetos[0]!.child.find((item) => item.name === 'Minhas tarefas')!;
    expect(tarefas.badge).toBe(unread.length);
    expect(projetos[0]!.child.find((item) => item.name === 'Projetos')).toMatchObject({ multilevel: true });
  });

  it('welcomes every demo user with a message', async () => {
    for (const login of Object.keys(tokens)) {
      const list = await messagesOf(login);
      expect(list.map((message) => [message.title, message.readed])).toContainEqual([
        'Bem-vindo ao portal do DER',
        false,
      ]);
    }
  });
});
