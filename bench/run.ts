import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureScenario } from './lib/load.ts';
import { describeMachine } from './lib/machine.ts';
import { readOptions } from './lib/options.ts';
import { appendResults, compare, renderSection, renderTables } from './lib/report.ts';
import { type RunningServer, startAppServer, startBareServer } from './lib/servers.ts';
import type { LoadResult, ServerKind } from './lib/types.ts';
import { scenarioGroups } from './scenarios/index.ts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');

const options = readOptions();
const scenarios = scenarioGroups
  .flatMap((group) => group.scenarios)
  .filter((scenario) => options.only.length === 0 || options.only.some((part) => scenario.id.includes(part)));
const comparisons = scenarioGroups.flatMap((group) => group.comparisons);
if (scenarios.length === 0) throw new Error(`No scenario matches BENCH_ONLY=${options.only.join(',')}`);

function describeResult(result: LoadResult): string {
  const failures = result.non2xx + result.errors + result.timeouts;
  return (
    `${result.scenario.id}: ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.latencyP99Ms} ms` +
    (failures > 0 ? ` (non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})` : '')
  );
}

const machine = describeMachine();
console.log(
  `bench: ${scenarios.length} scenarios, ${options.connections} connections, ` +
    `${options.warmupSeconds} s warm-up + ${options.seconds} s each; ${machine.cpuModel}, ${machine.cores} cores, Node ${machine.node}`,
);

const servers = new Map<ServerKind, RunningServer>();
let exitCode = 0;
try {
  const needed = new Set(scenarios.map((scenario) => scenario.server));
  // Both servers run for the whole bench, as the issue asks: same machine state for every scenario.
  const started = await Promise.allSettled([
    needed.has('app') ? startAppServer(repoRoot) : undefined,
    needed.has('bare') ? startBareServer(repoRoot) : undefined,
  ]);
  const [app, bare] = started;
  if (app.status === 'fulfilled' && app.value) servers.set('app', app.value);
  if (bare.status === 'fulfilled' && bare.value) servers.set('bare', bare.value);
  const failure = started.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;

  const results: LoadResult[] = [];
  for (const scenario of scenarios) {
    const server = servers.get(scenario.server)!;
    process.stdout.write(
      `  ${scenario.id.padEnd(12)} ${scenario.request.method} ${scenario.request.path} ... `,
    );
    const measured = await measureScenario(scenario, server.baseUrl, options);
    results.push(...measured);
    console.log(measured.map(describeResult).join('; '));
    for (const result of measured) {
      if (result.non2xx > 0 || result.errors > 0) {
        // A route that fails fast would look like a fast route: its figure means nothing.
        console.error(`  ! ${result.scenario.id} answered errors; its figures do not measure the route`);
        exitCode = 1;
      }
    }
  }

  const compared = compare(comparisons, results);
  console.log(`\n${renderTables(results, compared)}\n`);
  for (const c of compared) {
    console.log(
      `${c.comparison.id}: ${c.ratio.toFixed(2)}× (target ≥ ${c.comparison.target}×) ${c.met ? 'met' : 'NOT met'}`,
    );
    if (!c.met && options.strict) exitCode = 1;
  }

  if (options.record) {
    const file = path.join(benchDir, 'RESULTS.md');
    await appendResults(file, renderSection(new Date(), machine, options, results, compared));
    console.log(`\nappended to ${path.relative(repoRoot, file)}`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  await Promise.all([...servers.values()].map((server) => server.stop()));
}
process.exitCode = exitCode;
