import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A small S3 protocol peer for tests (no internet, no docker): path-style PutObject, GetObject, HeadObject,
 * DeleteObject and ListObjectsV2 over HTTP on 127.0.0.1, objects kept in memory. It checks every request the
 * way S3 does: the Signature Version 4 of the Authorization header (wrong keys answer 403
 * SignatureDoesNotMatch), the signed payload hash and Content-MD5 against the body. The AWS SDK's client is
 * the one under test, so nothing here is mocked on its side.
 */

export interface S3PeerObject {
  content: Buffer;
  lastModified: Date;
}

export interface S3Peer {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket key → object; tests read and damage objects here. */
  objects: Map<string, S3PeerObject>;
  /** Requests answered, by method (for tests that count calls). */
  requests: string[];
  /** The most keys one ListObjectsV2 page answers (small in tests of the paging). */
  pageSize: number;
  close(): Promise<void>;
}

const SERVICE = 's3';

const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

class S3Failure extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string) {
    super(code);
    this.status = status;
    this.code = code;
  }
}

function xmlEscape(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function queryPairs(rawQuery: string): Array<[string, string]> {
  if (!rawQuery) return [];
  return rawQuery.split('&').map((part) => {
    const equals = part.indexOf('=');
    const key = equals < 0 ? part : part.slice(0, equals);
    const value = equals < 0 ? '' : part.slice(equals + 1);
    const decode = (text: string) => decodeURIComponent(text.replace(/\+/g, '%20'));
    return [decode(key), decode(value)];
  });
}

/** Throws S3Failure unless the request carries a valid SigV4 signature by `secretAccessKey` over `body`. */
function verifySignature(
  request: http.IncomingMessage,
  body: Buffer,
  peer: Pick<S3Peer, 'accessKeyId' | 'secretAccessKey' | 'region'>,
): void {
  const authorization = request.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) throw new S3Failure(403, 'AccessDenied');
  const [, accessKeyId, date, region, signedHeaders, signature] = match as unknown as string[];
  if (accessKeyId !== peer.accessKeyId) throw new S3Failure(403, 'InvalidAccessKeyId');
  if (region !== peer.region) throw new S3Failure(400, 'AuthorizationHeaderMalformed');
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(date!)) throw new S3Failure(403, 'SignatureDoesNotMatch');

  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD') {
    if (!/^[0-9a-f]{64}$/.test(payloadHash)) throw new S3Failure(400, 'InvalidRequest');
    if (sha256Hex(body) !== payloadHash) throw new S3Failure(400, 'XAmzContentSHA256Mismatch');
  }
  const contentMd5 = request.headers['content-md5'];
  if (contentMd5 !== undefined && createHash('md5').update(body).digest('base64') !== contentMd5)
    throw new S3Failure(400, 'BadDigest');

  const [rawPath = '/', rawQuery = ''] = (request.url ?? '/').split('?', 2);
  const canonicalQuery = queryPairs(rawQuery)
    .map(([key, value]) => [rfc3986(key), rfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const names = signedHeaders!.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date')) throw new S3Failure(403, 'AccessDenied');
  const canonicalHeaders = names
    .map((name) => {
      const value = request.headers[name];
      const text = Array.isArray(value) ? value.join(',') : (value ?? '');
      return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonicalRequest = [
    request.method,
    rawPath,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/${SERVICE}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${peer.secretAccessKey}`, date!), region!), SERVICE),
    'aws4_request',
  );
  const expected = hmac(signingKey, stringToSign);
  if (!timingSafeEqual(expected, Buffer.from(signature!, 'hex')))
    throw new S3Failure(403, 'SignatureDoesNotMatch');
}

function listXml(peer: S3Peer, query: URLSearchParams): string {
  const maxKeys = Math.min(Number(query.get('max-keys') ?? 1000) || 1000, peer.pageSize);
  const after = query.get('continuation-token') ?? query.get('start-after') ?? '';
  const prefix = query.get('prefix') ?? '';
  const keys = [...peer.objects.keys()].filter((key) => key.startsWith(prefix) && key > after).sort();
  const page = keys.slice(0, maxKeys);
  const truncated = keys.length > page.length;
  const contents = page
    .map((key) => {
      const object = peer.objects.get(key)!;
      return `<Contents><Key>${xmlEscape(key)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified><ETag>"${createHash('md5').update(object.content).digest('hex')}"</ETag><Size>${object.content.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
    })
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${peer.bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${truncated ? `<NextContinuationToken>${xmlEscape(page.at(-1)!)}</NextContinuationToken>` : ''}</ListBucketResult>`;
}

/** Starts the peer on a free port of 127.0.0.1 with one empty bucket. `pageSize` bounds ListObjectsV2 pages. */
export async function startS3Peer(
  options: { bucket?: string; region?: string; pageSize?: number } = {},
): Promise<S3Peer> {
  const peer: S3Peer = {
    endpoint: '',
    bucket: options.bucket ?? 'der-files',
    region: options.region ?? 'sa-east-1',
    accessKeyId: 'DERTESTACCESSKEY',
    secretAccessKey: 'der-test-secret-access-key',
    pageSize: options.pageSize ?? 1000,
    objects: new Map<string, S3PeerObject>(),
    requests: [],
    close: async () => {},
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const fail = (status: number, code: string) => {
        response.writeHead(status, { 'content-type': 'application/xml' });
        response.end(
          request.method === 'HEAD'
            ? undefined
            : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`,
        );
      };
      try {
        verifySignature(request, body, peer);
        const url = new URL(request.url ?? '/', 'http://peer');
        const [bucket, ...keyParts] = url.pathname.slice(1).split('/');
        if (bucket !== peer.bucket) throw new S3Failure(404, 'NoSuchBucket');
        const key = keyParts.map((part) => decodeURIComponent(part)).join('/');
        peer.requests.push(`${request.method} ${key === '' ? '(bucket)' : 'object'}`);
        if (key === '') {
          if (request.method !== 'GET' || url.searchParams.get('list-type') !== '2')
            throw new S3Failure(501, 'NotImplemented');
          response.writeHead(200, { 'content-type': 'application/xml' });
          response.end(listXml(peer, url.searchParams));
          return;
        }
        const object = peer.objects.get(key);
        switch (request.method) {
          case 'PUT': {
            peer.objects.set(key, { content: body, lastModified: new Date() });
            response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
            response.end();
            return;
          }
          case 'GET':
          case 'HEAD': {
            if (!object) throw new S3Failure(404, 'NoSuchKey');
            response.writeHead(200, {
              'content-type': 'application/octet-stream',
              'content-length': object.content.length,
              'last-modified': object.lastModified.toUTCString(),
              etag: `"${createHash('md5').update(object.content).digest('hex')}"`,
            });
            response.end(request.method === 'GET' ? object.content : undefined);
            return;
          }
          case 'DELETE': {
            peer.objects.delete(key);
            response.writeHead(204);
            response.end();
            return;
          }
          default:
            throw new S3Failure(405, 'MethodNotAllowed');
        }
      } catch (error) {
        if (error instanceof S3Failure) fail(error.status, error.code);
        else fail(500, 'InternalError');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  peer.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return peer;
}
