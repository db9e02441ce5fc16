import { defineRoute } from '@der/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerRoute } from '../src/infra/http/register-route.ts';
import { buildTestApp } from './build-test-app.ts';

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
});
afterAll(() => app.close());

describe('logs', () => {
  it('never contain credentials or personal data from headers, bodies or query strings', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/__test/careless?cpf=${SECRETS.queryCpf}&email=${SECRETS.queryEmail}&page=2`,
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
});
