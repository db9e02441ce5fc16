import { defineRoute } from '@der/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runtimeItems } from '../src/engine/items/items.table.ts';
import { registerRoute } from '../src/infra/http/register-route.ts';
import { users } from '../src/modules/accounts/accounts.table.ts';
import { buildTestApp } from './build-test-app.ts';
import { buildUser } from './factories/users.ts';

const SECRETS = {
  authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.secret-jwt-value',
  cookie: 'sid=cookie-secret-value-123',
  password: 'Senha#Secreta-1',
  Password: 'OutraSenha#2',
  cpf: '529.982.247-25',
  cpfCnpj: '11.222.333/0001-81',
  token: 'activation-token-f00dbabe',
  rg: 'MG-12.345.678',
  email: 'maria.silva@example.com.br',
  nestedCpf: '111.444.777-35',
  queryCpf: '39053344705',
  queryEmail: 'joao@example.org',
  querySearch: 'JoaquimPereira',
  queryAsKey: 'ana.souza@example.net',
};

/** Personal data an item carries into a statement that fails: none of it may reach the log. */
const ITEM_SECRETS = {
  cpf: '529.982.247-25',
  email: 'fulana.detalhe@example.com.br',
  password: 'Segredo#Forte-2026!',
};

const lines: string[] = [];
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({
    config: { logLevel: 'trace' },
    logStream: { write: (line) => lines.push(line) },
  });
  registerRoute(
    app,
    defineRoute({
      method: 'POST',
      path: '/__test/careless',
      access: 'public',
      summary: 'test: a handler that logs what it should not',
      tags: ['test'],
      body: z.record(z.string(), z.unknown()),
      response: z.object({ ok: z.boolean() }),
    }),
    (request) => {
      // A careless log line: redaction must still keep the personal data out.
      request.log.info({ body: request.body, headers: request.headers }, 'careless handler');
      throw new Error('failed while handling the request');
    },
  );
  // A careless write: the item has no title (NOT NULL), so PostgreSQL refuses the row and its error's detail
  // quotes the whole row ("Failing row contains (...)"), while Drizzle's error carries the parameters.
  registerRoute(
    app,
    defineRoute({
      method: 'POST',
      path: '/__test/failing-item',
      access: 'public',
      summary: 'test: an item write the database refuses',
      tags: ['test'],
      body: z.object({ data: z.record(z.string(), z.unknown()) }),
      response: z.object({ ok: z.boolean() }),
    }),
    async (request) => {
      await app.database.db.insert(runtimeItems).values({
        componentId: 1,
        formattedId: 'X-1',
        title: null as unknown as string,
        data: request.body.data,
      });
      return { ok: true };
    },
  );
  // A second account with a taken e-mail: the unique index's detail reads "Key (lower(email))=(...) already exists".
  registerRoute(
    app,
    defineRoute({
      method: 'POST',
      path: '/__test/duplicate-email',
      access: 'public',
      summary: 'test: a unique violation on an e-mail',
      tags: ['test'],
      body: z.object({ email: z.string() }),
      response: z.object({ ok: z.boolean() }),
    }),
    async (request) => {
      await app.database.db.insert(users).values({
        kind: 'staff',
        login: `outro.${Date.now()}`,
        name: 'OUTRA PESSOA',
        email: request.body.email,
        passwordHash: ITEM_SECRETS.password,
        activated: true,
      });
      return { ok: true };
    },
  );
});
afterAll(() => app.close());

describe('logs', () => {
  it('never contain credentials or personal data from headers, bodies or query strings', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/__test/careless?cpf=${SECRETS.queryCpf}&email=${SECRETS.queryEmail}&search=${encodeURIComponent(SECRETS.querySearch)}&page=2&${SECRETS.queryAsKey}`,
      headers: { authorization: SECRETS.authorization, cookie: SECRETS.cookie },
      payload: {
        password: SECRETS.password,
        Password: SECRETS.Password,
        cpf: SECRETS.cpf,
        cpfCnpj: SECRETS.cpfCnpj,
        token: SECRETS.token,
        rg: SECRETS.rg,
        email: SECRETS.email,
        holder: { cpf: SECRETS.nestedCpf },
        name: 'Maria',
      },
    });
    expect(response.statusCode).toBe(500);

    const output = lines.join('');
    // The request was logged (incoming, the careless line, the error, completion) ...
    expect(output).toContain('careless handler');
    expect(output).toContain('/api/__test/careless');
    expect(output).toContain('[REDACTED]');
    expect(output).toContain('"name":"Maria"');
    // Query values that cannot be personal data stay (ids, pages); the others go, whatever their key.
    expect(output).toContain('page=2');
    expect(output).toContain('search=[REDACTED]');
    // ... and none of the secrets made it.
    for (const [name, value] of Object.entries(SECRETS)) {
      expect(output, `${name} leaked into the log`).not.toContain(value);
    }
    expect(output).not.toContain('secret-jwt-value');
    expect(output).not.toContain('cookie-secret-value');
  });

  it('do not log request bodies by default', async () => {
    lines.length = 0;
    await app.inject({
      method: 'POST',
      url: '/api/does-not-exist',
      payload: { description: 'texto-do-corpo' },
    });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('')).not.toContain('texto-do-corpo');
  });

  it('of a failed query carry no parameters, row data or PostgreSQL detail', async () => {
    lines.length = 0;
    const item = await app.inject({
      method: 'POST',
      url: '/api/__test/failing-item',
      payload: { data: { cpf: ITEM_SECRETS.cpf, contato: ITEM_SECRETS.email, senha: ITEM_SECRETS.password } },
    });
    expect(item.statusCode).toBe(500);

    await buildUser(app.database.db, { email: ITEM_SECRETS.email });
    const duplicate = await app.inject({
      method: 'POST',
      url: '/api/__test/duplicate-email',
      payload: { email: ITEM_SECRETS.email },
    });
    expect(duplicate.statusCode).toBe(500);

    const errors = lines.map((line) => JSON.parse(line)).filter((entry) => entry.level === 50);
    expect(errors).toHaveLength(2);
    // Still useful: what failed, where, and PostgreSQL's code and constraint ...
    const [notNull, unique] = errors.map((entry) => JSON.stringify(entry.err));
    expect(notNull).toContain('Failed query: insert into');
    expect(notNull).toContain('23502');
    expect(notNull).toContain('"column":"title"');
    expect(unique).toContain('23505');
    expect(unique).toContain('users_email_unique');
    // ... and none of the data: no detail, no params, none of the values anywhere in the output.
    const output = lines.join('');
    for (const [name, value] of Object.entries(ITEM_SECRETS)) {
      expect(output, `${name} leaked into the log`).not.toContain(value);
    }
    expect(output).not.toContain('529.982.247');
    expect(output).not.toContain('Failing row');
    expect(output).not.toContain('already exists');
    expect(output).not.toContain('params:');
  });
});
