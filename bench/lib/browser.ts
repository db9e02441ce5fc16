import { type Browser, chromium, type Page } from '@playwright/test';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * The system Chromium with one page signed in as `session` (stored as the web app stores it), at the size the
 * browser benches measure in. Close the browser when done.
 */
export async function signedInPage(
  session: Record<string, unknown>,
): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const context = await browser.newContext({ locale: 'pt-BR', viewport: { width: 1920, height: 1000 } });
  await context.addInitScript(
    (stored) => localStorage.setItem('stored_data', stored),
    JSON.stringify(session),
  );
  return { browser, page: await context.newPage() };
}
