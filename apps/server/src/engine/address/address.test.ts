import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';

/** A local ViaCEP-style provider: each test decides how it answers through `behaviour`. */
type Behaviour = 'viacep' | 'down' | 'slow' | 'garbage';

interface FakeProvider {
  server: Server;
  url: string;
  behaviour: Behaviour;
  requests: string[];
}

const VIACEP_PAULISTA = {
  cep: '01310-100',
  logradouro: 'Avenida Paulista',
  complemento: 'de 612 a 1510 - lado par',
  bairro: 'Bela Vista',
  localidade: 'São Paulo',
  uf: 'SP',
};

async function startProvider(): Promise<FakeProvider> {
  const provider = { behaviour: 'viacep' as Behaviour, requests: [] as string[] } as FakeProvider;
  provider.server = createServer((request: IncomingMessage, response: ServerResponse) => {
    provider.requests.push(request.url ?? '');
    const cep = /\/ws\/(\d{8})\/json/.exec(request.url ?? '')?.[1];
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    switch (provider.behaviour) {
      case 'down':
        return json(502, { message: 'bad gateway' });
      case 'slow':
        // Never answers within the 3 s limit (the connection is closed when the server stops).
        return;
      case 'garbage':
        return response.writeHead(200, { 'content-type': 'text/html' }).end('<html>manutenção</html>');
      case 'viacep':
        if (cep === '01310100') return json(200, VIACEP_PAULISTA);
        if (cep === '99999404') return json(404, {});
        return json(200, { erro: true });
    }
  });
  await new Promise<void>((resolve) => provider.server.listen(0, '127.0.0.1', resolve));
  const { port } = provider.server.address() as AddressInfo;
  provider.url = `http://127.0.0.1:${port}/ws/{cep}/json/`;
  return provider;
}

const stop = (provider: FakeProvider) =>
  new Promise<void>((resolve) => {
    provider.server.closeAllConnections();
    provider.server.close(() => resolve());
  });

let primary: FakeProvider;
let fallback: FakeProvider;
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  primary = await startProvider();
  fallback = await startProvider();
  app = await buildTestApp({
    config: { cepProviderUrl: primary.url, cepFallbackProviderUrl: fallback.url },
  });
  await app.ready();
  token = await signIn(app, await buildUser(app.database.db));
});
afterAll(async () => {
  await app.close();
  await stop(primary);
  await stop(fallback);
});

const lookup = (zip: string, language = 'pt-BR') =>
  app.inject({
    method: 'GET',
    url: `/api/genericItem/getAddressByZipCode?zip=${encodeURIComponent(zip)}`,
    headers: { ...bearer(token), 'accept-language': language },
  });

function given(primaryBehaviour: Behaviour, fallbackBehaviour: Behaviour) {
  primary.behaviour = primaryBehaviour;
  fallback.behaviour = fallbackBehaviour;
  primary.requests = [];
  fallback.requests = [];
}

describe('getAddressByZipCode', () => {
  it('maps the ViaCEP answer of the provider', async () => {
    given('viacep', 'viacep');
    const response = await lookup('01310-100');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      cep: '01310100',
      street: 'Avenida Paulista',
      complement: 'de 612 a 1510 - lado par',
      district: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    });
    expect(primary.requests).toEqual(['/ws/01310100/json/']);
    expect(fallback.requests).toEqual([]);
  });

  it('a CEP that does not exist ({"erro": true}) answers 404 in the request language', async () => {
    given('viacep', 'viacep');
    const pt = await lookup('01000000');
    expect(pt.statusCode).toBe(404);
    expect(pt.json()).toMatchObject({
      code: 'CEP_NOT_FOUND',
      Message: 'O CEP 01000-000 não foi encontrado; confira o número ou preencha o endereço manualmente.',
    });
    const en = await lookup('01000000', 'en');
    expect(en.json().Message).toBe(
      'The postal code (CEP) 01000-000 was not found; check the number or fill in the address by hand.',
    );
    // The provider said "no such CEP": the fallback is not asked.
    expect(fallback.requests).toEqual([]);
  });

  it('a provider 404 is a CEP that does not exist too', async () => {
    given('viacep', 'viacep');
    const response = await lookup('99999-404');
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('CEP_NOT_FOUND');
  });

  it('a provider that is down sends the lookup to the fallback', async () => {
    given('down', 'viacep');
    const response = await lookup('01310100');
    expect(response.statusCode).toBe(200);
    expect(response.json().street).toBe('Avenida Paulista');
    expect(primary.requests).toHaveLength(1);
    expect(fallback.requests).toHaveLength(1);
  });

  it('an answer that is not ViaCEP JSON counts as down', async () => {
    given('garbage', 'viacep');
    expect((await lookup('01310100')).statusCode).toBe(200);
  });

  it('both providers down: 503 with the manual-entry message in both languages', async () => {
    given('down', 'garbage');
    const pt = await lookup('01310100');
    expect(pt.statusCode).toBe(503);
    expect(pt.json()).toMatchObject({
      code: 'CEP_SERVICE_UNAVAILABLE',
      Message: 'Serviço de CEP indisponível; preencha o endereço manualmente.',
    });
    const en = await lookup('01310100', 'en');
    expect(en.json().Message).toBe(
      'The postal code (CEP) service is unavailable; fill in the address by hand.',
    );
  });

  it('a provider slower than 3 s is abandoned for the fallback', async () => {
    given('slow', 'viacep');
    const started = Date.now();
    const response = await lookup('01310100');
    expect(response.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
    expect(Date.now() - started).toBeLessThan(8000);
  }, 15_000);

  it.each(['0131010', '01310-1000', 'abcde-fgh', ''])('an invalid CEP %j is 400 naming zip', async (zip) => {
    given('viacep', 'viacep');
    const response = await lookup(zip);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(response.json().details).toEqual([{ field: 'query.zip', message: 'CEP inválido' }]);
    expect(primary.requests).toEqual([]);
  });

  it('needs a session', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/genericItem/getAddressByZipCode?zip=01310100',
    });
    expect(response.statusCode).toBe(401);
  });
});
