import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  SIGNATURE_HEADER,
  signWebhook,
  TIMESTAMP_HEADER,
  verifyWebhook,
} from '../../src/modules/payments/webhook-signature.ts';

/** A charge the peer created, as the product asked for it. */
export interface PeerCharge {
  id: string;
  reference: string;
  amount: number;
  method: 'pix' | 'boleto';
  callbackUrl: string;
}

/**
 * A payment provider on a local port for the tests: it creates PIX and slip charges (refusing a request not
 * signed with the shared secret, as a real provider authenticates its clients) and, when told the payer paid,
 * notifies the product's webhook signed with the same secret.
 */
export interface PaymentProviderPeer {
  url: string;
  charges: PeerCharge[];
  /** Posts the signed 'paid' notification of a charge; `to` replaces the callback's origin (the app's port). */
  pay(
    chargeId: string,
    to: string,
  ): Promise<{ status: number; eventId: string; body: string; timestamp: number }>;
  /** Posts a notification exactly as given (replays and forgeries). */
  deliver(to: string, body: string, headers: Record<string, string>): Promise<number>;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startPaymentProviderPeer(secret: string): Promise<PaymentProviderPeer> {
  const charges: PeerCharge[] = [];
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const header = (name: string) => request.headers[name] as string | undefined;
    const verdict = verifyWebhook(
      secret,
      { signature: header(SIGNATURE_HEADER), timestamp: header(TIMESTAMP_HEADER) },
      body,
      new Date(),
    );
    if (request.method !== 'POST' || request.url !== '/charges' || verdict !== 'valid') {
      response.writeHead(verdict === 'valid' ? 404 : 401).end();
      return;
    }
    const asked = JSON.parse(body.toString('utf8')) as Omit<PeerCharge, 'id'>;
    const charge = { ...asked, id: `chg_${randomUUID()}` };
    charges.push(charge);
    const answer =
      charge.method === 'pix'
        ? {
            id: charge.id,
            pix: { key: '46.379.400/0001-50', txid: `DER${charges.length}X${Date.now() % 1e9}` },
          }
        : {
            id: charge.id,
            boleto: { linhaDigitavel: '00190.00009 01234.567891 23456.789012 3 98760000006614' },
          };
    response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  async function deliver(to: string, body: string, headers: Record<string, string>) {
    const response = await fetch(to, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
    return response.status;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    charges,
    deliver,
    async pay(chargeId, to) {
      const charge = charges.find((candidate) => candidate.id === chargeId);
      if (!charge) throw new Error(`the peer created no charge ${chargeId}`);
      const eventId = `evt_${randomUUID()}`;
      const body = JSON.stringify({ eventId, chargeId, status: 'paid' });
      const timestamp = Math.floor(Date.now() / 1000);
      const target = new URL(new URL(charge.callbackUrl).pathname, to).toString();
      const status = await deliver(target, body, {
        [TIMESTAMP_HEADER]: String(timestamp),
        [SIGNATURE_HEADER]: signWebhook(secret, timestamp, body),
      });
      return { status, eventId, body, timestamp };
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
