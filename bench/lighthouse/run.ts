import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { describeMachine } from '../lib/machine.ts';
import { appendResults, markdownTable } from '../lib/report.ts';
import { startLighthouseServer } from './app-server.ts';
import { type PageScripts, pageScripts } from './page-scripts.ts';

/**
 * `npm run bench:lighthouse` (issue 22): Lighthouse (mobile, simulated slow 4G, its defaults) on the public
 * pages a requerente opens first, against the real server and the built web app (`npm run build` first), with
 * the system Chromium. Each page runs LIGHTHOUSE_RUNS times; the run with the median performance score is
 * reported. Also the JavaScript each page needs, from the build manifest (gzip). Appends to RESULTS.md.
 */
const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(benchDir, '..');
/**
 * Another checkout to measure (e.g. the commit before a change, for a before/after; LIGHTHOUSE_LABEL names it
 * in RESULTS.md); default this one.
 */
const appRoot = path.resolve(process.env.LIGHTHOUSE_APP_ROOT ?? repoRoot);
const distDir = path.join(appRoot, 'apps', 'web', 'dist');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RECORD = process.env.BENCH_RECORD !== '0';
/** A folder to write each run's full Lighthouse report (JSON) to, to look into a figure; none by default. */
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/** The targets of issue 22. */
const TARGETS = { performance: 95, aetTransferKiB: 250, loginScriptsKB: 175 };

interface PageFigures {
  name: string;
  url: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  transferKiB: number;
  scriptTransferKiB: number;
  /** Lighthouse's measure of this machine's CPU at the time of the run (its simulation scales CPU time by 4). */
  benchmarkIndex: number;
}

interface NetworkRequest {
  transferSize?: number;
  resourceType?: string;
}

function score(value: number | null | undefined): number {
  return Math.round((value ?? 0) * 100);
}

async function measure(name: string, url: string, port: number): Promise<PageFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (REPORT_DIR) {
    await mkdir(REPORT_DIR, { recursive: true });
    const file = `${name.replace(/[^A-Za-z0-9]+/g, '_') || 'root'}-${Date.now()}.json`;
    await writeFile(path.join(REPORT_DIR, file), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = ((lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)
    ?.items ?? []) as NetworkRequest[];
  const scriptBytes = requests
    .filter((request) => request.resourceType === 'Script')
    .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
  return {
    name,
    url,
    performance: score(lhr.categories.performance?.score),
    accessibility: score(lhr.categories.accessibility?.score),
    bestPractices: score(lhr.categories['best-practices']?.score),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    speedIndexMs: audit('speed-index'),
    transferKiB: audit('total-byte-weight') / 1024,
    scriptTransferKiB: scriptBytes / 1024,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/**
 * Lighthouse sometimes fails to record a trace on a loaded machine (NO_NAVSTART, NO_FCP): such a run is
 * repeated, twice at most, rather than losing the whole bench.
 */
async function measureWithRetries(name: string, url: string, port: number): Promise<PageFigures> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measure(name, url, port);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`${name}: ${(error as Error).message}; running it again`);
    }
  }
}

