import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { percentile } from '../large-list/timing.ts';
import { signedInPage } from '../lib/browser.ts';
import { freshBenchDatabase } from '../lib/pg-bench.ts';
import { appendResults } from '../lib/report.ts';
import { findFreePort } from '../lib/servers.ts';
import { renderScheduleSection, type ScheduleFigures } from './report.ts';
import { prepareSchedule, SCHEDULE_TITLE, SCHEDULE_VIEW } from './setup.ts';

/**
 * `npm run bench:schedule` (`npm run build` first): SCHEDULE_TASKS (default 5 000) activities of one project on
 * PostgreSQL, opened on the project schedule (SVAR Gantt) in the system Chromium by a project member through
 * the real server and the built web app. First paint: from navigation to the Gantt's grid rows and bars drawn
 * (target ≤ 1.5 s). Prints the figures; appends them to RESULTS.md unless BENCH_RECORD=0.
 */
const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TASKS = Number(process.env.SCHEDULE_TASKS ?? 5000);
const PAINTS = Number(process.env.SCHEDULE_PAINTS ?? 7);
const RECORD = process.env.BENCH_RECORD !== '0';

/** The schedule call's time in the page (request sent to the last byte), from resource timing. */
async function loadAnswerMs(page: Page): Promise<number> {
  return page.evaluate(() => {
    const entry = performance
      .getEntriesByType('resource')
      .find((candidate) =>
        candidate.name.includes('/api/genericItem/getAllActivitiesToEAP'),
      ) as PerformanceResourceTiming;
    return entry.responseEnd - entry.requestStart;
  });
}

/** Navigation to the Gantt drawn (grid rows and bars), PAINTS times after one that fills the browser's cache. */
async function measurePaints(page: Page, scheduleUrl: string) {
  const paints: number[] = [];
  const answers: number[] = [];
  let answered = { items: 0, links: 0 };
  for (let run = 0; run <= PAINTS; run += 1) {
    const response = page.waitForResponse((candidate) =>
      candidate.url().includes('/api/genericItem/getAllActivitiesToEAP'),
    );
    const started = performance.now();
    await page.goto(scheduleUrl);
    await page.waitForFunction(
      () =>
        document.querySelectorAll('.wx-bar').length >= 10 &&
        document.querySelectorAll('[data-testid="schedule-gantt"] a').length >= 10,
      undefined,
      { timeout: 60_000, polling: 'raf' },
    );
    if (run > 0) {
      paints.push(performance.now() - started);
      answers.push(await loadAnswerMs(page));
    }
    const body = (await (await response).json()) as { items: unknown[]; links: unknown[] };
    answered = { items: body.items.length, links: body.links.length };
  }
  return { paints, answers, answered };
}

const loadAtStart = os.loadavg()[0]!;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'der-bench-schedule-'));
const { database, name, drop } = await freshBenchDatabase('schedule', 8);
const port = await findFreePort();
console.log(
  `bench:schedule — ${TASKS.toLocaleString('en-US')} activities in one project on PostgreSQL (${name})`,
);
try {
  const { app, session, applicationId, projectId } = await prepareSchedule(database, dataDir, port, TASKS);
  const scheduleUrl = `http://127.0.0.1:${port}/runtime/${applicationId}/schedule/${SCHEDULE_VIEW}/${SCHEDULE_TITLE}?projectId=${projectId}`;
  const { browser, page } = await signedInPage(session);
  try {
    const { paints, answers, answered } = await measurePaints(page, scheduleUrl);
    const figures: ScheduleFigures = {
      tasks: TASKS,
      answered,
      paints,
      answers,
      loadAtStart,
      loadAtEnd: os.loadavg()[0]!,
    };
    const section = renderScheduleSection(figures);
    console.log(section);
    if (RECORD) await appendResults(path.join(benchDir, 'RESULTS.md'), section);
    if (percentile(paints, 0.5) > 1500 && process.env.BENCH_STRICT === '1') process.exitCode = 1;
  } finally {
    await browser.close();
    await app.close();
  }
} finally {
  await drop();
  await rm(dataDir, { recursive: true, force: true });
}
