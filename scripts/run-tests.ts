/**
 * Runs every check and test of `npm test`, in the order a failure is cheapest to find, and ends with one
 * plain line `tests: N passed, N failed` summed over every runner (CI reads that line).
 *
 * Every stage runs even when an earlier one failed, so a single run shows all that is wrong; the exit code is
 * non-zero when anything failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

interface StageResult {
  name: string;
  ok: boolean;
  seconds: number;
  passed: number;
  failed: number;
  skipped: number;
  /** The failed tests' names with the first line of their error, repeated in the summary: CI keeps only the tail. */
  failures: string[];
}

const root = join(import.meta.dirname, '..');
// Runners start with `#!/usr/bin/env node`: Node 24 of node_modules/.bin must come first on PATH even when
// this script is started by hand.
const childPath = `${join(root, 'node_modules/.bin')}:${process.env.PATH ?? ''}`;
const resultsDir = join(root, 'test-results');
const results: StageResult[] = [];

function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = performance.now();
  const child = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PATH: childPath, ...env },
  });
  const ok = child.status === 0;
  results.push({
    name,
    ok,
    seconds: (performance.now() - started) / 1000,
    passed: 0,
    failed: ok ? 0 : 1,
    skipped: 0,
    failures: [],
  });
  return ok;
}

/** Replaces the last stage's pass/fail count with the runner's own counts, read from its JSON report. */
function countFrom(
  reportPath: string,
  read: (report: Record<string, unknown>) => Omit<StageResult, 'name' | 'ok' | 'seconds'>,
) {
  const stage = results.at(-1);
  if (!stage || !existsSync(reportPath)) return;
  const counts = read(JSON.parse(readFileSync(reportPath, 'utf8')));
  Object.assign(stage, counts);
  stage.failures.push(...unhandledErrorsOf(reportPath));
  // A runner that exits non-zero without a failed test (a crash, a failed hook) still counts as a failure.
  if (!stage.ok && stage.failed === 0) stage.failed = 1;
}

/** The unhandled errors the reporter of scripts/vitest-unhandled-errors-reporter.ts wrote beside a report. */
function unhandledErrorsOf(reportPath: string): string[] {
  const file = `${reportPath}.unhandled.json`;
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, 'utf8')) as string[]).map(
    (error) => `unhandled error: ${firstLine(error)}`,
  );
}

/** Vitest's arguments for a run that writes its JSON report and its unhandled errors beside it. */
const vitestReporting = (reportPath: string) => ({
  args: [
    '--reporter=default',
    '--reporter=json',
    '--reporter=./scripts/vitest-unhandled-errors-reporter.ts',
    `--outputFile.json=${reportPath}`,
  ],
  env: { VITEST_UNHANDLED_ERRORS_FILE: `${reportPath}.unhandled.json` },
});

const firstLine = (message: unknown) =>
  String(message ?? '')
    .split('\n', 1)[0]
    ?.slice(0, 300) ?? '';

interface VitestFile {
  name: string;
  message?: string;
  assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[];
}

function vitestFailures(files: VitestFile[]): string[] {
  return files.flatMap((file) => {
    const where = file.name.replace(`${root}/`, '');
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (failedTests.length === 0 && file.message) return [`${where}: ${firstLine(file.message)}`];
    return failedTests.map((test) => `${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  });
}

const readVitest = (report: Record<string, unknown>) => ({
  passed: Number(report.numPassedTests ?? 0),
  failed: Number(report.numFailedTests ?? 0),
  skipped: Number(report.numPendingTests ?? 0) + Number(report.numTodoTests ?? 0),
  failures: vitestFailures((report.testResults ?? []) as VitestFile[]),
});

interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; tests: { status: string; results: { error?: { message?: string } }[] }[] }[];
}

function playwrightFailures(suites: PlaywrightSuite[], path: string[] = []): string[] {
  return suites.flatMap((suite) => {
    const here = [...path, suite.title].filter(Boolean);
    const own = (suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === 'unexpected')
        .map(
          (test) => `${[...here, spec.title].join(' › ')}: ${firstLine(test.results.at(-1)?.error?.message)}`,
        ),
    );
    return [...own, ...playwrightFailures(suite.suites ?? [], here)];
  });
}

const readPlaywright = (report: Record<string, unknown>) => {
  const stats = (report.stats ?? {}) as Record<string, number>;
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
    failures: playwrightFailures((report.suites ?? []) as PlaywrightSuite[]),
  };
};

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
const bin = (name: string) => join(root, 'node_modules/.bin', name);

run('lint and format (Biome)', bin('biome'), ['ci', '.']);
run('typecheck', 'npm', ['run', 'typecheck']);

const unitReport = join(resultsDir, 'unit.json');
// This stage is the embedded database's: CI exports TEST_DATABASE_URL for the next one, which must not leak here.
const unitReporting = vitestReporting(unitReport);
run('unit and integration on PGlite (Vitest)', bin('vitest'), ['run', ...unitReporting.args], {
  ...unitReporting.env,
  TEST_DATABASE_URL: '',
});
countFrom(unitReport, readVitest);

const testDatabaseUrl = process.env.TEST_DATABASE_URL;
if (testDatabaseUrl) {
  const pgReport = join(resultsDir, 'postgres.json');
  const pgReporting = vitestReporting(pgReport);
  run(
    'integration on PostgreSQL (Vitest, TEST_DATABASE_URL)',
    bin('vitest'),
    ['run', '--project', 'server', ...pgReporting.args],
    { ...pgReporting.env, TEST_DATABASE_URL: testDatabaseUrl },
  );
  countFrom(pgReport, readVitest);
} else {
  console.log('\n=== integration on PostgreSQL: skipped (TEST_DATABASE_URL is not set)');
}

if (run('build the web app', 'npm', ['run', 'build'])) {
  const e2eReport = join(root, 'e2e/test-results/results.json');
  rmSync(e2eReport, { force: true });
  run('end-to-end in Chromium (Playwright)', 'npm', ['run', 'test:e2e']);
  countFrom(e2eReport, readPlaywright);
}

console.log('\n=== summary');
for (const stage of results) {
  const counts = stage.passed + stage.failed > 1 ? ` (${stage.passed} passed, ${stage.failed} failed)` : '';
  console.log(`${stage.ok ? 'ok  ' : 'FAIL'} ${stage.name}${counts} in ${stage.seconds.toFixed(1)} s`);
  for (const failure of stage.failures) console.log(`     ✗ ${failure}`);
}
const passed = results.reduce((sum, stage) => sum + (stage.ok && stage.passed === 0 ? 1 : stage.passed), 0);
const failed = results.reduce((sum, stage) => sum + stage.failed, 0);
const skipped = results.reduce((sum, stage) => sum + stage.skipped, 0);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(results.every((stage) => stage.ok) ? 0 : 1);