function median(runs: PageFigures[]): PageFigures {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('no run');
  return middle;
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

async function main() {
  if (!existsSync(path.join(distDir, '.vite', 'manifest.json'))) {
    throw new Error('the web app is not built (or built without its manifest): run `npm run build` first');
  }
  const scripts: [string, PageScripts][] = [
    ['login pages (/, /aet, /faixaDeDominio)', pageScripts(distDir, ['src/features/auth/LoginPage.tsx'])],
    ['/validarAET', pageScripts(distDir, ['src/features/aet-validation/ValidarAetPage.tsx'])],
    [
      'signed-in list (/runtime/…/list)',
      pageScripts(distDir, [
        'src/features/shell/RuntimeShell.tsx',
        'src/features/runtime/pages/RuntimeListPage.tsx',
      ]),
    ],
  ];

  const server = await startLighthouseServer(appRoot);
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  const pages: [string, string][] = [
    ['/', `${server.baseUrl}/`],
    ['/aet', `${server.baseUrl}/aet`],
    ['/faixaDeDominio', `${server.baseUrl}/faixaDeDominio`],
    ['/validarAET?uid=…', server.demoAetUrl],
  ];
  const figures: PageFigures[] = [];
  try {
    for (const [name, url] of pages) {
      const runs: PageFigures[] = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await measureWithRetries(name, url, chrome.port));
      const chosen = median(runs);
      figures.push(chosen);
      console.log(
        `${name}: performance ${runs.map((r) => r.performance).join(' / ')} (median ${chosen.performance}), ` +
          `LCP ${Math.round(chosen.lcpMs)} ms, ${chosen.transferKiB.toFixed(0)} KiB`,
      );
    }
  } finally {
    chrome.kill();
    await server.stop();
  }

  const machine = describeMachine();
  const aet = figures.find((page) => page.name === '/aet');
  const login = scripts[0]?.[1];
  const met = [
    ...figures.map((page) => page.performance >= TARGETS.performance),
    (aet?.transferKiB ?? Number.POSITIVE_INFINITY) <= TARGETS.aetTransferKiB,
    (login?.gzipBytes ?? Number.POSITIVE_INFINITY) / 1000 <= TARGETS.loginScriptsKB,
  ].every(Boolean);
  const date = new Date().toISOString().replace('T', ' ').slice(0, 16);
  const section = [
    `## ${date} UTC — Lighthouse, mobile${process.env.LIGHTHOUSE_LABEL ? ` (${process.env.LIGHTHOUSE_LABEL})` : ''}`,
    '',
    `- Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM, ${machine.platform}; ` +
      `load average ${os.loadavg()[0]?.toFixed(1)} at the end`,
    `- Node ${machine.node}; Lighthouse 13 (mobile, simulated slow 4G: 150 ms RTT, 1.6 Mbit/s, CPU × 4) with ` +
      `${CHROME_PATH}; the real server on a fresh DATA_DIR; the run with the median performance score of ` +
      `${RUNS} per page`,
    `- Targets: performance ≥ ${TARGETS.performance} on every page, /aet ≤ ${TARGETS.aetTransferKiB} KiB ` +
      `transferred, the login page's JavaScript ≤ ${TARGETS.loginScriptsKB} KB gzip: ${met ? 'all met' : '**not all met**'}`,
    '',
    ...markdownTable(
      [
        ['page', 'left'],
        ['performance', 'right'],
        ['accessibility', 'right'],
        ['best practices', 'right'],
        ['FCP ms', 'right'],
        ['LCP ms', 'right'],
        ['TBT ms', 'right'],
        ['CLS', 'right'],
        ['SI ms', 'right'],
        ['KiB', 'right'],
        ['JS KiB', 'right'],
        ['CPU index', 'right'],
      ],
      figures.map((page) => [
        page.name,
        String(page.performance),
        String(page.accessibility),
        String(page.bestPractices),
        page.fcpMs.toFixed(0),
        page.lcpMs.toFixed(0),
        page.tbtMs.toFixed(0),
        page.cls.toFixed(3),
        page.speedIndexMs.toFixed(0),
        page.transferKiB.toFixed(1),
        page.scriptTransferKiB.toFixed(1),
        String(Math.round(page.benchmarkIndex)),
      ]),
    ),
    '',
    "KiB: bytes transferred (compressed); JS KiB: of it JavaScript; CPU index: Lighthouse's benchmarkIndex of",
    'the machine during that run (lower is slower; the simulation multiplies the CPU time it observed by 4).',
    '',
    "The JavaScript a page needs before it shows: the entry chunk and the page's module with all their static",
    'imports, from the build manifest:',
    '',
    ...markdownTable(
      [
        ['page', 'left'],
        ['chunks', 'right'],
        ['KB minified', 'right'],
        ['KB gzip', 'right'],
      ],
      scripts.map(([name, s]) => [name, String(s.files.length), kb(s.rawBytes), kb(s.gzipBytes)]),
    ),
  ].join('\n');
  console.log(`\n${section}`);
  if (RECORD) await appendResults(path.join(benchDir, 'RESULTS.md'), section);
  if (process.env.BENCH_STRICT === '1' && !met) process.exitCode = 1;
}

await main();
