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
import { type CalendarFigures, renderCalendarSection } from './report.ts';
import { CALENDAR_TITLE, prepareCalendar } from './setup.ts';

/**
 * `npm run bench:calendar` (issue 19; `npm run build` first): CALENDAR_EVENTS (default 2 000) items dated over the
 * current month on PostgreSQL, opened on the application calendar in the system Chromium by a project member
 * through the real server and the built web app. First paint: from navigation to every day of the month drawn
 * with its '+N' link (every day holds more entries than it shows, so the link means the day is laid out; target
 * ≤ 1 s). Prints the figures; appends them to RESULTS.md unless BENCH_RECORD=0.
 */
const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EVENTS = Number(process.env.CALENDAR_EVENTS ?? 2000);
const PAINTS = Number(process.env.CALENDAR_PAINTS ?? 7);
const RECORD = process.env.BENCH_RECORD !== '0';

/** The calendar call's time in the page (request sent to the last byte), from resource timing. */
async function loadAnswerMs(page: Page): Promise<number> {
  return page.evaluate(() => {
    const entry = performance
      .getEntriesByType('resource')
      .find((candidate) =>
        candidate.name.includes('/api/genericItem/loadAppCalendar'),
      ) as PerformanceResourceTiming;
    return entry.responseEnd - entry.requestStart;
  });
}

/** Navigation to every day of the month laid out, PAINTS times after one that fills the browser's cache. */
async function measurePaints(page: Page, calendarUrl: string, days: number) {
  const paints: number[] = [];
  const answers: number[] = [];
  let answered = 0;
  for (let run = 0; run <= PAINTS; run += 1) {
    const response = page.waitForResponse((candidate) =>
      candidate.url().includes('/api/genericItem/loadAppCalendar'),
    );
    const started = performance.now();
    await page.goto(calendarUrl);
    await page.waitForFunction(
      (count) =>
        document.querySelectorAll('.fc-day:not(.fc-day-other) .fc-daygrid-more-link').length >= count,
      days,
      { timeout: 30_000 },
    );
    if (run > 0) {
      paints.push(performance.now() - started);
      answers.push(await loadAnswerMs(page));
    }
    answered = ((await (await response).json()) as { entries: unknown[] }).entries.length;
  }
  return { paints, answers, answered };
}

const loadAtStart = os.loadavg()[0]!;
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'der-bench-calendar-'));
const { database, name, drop } = await freshBenchDatabase('calendar', 8);
const port = await findFreePort();
console.log(`bench:calendar — ${EVENTS.toLocaleString('en-US')} items in the month on PostgreSQL (${name})`);
try {
  const { app, session, applicationId, days } = await prepareCalendar(database, dataDir, port, EVENTS);
  const calendarUrl = `http://127.0.0.1:${port}/runtime/${applicationId}/calendar/${CALENDAR_TITLE}`;
  const { browser, page } = await signedInPage(session);
  try {
    const { paints, answers, answered } = await measurePaints(page, calendarUrl, days);
    const figures: CalendarFigures = {
      events: EVENTS,
      answered,
      paints,
      answers,
      loadAtStart,
      loadAtEnd: os.loadavg()[0]!,
    };
    const section = renderCalendarSection(figures);
    console.log(section);
    if (RECORD) await appendResults(path.join(benchDir, 'RESULTS.md'), section);
    if (percentile(paints, 0.5) > 1000 && process.env.BENCH_STRICT === '1') process.exitCode = 1;
  } finally {
    await browser.close();
    await app.close();
  }
} finally {
  await drop();
  await rm(dataDir, { recursive: true, force: true });
}
