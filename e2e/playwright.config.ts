import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { REPO_ROOT, resolveNodeBinary, WEB_DIST_DIR, WEB_INDEX_HTML } from './paths.ts';

const port = Number(process.env.E2E_PORT ?? 3199);
const baseURL = `http://127.0.0.1:${port}`;

// Plugins start before globalSetup: without a web build the server is not started at all, so the first error
// is global-setup.ts's clear message rather than a page of blank screens.
const webBuilt = existsSync(WEB_INDEX_HTML);

// The config is evaluated by the runner and again by every worker; workers inherit the runner's environment,
// so one fresh data folder is created per run and shared by all of them.
if (!process.env.E2E_DATA_DIR) {
  const created = mkdtempSync(path.join(os.tmpdir(), 'der-e2e-'));
  process.env.E2E_DATA_DIR = created;
  // The runner exits after it has stopped the web server, so the folder is no longer in use by then.
  process.on('exit', () => rmSync(created, { recursive: true, force: true }));
}
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/artifacts',
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // Two cores on the build machine: one for the server, one for the browser.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Two workers, their browsers and the server share two cores: a page that renders in a second alone can take
  // several while a neighbour signs a PDF. The budgets leave room for that; a test that passes never waits them out.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  use: {
    baseURL,
    headless: true,
    locale: 'pt-BR',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      // Specs that change platform-wide settings run afterwards, alone (identity-settings below).
      testIgnore: ['identity/settings/**', 'admin/settings.spec.ts'],
      dependencies: ['identity-setup'],
      use: {
        ...devices['Desktop Chrome'],
        // The system Chromium: Playwright must never download a browser of its own.
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
    // Identity e2e (e2e/identity): a check that the test stack is up, and, as its teardown, the specs that turn
    // platform-wide settings on and off (terms of use, two-step, captcha). A teardown runs once every project
    // depending on the setup has finished, failed tests included, so those settings never change under another
    // test; one worker runs them one after the other.
    {
      name: 'identity-setup',
      testMatch: 'identity/stack.setup.ts',
      teardown: 'identity-settings',
    },
    {
      name: 'identity-settings',
      // The administration settings spec turns maintenance and the palette on and off for everyone: here too.
      testMatch: ['identity/settings/**/*.spec.ts', 'admin/settings.spec.ts'],
      fullyParallel: false,
      workers: 1,
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: webBuilt
    ? {
        // The server behind an SMTP capture and a peer for the tests (e-mails, reCAPTCHA verify): e2e/support/stack.ts.
        command: `"${resolveNodeBinary()}" e2e/support/stack.ts`,
        cwd: REPO_ROOT,
        url: `${baseURL}/api/health`,
        reuseExistingServer: false,
        timeout: 90_000,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          SEED_DEMO_DATA: 'true',
          WEB_DIST_DIR,
          // Slow enough that e2e/bulk.spec.ts can interrupt a bulk job of 20 items while it runs.
          BULK_ITEMS_PER_SECOND: '4',
        },
      }
    : undefined,
});
