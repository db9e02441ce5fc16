import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { openPkcs12 } from '../../apps/server/src/engine/signatures/pades/pkcs12.ts';
import { signPdfWith } from '../../apps/server/src/engine/signatures/pades/sign-pdf.ts';
import { stampPdf } from '../../apps/server/src/engine/signatures/stamp/stamp-pdf.ts';
import { makeTestPki } from '../../apps/server/src/engine/signatures/testing/test-pki.ts';
import { formatMs, percentile } from '../large-list/timing.ts';
import { describeMachine } from '../lib/machine.ts';
import { appendResults, markdownTable } from '../lib/report.ts';

/**
 * `npm run bench:drawing-set`: issue 21's figure — stamping and signing a 40-sheet drawing set (target ≤ 2 s),
 * as the TPEU's issue does it (engine/signatures/stamp-files.ts): each sheet stamped with the approval's lines
 * and its QR code, then signed PAdES AD-RB with the department's A1 (opened once, as the signer keeps it). The
 * sheets are A1 drawings with a few thousand vector strokes and their title block. Appends to RESULTS.md unless
 * BENCH_RECORD=0.
 */
const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SHEETS = Number(process.env.DRAWING_SHEETS ?? 40);
const RUNS = Number(process.env.DRAWING_RUNS ?? 10);
const RECORD = process.env.BENCH_RECORD !== '0';
const TARGET_MS = 2000;

/** One A1 sheet (841 × 594 mm) of a crossing's design: a grid of strokes, the km markers and a title block. */
async function drawingSheet(sheet: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([2384, 1684]);
  for (let line = 0; line < 2000; line++) {
    const x = 40 + ((line * 37) % 2300);
    const y = 40 + ((line * 53) % 1600);
    page.drawLine({ start: { x, y }, end: { x: x + 60, y: y + 25 }, thickness: 0.6, color: rgb(0, 0, 0) });
  }
  for (let km = 0; km < 20; km++)
    page.drawText(`km ${160 + km / 100}`, { x: 80 + km * 110, y: 900, size: 14, font });
  page.drawText(`Travessia subterrânea SP-340 — folha ${sheet} de ${SHEETS}`, {
    x: 1700,
    y: 80,
    size: 18,
    font,
  });
  return doc.save();
}

const pki = makeTestPki();
try {
  const sheets = await Promise.all(Array.from({ length: SHEETS }, (_, index) => drawingSheet(index + 1)));
  const credentials = await openPkcs12(pki.p12, pki.password);
  const totals: number[] = [];
  const perSheet: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const started = performance.now();
    for (const [index, sheet] of sheets.entries()) {
      const sheetStarted = performance.now();
      const stamped = await stampPdf(sheet, {
        lines: [
          `APROVADO — DER — processo nº TPEU-2026-000123 — TPEU nº TPEU-2026-000123`,
          `analista Ana Analista — 02/12/2026 15:00 — folha ${index + 1} de ${SHEETS}`,
        ],
        uid: `bench-${run}-${index}`,
        checkUrl: `https://der.example/validarDocumento?uid=bench-${run}-${index}`,
      });
      await signPdfWith(stamped, credentials, { reason: 'TPEU-2026-000123', location: 'DER' });
      if (run > 0) perSheet.push(performance.now() - sheetStarted);
    }
    // The first run warms the code up and is not counted.
    if (run > 0) totals.push(performance.now() - started);
  }
  const machine = describeMachine();
  const p95 = percentile(totals, 0.95);
  const bytes = sheets.reduce((sum, sheet) => sum + sheet.length, 0);
  const section = [
    `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — stamping and signing a drawing set (issue 21)`,
    '',
    `- Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM, ${machine.platform}; load average ${os.loadavg()[0]!.toFixed(1)} at the end`,
    `- Node ${machine.node}; ${SHEETS} A1 sheets (${(bytes / 1024 / 1024).toFixed(1)} MiB in all, 2 000 strokes each), each stamped (2 lines + QR) and signed PAdES AD-RB with a test A1 (RSA 2048) opened once; ${RUNS} runs after one unmeasured. In process: the item's database writes of stamp-files.ts (three file rows and versions per sheet) are not in these figures`,
    `- Target: the set in ≤ ${TARGET_MS} ms: p95 ${formatMs(p95)} **${p95 <= TARGET_MS ? 'met' : 'not met'}**`,
    '',
    ...markdownTable(
      [
        ['measure', 'left'],
        ['p50', 'right'],
        ['p95', 'right'],
        ['max', 'right'],
      ],
      [
        [
          `the set of ${SHEETS} sheets, stamped and signed`,
          ...[0.5, 0.95, 1].map((p) => formatMs(percentile(totals, p))),
        ],
        ['one sheet', ...[0.5, 0.95, 1].map((p) => formatMs(percentile(perSheet, p)))],
      ],
    ),
    '',
  ].join('\n');
  console.log(section);
  if (RECORD) await appendResults(path.join(benchDir, 'RESULTS.md'), section);
} finally {
  pki.cleanup();
}
