import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config/env.ts';
import {
  runtimeAttachments,
  runtimeAttachmentVersions,
} from '../../apps/server/src/engine/attachments/attachments.table.ts';
import { findFileContent } from '../../apps/server/src/engine/files/files.repo.ts';
import { runtimeItems } from '../../apps/server/src/engine/items/items.table.ts';
import { pdfsig } from '../../apps/server/src/engine/signatures/testing/pdf-tools.ts';
import { makeTestPki } from '../../apps/server/src/engine/signatures/testing/test-pki.ts';
import { loadAppSecrets } from '../../apps/server/src/infra/crypto/app-secrets.ts';
import { openDatabase } from '../../apps/server/src/infra/db/database.ts';
import { paymentCharges } from '../../apps/server/src/modules/payments/payments.table.ts';
import { runSeeds } from '../../apps/server/src/seed/seed.ts';
import { type AetPerson, type AetWho, aetDraft, aetPeople } from '../../apps/server/test/factories/aet.ts';
import { startPaymentProviderPeer } from '../../apps/server/test/helpers/payment-provider-peer.ts';
import { percentile } from '../large-list/timing.ts';
import { describeMachine } from '../lib/machine.ts';
import { appendResults, latencyTable } from '../lib/report.ts';

/**
 * `npm run bench:aet-issuance`: issue 20's figure, send → signed PDF p95 ≤ 5 s. The product as `npm start` runs
 * it (PGlite, the demo data) with the department's A1 (a test PKI made now) and a payment provider on a local
 * port. Each run is the demo requerente's draft (inside the automatic-issuance envelope) taken through HTTP:
 * 'Enviar' (protocol number, fee), the PIX charge at the provider, and the provider's signed notification —
 * which makes it Paga, runs the envelope, issues it and draws and signs its PDF in the same save. The time is
 * from the sending to the notification's answer (the payer's own delay left out); each PDF is then checked with
 * pdfsig (not timed). Appends to RESULTS.md unless BENCH_RECORD=0.
 */
const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.AET_RUNS ?? 40);
const WARMUP = 3;
const RECORD = process.env.BENCH_RECORD !== '0';
const SECRET = 'segredo-do-provedor-do-bench-0123456789abcdef';

/** Inside every criterion of the shipped envelope (apps/definitions/src/aet/envelope.ts): issued by itself. */
const INSIDE_THE_ENVELOPE = {
  enquadramento: 'cvc',
  larguraTotal: 2.6,
  alturaTotal: 4.4,
  comprimentoTotal: 25,
  pbtc: 57,
  trechos: [
    { rodovia: 'SP-330', kmInicial: 318, kmFinal: 200 },
    { rodovia: 'SP-348', kmInicial: 10, kmFinal: 90 },
  ],
};

