import type { RouteContract } from '@der/contracts';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createItem } from '../src/engine/items/items.service.ts';
import { runtimeProjectPermissions } from '../src/engine/projects/project-permissions.table.ts';
import { API_PREFIX } from '../src/infra/http/register-route.ts';
import { buildTestApp } from './build-test-app.ts';
import { buildUser } from './factories/users.ts';
import { testDefinition } from './fixtures/test-definition.ts';
import {
  allRoutes,
  arbitraryJson,
  arbitraryShaped,
  DEEP_JSON,
  mutationsOf,
  NASTY_BODIES,
  nastyQueries,
  plausibleInput,
  type SampleRows,
} from './fuzz/route-inputs.ts';
import { bearer, nextIp, signIn } from './helpers/auth.ts';

/**
 * Every route of packages/contracts, public, session and admin, signed in and anonymous, gets wrong bodies and
 * queries — arbitrary JSON (fixed seed), its own keys with arbitrary values, each leaf of a plausible body
 * replaced by a value that broke servers before (NUL, lone surrogates, 2^31, 2^53, 70 000 characters, the
 * wrong type), 2 000 levels of nesting — and must answer each with less than 500.
 */
const SEED = 20261125;
const BASE = 1500;
const ARBITRARY_RUNS = 2;

const ROUTES = allRoutes();

interface Caller {
  token: string | null;
  /** Signs in again when a route (logout, a password change) ended the session. */
  renew: () => Promise<void>;
}

let app: FastifyInstance;
const callers: Record<'user' | 'admin', Caller> = {} as never;
let probeRoute: RouteContract;
let sampleRows: SampleRows;

beforeAll(async () => {
  app = await buildTestApp({
    // Port 9 (discard): the CEP lookup fails at once instead of asking the real ViaCEP.
    config: { cepProviderUrl: 'http://127.0.0.1:9/{cep}', cepFallbackProviderUrl: undefined },
  });
  await app.ready();
  const user = await buildUser(app.database.db, { name: 'FUZZ USUARIO' });
  const admin = await buildUser(app.database.db, { name: 'FUZZ ADMIN', isAdministrator: true });
  for (const [who, row] of [
    ['user', user],
    ['admin', admin],
  ] as const) {
    const caller: Caller = {
      token: null,
      renew: async () => {
        caller.token = await signIn(app, row);
      },
    };
    await caller.renew();
    callers[who] = caller;
  }
  // An application the user may work in, with an item: plausible inputs name them (route-inputs.ts).
  await app.services.definitions.importDefinition(testDefinition(BASE), { userId: null });
  const actor = { userId: admin.id, isAdministrator: true, language: 'pt-BR' as const };
  const project = await createItem(app.database.db, actor, { componentId: BASE + 1, title: 'Projeto fuzz' });
  await app.database.db.insert(runtimeProjectPermissions).values({ projectId: project.id, userId: user.id });
  const item = await createItem(app.database.db, actor, {
    componentId: BASE + 2,
    projectId: project.id,
    title: 'Pedido fuzz',
    data: { nome: 'Fulano de Tal', peso: 10 },
  });
  sampleRows = { componentId: BASE + 2, itemId: item.id, projectId: project.id, field: 'nome' };
  const probe = ROUTES.find(
    (route) => route.access === 'session' && route.method === 'GET' && !route.querystring,
  );
  if (!probe) throw new Error('no session GET route to probe the session with');
  probeRoute = probe;
});
afterAll(() => app?.close());

/** One request as the fuzzer sends it: a body (serialised here, or raw JSON text) or a raw query string. */
interface Attempt {
  body?: unknown;
  rawBody?: string;
  query?: string;
}

function describeAttempt(attempt: Attempt): string {
  const text = attempt.rawBody ?? attempt.query ?? JSON.stringify(attempt.body);
  return (text ?? String(attempt.body)).slice(0, 300);
}

