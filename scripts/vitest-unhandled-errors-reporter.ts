/**
 * A Vitest reporter for `npm test`: writes the run's unhandled errors to the file named by
 * `VITEST_UNHANDLED_ERRORS_FILE`. Vitest's JSON report leaves them out, yet they fail the run, so without this
 * the summary (all CI keeps) would say 'failed' with no test named.
 */
import { writeFileSync } from 'node:fs';
import type { Reporter } from 'vitest/node';

type RunEnd = NonNullable<Reporter['onTestRunEnd']>;

export default class UnhandledErrorsReporter implements Reporter {
  onTestRunEnd: RunEnd = (_modules, unhandledErrors) => {
    const file = process.env.VITEST_UNHANDLED_ERRORS_FILE;
    if (!file) return;
    const errors = unhandledErrors.map((error) => {
      const origin = (error.stack ?? '')
        .split('\n')
        .find((line) => line.includes('/apps/') || line.includes('/packages/'));
      return `${error.name ?? 'Error'}: ${error.message ?? ''}${origin ? ` (${origin.trim()})` : ''}`;
    });
    writeFileSync(file, JSON.stringify(errors));
  };
}
