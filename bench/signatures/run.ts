import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { openPkcs12 } from '../../apps/server/src/engine/signatures/pades/pkcs12.ts';
import { signPdf, signPdfWith } from '../../apps/server/src/engine/signatures/pades/sign-pdf.ts';
import { stampPdf } from '../../apps/server/src/engine/signatures/stamp/stamp-pdf.ts';
import { makeTestPki } from '../../apps/server/src/engine/signatures/testing/test-pki.ts';
import { benchDefinition, ITEM_COMPONENT, loadItems, PROJECT_COMPONENT } from '../large-list/dataset.ts';
import { formatMs, percentile } from '../large-list/timing.ts';
import { describeMachine } from '../lib/machine.ts';
import { addBenchMember, benchApp, freshBenchDatabase, sessionOfLogin } from '../lib/pg-bench.ts';
import { appendResults, markdownTable } from '../lib/report.ts';

/**
 * `npm run bench:signatures`: issue 17's figures. In process: stamping a 20-page PDF (target ≤ 50 ms) and a
 * PAdES AD-RB signature (target ≤ 200 ms; with the A1 already open, and with the PKCS#12 opened per call as
 * signFileAttachment does). Over HTTP on PostgreSQL: SIGN_OPS (default 100) upload + attach + stamp + sign
 * sequences paced over one minute, while /api/health is called every 50 ms (target p99 < 100 ms meanwhile).
 * Appends to RESULTS.md unless BENCH_RECORD=0.
 */
const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.SIGN_RUNS ?? 60);
const OPS = Number(process.env.SIGN_OPS ?? 100);
const WINDOW_MS = Number(process.env.SIGN_WINDOW_MS ?? 60_000);
const PASSWORD = 'Bench-Assinaturas-2026';
const RECORD = process.env.BENCH_RECORD !== '0';

const label = (text: string) => ({ 'pt-BR': text, en: text });
const definition = {
  ...benchDefinition,
  key: 'bench-signatures',
  name: 'Bench: assinaturas',
  components: benchDefinition.components.map((component) =>
    component.id !== ITEM_COMPONENT
      ? component
      : {
          ...component,
          forms: [
            {
              id: 91011,
              name: label('Pedido'),
              layout: [
                { type: 'textbox', field: 'nome' },
                {
                  type: 'attachments',
                  key: 'docs',
                  maxFiles: 5,
                  signatureProtocolTemplate: 'Pedido {{FormattedID}}',
                },
              ],
            },
          ],
        },
  ),
};

async function pdfOfPages(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let index = 1; index <= pages; index++) {
    const page = doc.addPage([595, 842]);
    for (let line = 0; line < 40; line++)
      page.drawText(`Página ${index}, linha ${line}: memorial descritivo do projeto de acesso`, {
        x: 50,
        y: 800 - line * 18,
        size: 10,
        font,
      });
  }
  return doc.save();
}

async function timed<T>(step: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now();
  const value = await step();
  return [performance.now() - started, value];
}

const stats = (values: number[]) => [0.5, 0.95, 0.99].map((p) => formatMs(percentile(values, p)));

async function libraryFigures(pki: ReturnType<typeof makeTestPki>) {
  const pdf = await pdfOfPages(20);
  const credentials = await openPkcs12(pki.p12, pki.password);
  const stamp: number[] = [];
  const sign: number[] = [];
  const signWithOpen: number[] = [];
  for (let run = 0; run < RUNS + 5; run++) {
    const [stampMs, stamped] = await timed(() =>
      stampPdf(pdf, {
        lines: ['APROVADO — DER — processo nº 2026/1', 'analista BENCH — 25/11/2026 14:00'],
        uid: `bench${run}`,
        checkUrl: 'https://der.example/validarDocumento?uid=bench',
      }),
    );
    const [signMs] = await timed(() =>
      signPdfWith(stamped, credentials, { reason: 'Bench', location: 'DER' }),
    );
    const [fullMs] = await timed(() =>
      signPdf(stamped, { reason: 'Bench', location: 'DER', p12: pki.p12, password: pki.password }),
    );
    if (run < 5) continue;
    stamp.push(stampMs);
    sign.push(signMs);
    signWithOpen.push(fullMs);
  }
  return { stamp, sign, signWithOpen, pdfBytes: pdf.length };
}

async function prepare(database: Parameters<typeof benchApp>[0], dataDir: string) {
  const app = await benchApp(database, dataDir);
  await app.ready();
  const imported = await app.services.definitions.importDefinition(definition, { userId: null });
  const login = 'bench.assinante';
  const { memberId, projectId } = await addBenchMember(database, {
    login,
    name: 'Assinante do Bench',
    password: PASSWORD,
    applicationId: imported.applicationId,
    project: { componentId: PROJECT_COMPONENT, formattedId: 'BPR-0001', title: 'Projeto do bench' },
  });
  // A third of the loaded items are 'fechado' (final: read-only); the run uses the open ones.
  await loadItems(database.db, { count: OPS * 2, projectId, userId: memberId });
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/users/authenticate',
    payload: { UserName: login, Password: PASSWORD },
  });
  return { app, token: sessionOfLogin(signIn.body).token };
}

