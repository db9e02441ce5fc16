import os from 'node:os';
import { formatMs, percentile } from '../large-list/timing.ts';
import { describeMachine } from '../lib/machine.ts';
import { latencyTable } from '../lib/report.ts';

/** What one run of the schedule bench measured. */
export interface ScheduleFigures {
  tasks: number;
  /** Rows and links the schedule's answer held. */
  answered: { items: number; links: number };
  paints: number[];
  /** getAllActivitiesToEAP's request sent → last byte received, in the page. */
  answers: number[];
  loadAtStart: number;
  loadAtEnd: number;
}

/** The dated RESULTS.md section of a run: the machine and its load, the target, the table. */
export function renderScheduleSection(figures: ScheduleFigures): string {
  const machine = describeMachine();
  const paintP50 = percentile(figures.paints, 0.5);
  return [
    `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — project schedule (Gantt) first paint`,
    '',
    `- Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM, ${machine.platform}; load average ${figures.loadAtStart.toFixed(1)} at the start, ${figures.loadAtEnd.toFixed(1)} at the end (${os.loadavg()[0]!.toFixed(1)} now)`,
    `- Node ${machine.node}; PostgreSQL on 127.0.0.1; ${figures.tasks.toLocaleString('en-US')} activities of one project in chains of ten finish-to-start predecessors; a project member in the system Chromium (1920×1000) through the real server and the built web app (SVAR React Gantt); ${figures.answered.items.toLocaleString('en-US')} rows and ${figures.answered.links.toLocaleString('en-US')} links in the answer, critical path computed on the server`,
    `- First paint (navigation to the Gantt's grid rows and bars drawn, ${figures.paints.length} runs after one that fills the cache): p50 ${formatMs(paintP50)} — target ≤ 1.5 s: **${paintP50 <= 1500 ? 'met' : 'not met'}**`,
    '',
    ...latencyTable([
      ['Gantt first paint', figures.paints],
      ['getAllActivitiesToEAP answered', figures.answers],
    ]),
    '',
  ].join('\n');
}
