import type { Application, ApplicationMenu, MenuItem } from '@der/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/build-test-app.ts';
import { bearer, signIn } from '../../test/helpers/auth.ts';
import { visibleMenuRows } from '../modules/applications/applications.service.ts';
import type { ApplicationMenuItemRow } from '../modules/applications/applications.table.ts';
import {
  DEMO_ADMIN_LOGIN,
  DEMO_ADMIN_PASSWORD,
  DEMO_ANALYST_LOGIN,
  DEMO_ANALYST_PASSWORD,
  DEMO_PERMISSIONARIO_LOGIN,
  DEMO_PERMISSIONARIO_PASSWORD,
  DEMO_REQUERENTE_LOGIN,
  DEMO_REQUERENTE_PASSWORD,
} from './demo-accounts.ts';

let app: FastifyInstance;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  app = await buildTestApp({ demoData: true });
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

/** The menu entries' keys and links `login` gets in the application named `name` (depth first). */
async function menuOf(login: string, name: string): Promise<Array<[string, string]>> {
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
  const flat = (items: MenuItem[]): Array<[string, string]> =>
    items.flatMap((item) => [[item.key, item.link] as [string, string], ...flat(item.child)]);
  return flat((response.json() as ApplicationMenu)[0]);
}

const queue = (entries: Array<[string, string]>) => entries.find(([key]) => key === 'minhas-pendencias');

describe("'Minhas pendências' in the demo applications", () => {
  it('links the analysts and the administrator to the work queue of AET, Faixa de Domínio and Gestão de Projetos', async () => {
    for (const login of [DEMO_ANALYST_LOGIN, DEMO_ADMIN_LOGIN]) {
      for (const name of ['AET', 'Faixa de Domínio', 'Gestão de Projetos']) {
        expect(queue(await menuOf(login, name))?.[1], `${login} ${name}`).toMatch(
          /^\/runtime\/\d+\/pendingWork$/,
        );
      }
    }
  });

  it('is not in the menus of the requerente nor of the permissionário, whose own entries stay', async () => {
    const aet = await menuOf(DEMO_REQUERENTE_LOGIN, 'AET');
    expect(queue(aet)).toBeUndefined();
    expect(aet.map(([key]) => key)).toEqual([
      'solicitacoes',
      'minhas-solicitacoes',
      'nova-solicitacao',
      'veiculos',
      'meus-veiculos',
      'novo-veiculo',
      'consultas',
      'validar-aet',
      'manual',
      // The reports read through the item visibility: a requerente's figures are their own requests'.
      'relatorios',
      'relatorio',
      'solicitacoes-por-situacao',
      'taxas-arrecadadas',
    ]);
    const faixa = await menuOf(DEMO_PERMISSIONARIO_LOGIN, 'Faixa de Domínio');
    expect(queue(faixa)).toBeUndefined();
    expect(faixa.map(([key]) => key)).toContain('nova-solicitacao');
  });
});

describe('visibleMenuRows', () => {
  const row = (key: string, parentKey: string | null, groups: string[] = []) =>
    ({ key, parentKey, groups }) as unknown as ApplicationMenuItemRow;
  const rows = [
    row('fila', null, ['Analistas DER']),
    row('fila-filho', 'fila'),
    row('fila-neto', 'fila-filho'),
    row('livre', null),
  ];
  const keys = (visible: ApplicationMenuItemRow[]) => visible.map((entry) => entry.key);

  it('hides an entry restricted to other groups with everything below it', () => {
    expect(keys(visibleMenuRows(rows, new Set(['requerentes'])))).toEqual(['livre']);
  });

  it('shows it to a member of one of its groups, whatever the case of the name, and to administrators', () => {
    expect(keys(visibleMenuRows(rows, new Set(['analistas der'])))).toEqual(keys(rows));
    expect(keys(visibleMenuRows(rows, null))).toEqual(keys(rows));
  });
});