async function call(app: FastifyInstance, token: string, url: string, payload: Record<string, unknown>) {
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
  if (response.statusCode !== 200)
    throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  return response.json();
}

async function upload(app: FastifyInstance, token: string, content: Uint8Array) {
  const boundary = '----der-bench-signatures';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="memorial.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await app.inject({
    method: 'POST',
    url: '/api/genericItem/uploadFiles',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  if (response.statusCode !== 200)
    throw new Error(`uploadFiles answered ${response.statusCode}: ${response.body}`);
  return response.json().fileId as number;
}

async function httpFigures(app: FastifyInstance, token: string, pki: ReturnType<typeof makeTestPki>) {
  const { runtimeItems } = await import('../../apps/server/src/engine/items/items.table.ts');
  const { and, eq } = await import('drizzle-orm');
  const items = await app.database.db
    .select({ id: runtimeItems.id })
    .from(runtimeItems)
    .where(and(eq(runtimeItems.componentId, ITEM_COMPONENT), eq(runtimeItems.status, 'aberto')));
  const pdf = await pdfOfPages(5);
  const certificate = pki.p12.toString('base64');
  const health: number[] = [];
  const operation: number[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const [ms, response] = await timed(() => app.inject({ method: 'GET', url: '/api/health' }));
      if (response.statusCode === 200) health.push(ms);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const started = performance.now();
  for (let index = 0; index < OPS; index++) {
    const due = started + (index * WINDOW_MS) / OPS;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const itemId = items[index % items.length]!.id;
    const [ms] = await timed(async () => {
      const fileId = await upload(app, token, pdf);
      const list = await call(app, token, '/api/genericItem/addAttachments', {
        itemId,
        widgetKey: 'docs',
        fileIds: [fileId],
      });
      const attachment = list.attachments.at(-1).attachmentId;
      await call(app, token, '/api/genericItem/stampFileAttachment', { attachment, itemId });
      await call(app, token, '/api/genericItem/signFileAttachment', {
        attachment,
        password: pki.password,
        certificate,
      });
    });
    operation.push(ms);
  }
  const elapsed = performance.now() - started;
  running = false;
  await probe;
  return { health, operation, elapsed };
}

const pki = makeTestPki();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'der-bench-signatures-'));
const { database, name, drop } = await freshBenchDatabase('sig', 4);
console.log(
  `bench:signatures — library runs ${RUNS}, ${OPS} HTTP sign-and-stamp operations on PostgreSQL (${name})`,
);
try {
  const library = await libraryFigures(pki);
  const { app, token } = await prepare(database, dataDir);
  const http = await httpFigures(app, token, pki);
  await app.close();
  const perMinute = (http.operation.length * 60_000) / http.elapsed;
  const machine = describeMachine();
  const healthP99 = percentile(http.health, 0.99);
  const verdict = (met: boolean) => (met ? 'met' : 'not met');
  const section = [
    `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — signatures and stamps (issue 17)`,
    '',
    `- Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM, ${machine.platform}; load average ${os.loadavg()[0]!.toFixed(1)} at the end (other sessions' work on the same machine included)`,
    `- Node ${machine.node}; PostgreSQL on 127.0.0.1; a test A1 (RSA 2048, chain of 2) made by openssl; library figures over ${RUNS} runs after 5 unmeasured; HTTP: ${OPS} upload + attach + stamp + sign sequences (5-page PDF, the A1 sent with each call, protocol issued) paced over ${(WINDOW_MS / 1000).toFixed(0)} s through app.inject as a project member, /api/health every 50 ms meanwhile`,
    `- Targets: stamp 20 pages p95 ≤ 50 ms **${verdict(percentile(library.stamp, 0.95) <= 50)}**; sign p95 ≤ 200 ms **${verdict(percentile(library.signWithOpen, 0.95) <= 200)}** (A1 opened per call); ${perMinute.toFixed(0)} sign-and-stamp operations/min (target 100) **${verdict(perMinute >= 100)}**; /api/health p99 ${formatMs(healthP99)} meanwhile (target < 100 ms) **${verdict(healthP99 < 100)}**`,
    '',
    ...markdownTable(
      [
        ['measure', 'left'],
        ['p50', 'right'],
        ['p95', 'right'],
        ['p99', 'right'],
      ],
      [
        [`stampPdf, 20 pages (${(library.pdfBytes / 1024).toFixed(0)} KiB)`, ...stats(library.stamp)],
        ['signPdf, A1 already open', ...stats(library.sign)],
        ['signPdf, PKCS#12 opened per call', ...stats(library.signWithOpen)],
        ['HTTP upload + attach + stamp + sign', ...stats(http.operation)],
        [`/api/health during the HTTP run (${http.health.length} calls)`, ...stats(http.health)],
      ],
    ),
    '',
  ].join('\n');
  console.log(section);
  if (RECORD) await appendResults(path.join(benchDir, 'RESULTS.md'), section);
} finally {
  await drop();
  await rm(dataDir, { recursive: true, force: true });
  pki.cleanup();
}
