import { defineRoute, ErrorBodySchema } from '@der/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, errorWithParams } from '../src/infra/http/app-error.ts';
import { registerRoute } from '../src/infra/http/register-route.ts';
import { DIST_MISSING_TEXT } from '../src/infra/spa/spa.plugin.ts';
import { buildTestApp } from './build-test-app.ts';

const itemsRoute = defineRoute({
  method: 'GET',
  path: '/__test/items',
  access: 'public',
  summary: 'test: a query with rules',
  tags: ['test'],
  querystring: z.object({ appID: z.coerce.number().int().positive(), name: z.string().min(3) }),
  response: z.object({ appID: z.number() }),
});

const createRoute = defineRoute({
  method: 'POST',
  path: '/__test/things',
  access: 'public',
  summary: 'test: a body with rules',
  tags: ['test'],
  body: z.object({ title: z.string().min(1, 'required'), address: z.object({ zip: z.string().length(8) }) }),
  response: z.object({ ok: z.boolean() }),
});

const boomRoute = defineRoute({
  method: 'GET',
  path: '/__test/boom',
  access: 'public',
  summary: 'test: an unexpected failure',
  tags: ['test'],
  response: z.object({}),
});

const conflictRoute = defineRoute({
  method: 'GET',
  path: '/__test/conflict',
  access: 'public',
  summary: 'test: a service error',
  tags: ['test'],
  response: z.object({}),
});

const sessionRoute = defineRoute({
  method: 'POST',
  path: '/__test/private',
  access: 'session',
  summary: 'test: needs a session',
  tags: ['test'],
  body: z.object({ value: z.string() }),
  response: z.object({ ok: z.boolean() }),
});

const adminRoute = defineRoute({
  method: 'GET',
  path: '/__test/admin',
  access: 'admin',
  summary: 'test: needs an administrator',
  tags: ['test'],
  response: z.object({ ok: z.boolean() }),
});

const unitInUseRoute = defineRoute({
  method: 'GET',
  path: '/__test/unit-in-use',
  access: 'public',
  summary: 'test: a service error whose message has placeholders',
  tags: ['test'],
  response: z.object({}),
});

const logLines: string[] = [];
let app: FastifyInstance;
let handlerRuns = 0;

beforeAll(async () => {
  app = await buildTestApp({
    config: { logLevel: 'info' },
    logStream: { write: (line) => logLines.push(line) },
  });
  registerRoute(app, itemsRoute, (request) => ({ appID: request.query.appID }));
  registerRoute(app, createRoute, () => ({ ok: true }));
  registerRoute(app, boomRoute, () => {
    throw new Error('db password=hunter2 exploded');
  });
  registerRoute(app, conflictRoute, () => {
    throw new AppError('CONFLICT', { expectedVersion: 3 });
  });
  // An encapsulated plugin like every module's, which installs no error handler of its own.
  await app.register(async (plugin) => {
    registerRoute(plugin, unitInUseRoute, () => {
      throw errorWithParams('ORGANIZATIONAL_UNIT_IN_USE', { name: 'Diretoria {Sul}', count: '3' });
    });
  });
  registerRoute(app, sessionRoute, () => {
    handlerRuns++;
    return { ok: true };
  });
  registerRoute(app, adminRoute, () => {
    handlerRuns++;
    return { ok: true };
  });
});
afterAll(() => app.close());

describe('validation failures', () => {
  it('answer 400 VALIDATION_FAILED naming each query field, in pt-BR by default', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/__test/items?appID=abc&name=x' });
    expect(response.statusCode).toBe(400);
    const body = ErrorBodySchema.parse(response.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    const details = body.details as { field: string; message: string }[];
    expect(details.map((d) => d.field).sort()).toEqual(['query.appID', 'query.name']);
    expect(details.every((d) => d.message.length > 0)).toBe(true);
    expect(body.Message).toBe('Dados inválidos nos campos: query.appID, query.name.');
  });

  it('answer in English when Accept-Language prefers it', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/__test/items?name=x&appID=1',
      headers: { 'accept-language': 'en-US,en;q=0.9,pt-BR;q=0.5' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Message).toBe('Invalid data in the fields: query.name.');
  });

  it('name nested body fields with dots and translate shared validation keys', async () => {
    const payload = { title: '', address: { zip: '123' } };
    const pt = await app.inject({ method: 'POST', url: '/api/__test/things', payload });
    const ptDetails = pt.json().details as { field: string; message: string }[];
    expect(ptDetails.map((d) => d.field).sort()).toEqual(['body.address.zip', 'body.title']);
    expect(ptDetails.find((d) => d.field === 'body.title')?.message).toBe('Obrigatório');

    const en = await app.inject({
      method: 'POST',
      url: '/api/__test/things',
      payload,
      headers: { 'accept-language': 'en' },
    });
    expect(
      (en.json().details as { field: string; message: string }[]).find((d) => d.field === 'body.title')
        ?.message,
    ).toBe('Required');
  });

  it('pass valid input through, coerced by the contract schema', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/__test/items?appID=42&name=abc' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ appID: 42 });
  });

  it('answer 400 BAD_REQUEST for a body that is not JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/__test/things',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST', Message: 'A requisição é inválida.' });
  });
});