async function send(
  route: RouteContract,
  attempt: Attempt,
  token: string | null,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = token ? bearer(token) : {};
  const options: InjectOptions = {
    method: route.method,
    url: `${API_PREFIX}${route.path}${attempt.query ?? ''}`,
    remoteAddress: nextIp(),
    headers,
  };
  if (route.method !== 'GET') {
    headers['content-type'] = 'application/json';
    options.payload = attempt.rawBody ?? JSON.stringify(attempt.body ?? null);
  }
  return app.inject(options);
}

function toQuery(input: unknown): string {
  if (typeof input !== 'object' || input === null) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input))
    params.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  return `?${params}`;
}

/** What the fuzzer sends one route: deterministic nasty inputs first, then a few arbitrary ones. */
function attemptsFor(route: RouteContract): Attempt[] {
  // Deleting routes get ids of no row, so the item stays for the routes after them.
  const rows = /delete/i.test(route.path) ? null : sampleRows;
  if (route.method === 'GET') {
    const plausible = plausibleInput(route.querystring, rows);
    const keys = typeof plausible === 'object' && plausible !== null ? Object.keys(plausible) : [];
    const arbitrary = fc.sample(arbitraryShaped(plausible), { seed: SEED, numRuns: ARBITRARY_RUNS });
    return [
      { query: toQuery(plausible) },
      ...nastyQueries(keys).map((query) => ({ query })),
      ...arbitrary.map((input) => ({ query: toQuery(input) })),
    ];
  }
  const plausible = plausibleInput(route.body, rows);
  const mutations = mutationsOf(plausible).map((body) => ({ body }));
  const arbitrary = [
    ...fc.sample(arbitraryJson, { seed: SEED, numRuns: ARBITRARY_RUNS }),
    ...fc.sample(arbitraryShaped(plausible), { seed: SEED, numRuns: ARBITRARY_RUNS }),
  ];
  return [
    { body: plausible },
    ...mutations,
    ...NASTY_BODIES.map((body) => ({ body })),
    { rawBody: `{"a":${DEEP_JSON}}` },
    { rawBody: '{"a":1' },
    ...arbitrary.map((body) => ({ body })),
  ];
}

async function sessionAlive(caller: Caller): Promise<boolean> {
  const response = await send(probeRoute, {}, caller.token);
  return response.statusCode === 200;
}

describe('no route answers 5xx to bad input', () => {
  it('covers every route of the contracts', () => {
    expect(ROUTES.length).toBeGreaterThan(100);
    expect(new Set(ROUTES.map((route) => route.access))).toEqual(
      new Set(['public', 'login-step', 'session', 'admin']),
    );
  });

  for (const route of ROUTES) {
    it(`${route.method} ${route.path} (${route.access})`, async () => {
      const caller = route.access === 'admin' ? callers.admin : callers.user;
      const failures: string[] = [];
      const statuses = new Set<number>();
      const attempts = attemptsFor(route);
      for (const [index, attempt] of attempts.entries()) {
        // As the route's callers come (anonymous for public routes, else signed in) and, for a sample, the
        // other way too (the access hooks; a signed-in caller of a public route).
        const usual = route.access === 'public' ? null : caller.token;
        const other = route.access === 'public' ? caller.token : null;
        const tokens = index % 8 === 0 ? [usual, other] : [usual];
        let accepted = false;
        for (const token of tokens) {
          const response = await send(route, attempt, token);
          if (response.statusCode >= 500)
            failures.push(
              `${response.statusCode} ${response.body.slice(0, 200)} <- ${describeAttempt(attempt)}`,
            );
          if (token === usual) statuses.add(response.statusCode);
          accepted ||= response.statusCode < 400;
        }
        // Only an accepted request can have ended the session (logout, a password change).
        if (accepted && !(await sessionAlive(caller))) await caller.renew();
      }
      expect(failures, failures.slice(0, 5).join('\n')).toEqual([]);
      // The usual requests got past the access hooks: the fuzzer reached the route's own checks.
      expect([...statuses], 'every request was refused at the door').not.toEqual([401]);
      expect([...statuses]).not.toEqual([403]);
    });
  }
});
