import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildPeople, type Person } from '../../../test/factories/runtime.ts';
import { bearer } from '../../../test/helpers/auth.ts';
import { type S3Peer, startS3Peer } from '../../../test/helpers/s3-peer.ts';
import { runtimeFiles } from './files.table.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n');

let app: FastifyInstance;
let peer: S3Peer;
let owner: Person;

beforeAll(async () => {
  peer = await startS3Peer();
  app = await buildTestApp({
    config: {
      fileStorage: {
        kind: 's3',
        endpoint: peer.endpoint,
        bucket: peer.bucket,
        region: peer.region,
        accessKeyId: peer.accessKeyId,
        secretAccessKey: peer.secretAccessKey,
        forcePathStyle: true,
      },
    },
  });
  await app.ready();
  ({ owner } = await buildPeople(app, ['owner']));
});
afterAll(async () => {
  await app.close();
  await peer.close();
});

function upload(language: 'pt-BR' | 'en') {
  const boundary = '----der-store-down';
  return app.inject({
    method: 'POST',
    url: '/api/genericItem/uploadFiles',
    headers: {
      ...bearer(owner.token),
      'accept-language': language,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="nota.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

describe('files on an S3 store', () => {
  it('stores an upload in the bucket and serves it back', async () => {
    const response = await upload('pt-BR');
    expect(response.statusCode, response.body).toBe(200);
    const download = await app.inject({
      method: 'GET',
      url: '/api/genericItem/downloadFile',
      query: { fileId: String(response.json().fileId) },
      headers: bearer(owner.token),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect([...peer.objects.values()].some((object) => object.content.equals(PDF))).toBe(true);
  });

  it('answers a translated 503 and stores no row while the store is down', async () => {
    const rowsBefore = (await app.database.db.select({ id: runtimeFiles.id }).from(runtimeFiles)).length;
    await peer.close();
    const portuguese = await upload('pt-BR');
    expect(portuguese.statusCode).toBe(503);
    expect(portuguese.json()).toMatchObject({
      code: 'FILE_STORAGE_UNAVAILABLE',
      Message: 'O armazenamento de arquivos está indisponível no momento. Tente novamente em instantes.',
    });
    const english = await upload('en');
    expect(english.json().Message).toBe(
      'The file storage is unavailable right now. Please try again shortly.',
    );
    expect((await app.database.db.select({ id: runtimeFiles.id }).from(runtimeFiles)).length).toBe(
      rowsBefore,
    );
  });
});
