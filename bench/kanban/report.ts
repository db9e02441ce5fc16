import os from 'node:os';
import { formatMs, percentile } from '../large-list/timing.ts';
import { describeMachine } from '../lib/machine.ts';
import { latencyTable } from '../lib/report.ts';

/** What one run of the kanban bench measured. */
export interface KanbanFigures {
  cards: number;
  /** Cards in the page after the first paint (virtualised: the visible ones). */
  drawn: number;
  paints: number[];
  /** API requests the last first paint made. */
  paintRequests: number;
  drops: number[];
  /** Release → moveKanbanCard answered (the server's share; the card is placed before it answers). */
  serverTimes: number[];
  loadAtStart: number;
  loadAtEnd: number;
}

/** The dated RESULTS.md section of a run: the machine and its load, the targets, the table. */
export function renderKanbanSection(figures: KanbanFigures): string {
  const machine = describeMachine();
  const paintP50 = percentile(figures.paints, 0.5);
  const dropP95 = percentile(figures.drops, 0.95);
  return [
    `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — kanban board (issue 16)`,
    '',
    `- Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB RAM, ${machine.platform}; load average ${figures.loadAtStart.toFixed(1)} at the start, ${figures.loadAtEnd.toFixed(1)} at the end (${os.loadavg()[0]!.toFixed(1)} now)`,
    `- Node ${machine.node}; PostgreSQL on 127.0.0.1; ${figures.cards.toLocaleString('en-US')} cards in 5 lanes (one workflow status each), a project member in the system Chromium (1920×1000) through the real server and the built web app; ${figures.drawn} cards in the page after the first paint (the visible ones drawn); ${figures.paintRequests} API requests at first paint`,
    `- First paint (navigation to the first card of every lane drawn, ${figures.paints.length} runs after one that fills the cache): p50 ${formatMs(paintP50)} — target ≤ 1 s: **${paintP50 <= 1000 ? 'met' : 'not met'}**`,
    `- Drop (mouse release to the card drawn in its new lane, the workflow action through the one save, ${figures.drops.length} drops): p95 ${formatMs(dropP95)} — target ≤ 300 ms: **${dropP95 <= 300 ? 'met' : 'not met'}**`,
    '',
    ...latencyTable([
      ['first paint', figures.paints],
      ['drop → card redrawn', figures.drops],
      ['release → moveKanbanCard answered', figures.serverTimes],
    ]),
    '',
  ].join('\n');
}
