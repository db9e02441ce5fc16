import { expect, test } from '../fixtures/identity.ts';

/**
 * axe-core (WCAG 2.1 A/AA and best practices, the foundation's makeAxeBuilder) on every public page of the
 * identity features, once each page has settled. The two-step pages need a session: see
 * settings/mfa.spec.ts.
 */
const PUBLIC_PAGES: { path: string; ready: (page: import('@playwright/test').Page) => Promise<void> }[] = [
  { path: '/', ready: (page) => expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible() },
  {
    path: '/faixaDeDominio',
    ready: (page) => expect(page.getByRole('link', { name: 'Criar Conta' })).toBeVisible(),
  },
  { path: '/aet', ready: (page) => expect(page.getByRole('link', { name: 'Criar Conta' })).toBeVisible() },
  {
    path: '/registerPermissionario',
    ready: (page) => expect(page.getByRole('button', { name: 'Criar Conta' })).toBeVisible(),
  },
  {
    path: '/registerRequerente',
    ready: (page) => expect(page.getByRole('combobox', { name: 'Tipo de requerente' })).toBeVisible(),
  },
  {
    path: '/activate?token=x',
    ready: (page) =>
      expect(page.getByRole('link', { name: 'Ja possuo uma conta' }))
        .toBeVisible()
        .then(() => expect(page.getByText('Procurando a conta…')).toHaveCount(0)),
  },
  {
    path: '/activateRequerente?token=x',
    ready: (page) =>
      expect(page.getByRole('link', { name: 'Ja possuo uma conta' }))
        .toBeVisible()
        .then(() => expect(page.getByText('Procurando a conta…')).toHaveCount(0)),
  },
  {
    path: '/reset-password',
    ready: (page) => expect(page.getByRole('button', { name: 'Enviar link por e-mail' })).toBeVisible(),
  },
  {
    path: '/validarAET?uid=x',
    ready: (page) => expect(page.getByText('A AET nao foi encontrada!')).toBeVisible(),
  },
];

test.describe('accessibility of the public identity pages', () => {
  for (const { path, ready } of PUBLIC_PAGES) {
    test(`${path} has no axe violations`, async ({ page, makeAxeBuilder }) => {
      await page.goto(path);
      await ready(page);

      const results = await makeAxeBuilder().analyze();

      expect(results.violations).toEqual([]);
    });
  }

  test('/validarAET with the demo AET has no axe violations', async ({ page, peer, makeAxeBuilder }) => {
    const { uid } = await peer.demoAet();
    await page.goto(`/validarAET?uid=${encodeURIComponent(uid)}`);
    await expect(page.getByRole('region', { name: 'Validar AET' }).locator('canvas').first()).toBeVisible({
      timeout: 15_000,
    });

    const results = await makeAxeBuilder().analyze();

    expect(results.violations).toEqual([]);
  });
});
