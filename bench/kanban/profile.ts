// The page callbacks below run in Chromium: the DOM types describe them.
/// <reference lib="dom" />
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { freshBenchDatabase } from '../lib/pg-bench.ts';
import { findFreePort } from '../lib/servers.ts';
import { LANES, prepareBoard, VIEW } from './setup.ts';

/**
 * `node bench/kanban/profile.ts`: where a first paint of the bench's board spends its time — every resource the
 * page loads (scripts and API calls) with its start and end, the long tasks of the main thread, and when the
 * first card of every lane was drawn, all in milliseconds from the navigation. Not a measurement (one run); a
 * map for the next change.
 */
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'der-bench-kanban-'));
const { database, drop } = await freshBenchDatabase('kanbanprof', 8);
const port = await findFreePort();
try {
  const { app, session, applicationId } = await prepareBoard(database, dataDir, port, 5000);
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1920, height: 1000 } });
  await context.addInitScript((stored) => {
    localStorage.setItem('stored_data', stored);
    const marks: Array<[string, number]> = [];
    (window as unknown as { __marks: typeof marks }).__marks = marks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        marks.push([`long task ${Math.round(entry.duration)} ms`, entry.startTime]);
    }).observe({ type: 'longtask', buffered: true });
    const seen = new Set<string>();
    new MutationObserver(() => {
      for (const lane of document.querySelectorAll('[data-testid^="kanban-lane-"]')) {
        const id = lane.getAttribute('data-testid')!;
        if (!seen.has(id) && lane.querySelector('[data-testid^="kanban-card-"]')) {
          seen.add(id);
          marks.push([`first card in ${id}`, performance.now()]);
        }
      }
    }).observe(document, { childList: true, subtree: true });
  }, JSON.stringify(session));
  const page = await context.newPage();
  const url = `http://127.0.0.1:${port}/runtime/${applicationId}/kanban/${VIEW}/Quadro`;
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    await page.goto(url);
    for (const lane of LANES)
      await page.waitForSelector(`[data-testid="kanban-lane-${lane}"] [data-testid^="kanban-card-"]`);
    console.log(`run ${run}: ${Math.round(performance.now() - started)} ms`);
  }
  const events = await page.evaluate(() => [
    ...performance
      .getEntriesByType('resource')
      .map((entry) => [
        `${Math.round((entry as PerformanceResourceTiming).responseEnd)} end  ${new URL(entry.name).pathname}`,
        entry.startTime,
      ]),
    ...(window as unknown as { __marks: Array<[string, number]> }).__marks,
  ]);
  for (const [text, at] of events.sort((a, b) => Number(a[1]) - Number(b[1])))
    console.log(`${String(Math.round(Number(at))).padStart(6)}  ${text}`);
  await browser.close();
  await app.close();
} finally {
  await drop();
  await rm(dataDir, { recursive: true, force: true });
}