async function post(app: FastifyInstance, person: AetPerson, url: string, payload: Record<string, unknown>) {
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${person.token}`, 'accept-language': 'pt-BR' },
    payload,
  });
  if (response.statusCode !== 200)
    throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  return response.json() as Record<string, unknown>;
}

async function signedPdfOf(app: FastifyInstance, itemId: number): Promise<Uint8Array> {
  const db = app.database.db;
  const [document] = await db
    .select({ fileId: runtimeAttachmentVersions.fileId })
    .from(runtimeAttachments)
    .innerJoin(runtimeAttachmentVersions, eq(runtimeAttachmentVersions.attachmentId, runtimeAttachments.id))
    .where(and(eq(runtimeAttachments.itemId, itemId), isNull(runtimeAttachments.deletedAt)));
  if (!document) throw new Error(`item ${itemId} has no document`);
  return new Uint8Array((await findFileContent(db, app.fileStore, document.fileId))!);
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'der-bench-aet-'));
const pki = makeTestPki();
const peer = await startPaymentProviderPeer(SECRET);
const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
try {
  await database.migrate();
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'true',
    PAYMENT_PROVIDER_URL: peer.url,
    PAYMENT_WEBHOOK_SECRET: SECRET,
  });
  const secrets = await loadAppSecrets({ dataDir, env: process.env });
  const app = await buildApp({ config, database, secrets });
  await runSeeds(database, { demoData: true, publicUrl: config.publicUrl, now: app.now });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const people: Record<AetWho, AetPerson> = await aetPeople(app);
  await post(app, people.admin, '/api/admin/departmentCertificate', {
    certificate: pki.p12.toString('base64'),
    password: pki.password,
  });
  console.log(`bench:aet-issuance — ${RUNS} requests on PGlite (demo data), department A1 from a test PKI`);

  const times: number[] = [];
  const providerTimes: number[] = [];
  let verified = 0;
  for (let run = 0; run < WARMUP + RUNS; run++) {
    const filed = await aetDraft(app, people);
    // The requerente's form (2) brings the request inside the envelope.
    const draft = (
      await post(app, people.requerente, '/api/genericItem/saveItem', {
        componentId: filed.componentId,
        formId: 2,
        itemId: filed.id,
        version: filed.version,
        values: INSIDE_THE_ENVELOPE,
      })
    ).saved as { id: number; version: number };
    const started = performance.now();
    await post(app, people.requerente, '/api/genericItem/executeTaskAction', {
      itemId: draft.id,
      componentId: filed.componentId,
      action: 'enviar',
      version: draft.version,
    });
    await post(app, people.requerente, '/api/payments/charge', {
      componentId: filed.componentId,
      itemId: draft.id,
      method: 'pix',
    });
    const [charge] = await database.db
      .select({ providerChargeId: paymentCharges.providerChargeId })
      .from(paymentCharges)
      .where(eq(paymentCharges.itemId, draft.id));
    const notified = performance.now();
    const paid = await peer.pay(charge!.providerChargeId, origin);
    const ended = performance.now();
    if (paid.status !== 204) throw new Error(`the notification answered ${paid.status}: ${paid.body}`);
    const [item] = await database.db.select().from(runtimeItems).where(eq(runtimeItems.id, draft.id));
    if (item!.status !== 'emitida')
      throw new Error(
        `request ${item!.formattedId} went to '${item!.status}', not issued: ${JSON.stringify(item!.data.criteriosEnvelope)}`,
      );
    const report = pdfsig(await signedPdfOf(app, draft.id), pki.nssDir());
    if (!report.includes('Signature is Valid') || !report.includes('Certificate is Trusted'))
      throw new Error(`the PDF of ${item!.formattedId} is not validly signed:\n${report}`);
    verified++;
    if (run < WARMUP) continue;
    times.push(ended - started);
    providerTimes.push(ended - notified);
    process.stdout.write(`\r  ${times.length}/${RUNS}`);
  }
  process.stdout.write('\n');
  await app.close();

  const p95 = percentile(times, 0.95);
  const machine = describeMachine();
  const section = [
    `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — AET issuance, send → signed PDF (issue 20)`,
    '',
    `- Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM, ${machine.platform}; load average ${os.loadavg()[0]!.toFixed(1)} at the end`,
    `- Node ${machine.node}; \`npm run bench:aet-issuance\` (bench/aet-issuance): PGlite with the demo data, the department's A1 from a test PKI, a payment provider on a local port. ${RUNS} requests of the demo requerente inside the automatic-issuance envelope, after ${WARMUP} unmeasured, one after the other over HTTP: 'Enviar', the PIX charge, the provider's signed notification (Paga → envelope → Emitida → PDF drawn and signed, one save). Every PDF checked with pdfsig afterwards (${verified} valid and trusted)`,
    `- Target: send → signed PDF p95 ≤ 5 s: **${p95 <= 5_000 ? 'met' : 'not met'}**`,
    '',
    ...latencyTable([
      ['send → signed PDF (send, charge, notification)', times],
      ['of which the notification (Paga → issued, signed)', providerTimes],
    ]),
    '',
  ].join('\n');
  console.log(section);
  if (RECORD) await appendResults(path.join(benchDir, 'RESULTS.md'), section);
} finally {
  await database.close();
  await peer.close();
  pki.cleanup();
  await rm(dataDir, { recursive: true, force: true });
}
