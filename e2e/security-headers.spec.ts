import { expect, test } from './fixtures/test.ts';
import { MaintenancePage } from './pages/MaintenancePage.ts';

/** The directives of a Content-Security-Policy header, by name. */
function parseCsp(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

function nonceOf(directives: Map<string, string[]>): string | undefined {
  const source = (directives.get('script-src') ?? directives.get('default-src') ?? []).find((value) =>
    value.startsWith("'nonce-"),
  );
  return source?.slice("'nonce-".length, -1);
}

// A blocked 'eval' is usually a library probing whether it may compile code (zod 4 does, unless
// `z.config({ jitless: true })` runs first): harmless to the page, but still a violation report.
const CSP_HINT = 'CSP violations while loading the page';

test.describe('security headers', () => {
  test('serves the SPA with a CSP whose script nonce is the one on its scripts', async ({ request }) => {
    const response = await request.get('/');
    expect(response.status()).toBe(200);
    const header = response.headers()['content-security-policy'];
    expect(header, 'Content-Security-Policy header').toBeTruthy();

    const directives = parseCsp(header!);
    const nonce = nonceOf(directives);
    expect(nonce, `a 'nonce-…' source in script-src of: ${header}`).toMatch(/^[A-Za-z0-9+/_=-]{16,}$/);
    expect(directives.get('script-src') ?? directives.get('default-src')).not.toContain("'unsafe-eval'");
    expect(directives.get('object-src')).toEqual(["'none'"]);

    const html = await response.text();
    const scriptTags = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scriptTags.length).toBeGreaterThan(0);
    for (const tag of scriptTags) expect(tag).toContain(`nonce="${nonce}"`);
    expect(html).not.toContain('__CSP_NONCE__');
  });

  test('uses a fresh nonce for every request', async ({ request }) => {
    const nonces = new Set<string | undefined>();
    for (const path of ['/', '/', '/aet']) {
      const response = await request.get(path);
      nonces.add(nonceOf(parseCsp(response.headers()['content-security-policy'] ?? '')));
    }
    expect(nonces.has(undefined)).toBe(false);
    expect(nonces.size).toBe(3);
  });

  test('sends the CSP and nosniff on the not-found answer too', async ({ request }) => {
    const response = await request.get('/pagina-inexistente');
    expect(response.status()).toBe(404);
    expect(nonceOf(parseCsp(response.headers()['content-security-policy'] ?? ''))).toBeTruthy();
    expect(response.headers()['x-content-type-options']).toBe('nosniff');
  });

  for (const path of ['/', '/aet', '/faixaDeDominio', '/pagina-inexistente']) {
    test(`loads ${path} without CSP violations`, async ({ page, cspViolations }) => {
      await page.goto(path);
      await expect(page.locator('#root')).not.toBeEmpty();
      await page.waitForLoadState('networkidle');

      expect(await cspViolations.list(), CSP_HINT).toEqual([]);
    });
  }

  test('loads the maintenance page without CSP violations', async ({ page, settings, cspViolations }) => {
    await settings.set({ maintenance: true });
    const maintenance = new MaintenancePage(page);

    await maintenance.open('/');
    await expect(maintenance.messagePt).toBeVisible();
    await page.waitForLoadState('networkidle');

    expect(await cspViolations.list(), CSP_HINT).toEqual([]);
  });

  test('loads the general login without console errors', async ({ page, cspViolations }) => {
    await page.goto('/');
    await expect(page.locator('#root')).not.toBeEmpty();
    await page.waitForLoadState('networkidle');

    expect(cspViolations.consoleErrors).toEqual([]);
  });
});
