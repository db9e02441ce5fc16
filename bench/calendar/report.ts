import os from 'node:os';
import { formatMs, percentile } from '../large-list/timing.ts';
import { describeMachine } from '../lib/machine.ts';
import { latencyTable } from '../lib/report.ts';

/** What one run of the calendar bench measured. */
export interface CalendarFigures {
  events: number;
  /** Entries the month's answer held. */
  answered: number;
  paints: number[];
  /** loadAppCalendar's request sent → last byte received, in the page. */
  answers: number[];
  loadAtStart: number;
  loadAtEnd: number;
}

/** The dated RESULTS.md section of a run: the machine and its load, the target, the table. */
export function renderCalendarSection(figures: CalendarFigures): string {
  const machine = describeMachine();
  const paintP50 = percentile(figures.paints, 0.5);
  return [
    `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — application calendar month (issue 19)`,
    '',
    `- Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM, ${machine.platform}; load average ${figures.loadAtStart.toFixed(1)} at the start, ${figures.loadAtEnd.toFixed(1)} at the end (${os.loadavg()[0]!.toFixed(1)} now)`,
    `- Node ${machine.node}; PostgreSQL on 127.0.0.1; ${figures.events.toLocaleString('en-US')} items dated over the current month, one calendar view; a project member in the system Chromium (1920×1000) through the real server and the built web app; ${figures.answered.toLocaleString('en-US')} entries in the month's answer`,
    `- First paint (navigation to every day of the month drawn with its entries and its '+N' link, ${figures.paints.length} runs after one that fills the cache): p50 ${formatMs(paintP50)} — target ≤ 1 s: **${paintP50 <= 1000 ? 'met' : 'not met'}**`,
    '',
    ...latencyTable([
      ['month first paint', figures.paints],
      ['loadAppCalendar answered', figures.answers],
    ]),
    '',
  ].join('\n');
}