describe('service errors and unexpected errors', () => {
  it('render an AppError with the status of its code and its details', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/__test/conflict',
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      Message: 'The record was changed by someone else. Reload and try again.',
      code: 'CONFLICT',
      details: { expectedVersion: 3 },
      requestId: response.headers['x-request-id'],
    });
  });

  it('fill the placeholders of an error with params on a route of a plugin without its own handler', async () => {
    const pt = await app.inject({ method: 'GET', url: '/api/__test/unit-in-use' });
    expect(pt.statusCode).toBe(409);
    expect(pt.json()).toEqual({
      Message:
        'A unidade "Diretoria {Sul}" está informada em 3 item(ns) e não pode ser excluída. Desative-a para que não seja mais escolhida.',
      code: 'ORGANIZATIONAL_UNIT_IN_USE',
      details: { name: 'Diretoria {Sul}', count: '3' },
      requestId: pt.headers['x-request-id'],
    });

    const en = await app.inject({
      method: 'GET',
      url: '/api/__test/unit-in-use',
      headers: { 'accept-language': 'en' },
    });
    expect(en.statusCode).toBe(409);
    const message: string = en.json().Message;
    expect(message).toContain('"Diretoria {Sul}"');
    expect(message).toContain(' 3 ');
    expect(message.replace('{Sul}', '')).not.toMatch(/\{\w+\}/);
  });

  it('answer 500 with a generic message, the request id and no stack trace, and log the error with that id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/__test/boom' });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['Message', 'code', 'requestId']);
    expect(body).toMatchObject({
      code: 'INTERNAL_ERROR',
      Message: 'Ocorreu um erro inesperado. Tente novamente mais tarde.',
    });
    expect(body.requestId).toBe(response.headers['x-request-id']);
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('at ');

    const logged = logLines.map((line) => JSON.parse(line)).find((entry) => entry.level === 50);
    expect(logged).toMatchObject({ reqId: body.requestId, err: { message: 'db password=hunter2 exploded' } });
  });

  it('give each request its own id', async () => {
    const [a, b] = await Promise.all([
      app.inject({ method: 'GET', url: '/api/health' }),
      app.inject({ method: 'GET', url: '/api/health' }),
    ]);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});

describe('unknown API paths', () => {
  it.each(['GET', 'POST', 'DELETE'] as const)('answer %s with JSON 404 ROUTE_NOT_FOUND', async (method) => {
    const response = await app.inject({ method, url: '/api/does/not/exist?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({
      code: 'ROUTE_NOT_FOUND',
      Message: 'O endereço solicitado não existe na API.',
    });
  });
});

describe('access', () => {
  it('answers 401 UNAUTHENTICATED on a session route before validating or running it', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/__test/private', payload: { wrong: 1 } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    const withToken = await app.inject({
      method: 'POST',
      url: '/api/__test/private',
      headers: { authorization: 'Bearer not-a-real-token' },
      payload: { value: 'x' },
    });
    expect(withToken.statusCode).toBe(401);
    expect(handlerRuns).toBe(0);
  });

  it('answers 401 on an admin route without a session', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/__test/admin' });
    expect(response.statusCode).toBe(401);
    expect(handlerRuns).toBe(0);
  });

  it('leaves public routes open', async () => {
    expect(
      (await app.inject({ method: 'GET', url: '/api/application/getPlatformSettings' })).statusCode,
    ).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents the registered contract routes at /api/openapi.json', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    const settings = doc.paths['/api/application/getPlatformSettings'].get;
    expect(settings.tags).toEqual(['platform']);
    expect(settings.summary).toContain('Platform settings');
    expect(Object.keys(settings.responses['200'].content['application/json'].schema.properties)).toContain(
      'primaryColor',
    );
    expect(doc.paths['/api/health']).toBeDefined();
    expect(doc.paths['/api/__test/private'].post.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/openapi.json']).toBeUndefined();
  });

  it('serves the reference page with scripts from this origin only, under the nonce CSP', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self' 'nonce-");
    // No inline script (it would need the nonce) and no outside address.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(page.body).not.toMatch(/(src|href)="https?:/);
    const bundle = await app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    const init = await app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain('validatorUrl');
  });
});

describe('web app not built', () => {
  it('answers page paths with a 503 text telling to run npm run build', async () => {
    const response = await app.inject({ method: 'GET', url: '/aet' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toBe(DIST_MISSING_TEXT);
    expect(response.body).toContain('npm run build');
  });
});
