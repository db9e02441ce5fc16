import { PALETTES } from '@der/contracts';
import { DEMO_APPS, DEMO_USERS, expect, rgb, SHELL_TEST_TIMEOUT, test } from '../fixtures/shell.ts';
import { LAYOUT_LABELS, type LayoutName, RuntimeShellPage } from '../pages/shell/ShellPage.ts';

test.describe.configure({ timeout: SHELL_TEST_TIMEOUT });
/** The runtime shell of /runtime/{appID} (spec §2.9, features/shell) with the demo analyst. */
test.describe('runtime shell', () => {
  test('the bare /runtime/{id} goes to the first menu link, keeping the query string', async ({
    page,
    signIn,
    demoAppIds,
  }) => {
    await signIn(DEMO_USERS.analyst, { next: `/runtime/${demoAppIds.aet}?x=1` });

    // AET's first link: 'Minhas solicitações' (list/1/1/1/1/{title}); the section title before it is skipped.
    await expect(page).toHaveURL(new RegExp(`/runtime/${demoAppIds.aet}/list/1/1/1/1/[^/?]+\\?x=1$`));
    const shell = new RuntimeShellPage(page);
    const menu = shell.menu(DEMO_APPS.aet);
    await expect(menu.getByRole('link', { name: 'Minhas solicitações' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('the sidebar shows the application, its version, section titles and badges', async ({
    page,
    signIn,
    demoAppIds,
  }) => {
    await signIn(DEMO_USERS.analyst, { next: `/runtime/${demoAppIds.projetos}` });

    const shell = new RuntimeShellPage(page);
    const menu = shell.menu(DEMO_APPS.projetos);
    await expect(menu).toBeVisible();
    await expect(
      shell.sidebarHeader.getByRole('heading', { level: 2, name: DEMO_APPS.projetos }),
    ).toBeVisible();
    await expect(shell.sidebarHeader).toContainText('Versão 1.0');
    await expect(menu.getByRole('heading', { level: 3, name: 'Gestão' })).toBeVisible();
    // 'Minhas tarefas' counts the analyst's unread messages (badgeSource unreadMessages).
    const badge = shell.menuBadge('minhas-tarefas');
    await expect(badge).toBeVisible();
    await expect(badge).toHaveText(/^\d+$/);
    await expect(menu.getByRole('link', { name: /Minhas tarefas/ })).toContainText(
      (await badge.textContent()) ?? '',
    );
    // A multilevel entry expands to its links.
    const projetos = menu.getByRole('button', { name: 'Projetos' });
    await expect(projetos).toHaveAttribute('aria-expanded', 'false');
    await projetos.click();
    await expect(projetos).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link', { name: 'Quadro de tarefas' })).toBeVisible();
  });

  test('each of the six layouts renders the menu', async ({ page, signIn, demoAppIds }) => {
    test.slow();
    await signIn(DEMO_USERS.analyst, { next: `/runtime/${demoAppIds.aet}` });
    const shell = new RuntimeShellPage(page);
    const menu = shell.menu(DEMO_APPS.aet);
    await expect(menu).toBeVisible();

    for (const layout of Object.keys(LAYOUT_LABELS) as LayoutName[]) {
      await test.step(layout, async () => {
        await shell.settings.open();
        await shell.settings.chooseLayout(layout);
        await shell.settings.dismiss();

        await expect(menu).toHaveCount(1);
        await expect(menu).toBeVisible();
        await expect(menu).toHaveAttribute('data-layout', layout);
        await expect(shell.main).toHaveAttribute('data-layout', layout);
        await expect(menu.getByRole('link', { name: 'Minhas solicitações' })).toBeVisible();
        const horizontal = layout === 'top-navigation' || layout === 'mega-menu';
        // The sidebar layouts have the menu toggle; the horizontal ones do not.
        await expect(
          shell.topBar.banner.getByRole('button', { name: /^(Abrir|Fechar) o menu$/ }),
        ).toHaveCount(horizontal ? 0 : 1);
      });
    }

    // The choice is the person's: it survives a reload.
    await page.reload();
    await expect(menu).toHaveAttribute('data-layout', 'plugflex');
  });

  test('the right sidebar sits on the right of the content', async ({ page, signIn, demoAppIds }) => {
    await signIn(DEMO_USERS.analyst, { next: `/runtime/${demoAppIds.aet}` });
    const shell = new RuntimeShellPage(page);
    const menu = shell.menu(DEMO_APPS.aet);
    await shell.settings.open();
    await shell.settings.chooseLayout('right-sidebar');
    await shell.settings.dismiss();

    await expect(async () => {
      const menuBox = await menu.boundingBox();
      const mainBox = await shell.main.boundingBox();
      expect(menuBox && mainBox && menuBox.x >= mainBox.x + mainBox.width - 1).toBe(true);
    }).toPass({ timeout: 7_000 });
  });

  test('the palette and dark mode chosen in the settings survive a reload', async ({
    page,
    signIn,
    demoAppIds,
  }) => {
    const greenOrange = PALETTES['green-orange'];
    await signIn(DEMO_USERS.analyst, { next: `/runtime/${demoAppIds.aet}` });
    const shell = new RuntimeShellPage(page);
    await expect(shell.menu(DEMO_APPS.aet)).toBeVisible();

    await shell.settings.open();
    await shell.settings.choosePalette('Verde e laranja');
    await shell.settings.darkMode.check();
    await shell.settings.dismiss();
    await expect(page.locator('body')).toHaveCSS('background-color', rgb('#121212'));
    await expect(shell.topBar.banner).toHaveCSS('background-color', rgb(greenOrange.dark.primary.main));

    await page.reload();

    await expect(shell.menu(DEMO_APPS.aet)).toBeVisible();
    await expect(page.locator('body')).toHaveCSS('background-color', rgb('#121212'));
    await expect(shell.topBar.banner).toHaveCSS('background-color', rgb(greenOrange.dark.primary.main));
    await shell.settings.open();
    await expect(shell.settings.darkMode).toBeChecked();
    await expect(shell.settings.palette).toHaveText('Verde e laranja');

    // And back to light: the light variant of the same palette.
    await shell.settings.lightMode.check();
    await shell.settings.dismiss();
    await expect(page.locator('body')).toHaveCSS('background-color', rgb('#FFFFFF'));
    await expect(shell.topBar.banner).toHaveCSS('background-color', rgb(greenOrange.light.primary.main));
  });

  test('the report frame carries the token, the language and the query parameters', async ({
    page,
    signIn,
    demoAppIds,
  }) => {
    const path = `/runtime/${demoAppIds.aet}/report/1/${encodeURIComponent('AETs emitidas')}?ano=2026&status=emitida`;
    await signIn(DEMO_USERS.analyst, { next: path });

    const frame = page.getByTitle('AETs emitidas');
    await expect(page.getByRole('heading', { level: 1, name: 'AETs emitidas' })).toBeVisible();
    await expect(frame).toBeVisible();
    expect(await frame.evaluate((element) => element.tagName)).toBe('IFRAME');
    const src = new URL((await frame.getAttribute('src')) ?? '', page.url());
    const token = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('stored_data') ?? '{}') as { token?: string }).token ?? '',
    );
    expect(token).not.toBe('');
    // The report viewer is a page of the web app (spec §7.7), not an API route.
    expect(src.pathname).toBe('/reportviewer');
    expect(Object.fromEntries(src.searchParams)).toEqual({
      token,
      language: 'pt-BR',
      ano: '2026',
      status: 'emitida',
      reportID: '1',
    });
  });

  test('the report menu link opens the report frame inside the shell', async ({
    page,
    signIn,
    demoAppIds,
  }) => {
    await signIn(DEMO_USERS.analyst, { next: `/runtime/${demoAppIds.aet}` });
    const shell = new RuntimeShellPage(page);
    await shell.menu(DEMO_APPS.aet).getByRole('link', { name: 'AETs emitidas' }).click();

    await expect(page).toHaveURL(new RegExp(`/runtime/${demoAppIds.aet}/report/1/`));
    const frame = shell.main.getByTitle('AETs emitidas');
    await expect(frame).toHaveAttribute('src', /^\/reportviewer\?token=[^&]+&language=pt-BR&reportID=1$/);
  });

  test('losing and getting back the connection shows a notice each time', async ({
    page,
    context,
    signIn,
  }) => {
    await signIn(DEMO_USERS.analyst);
    await expect(page.getByRole('heading', { name: 'Escolha uma aplicação' })).toBeVisible();

    await context.setOffline(true);
    await expect(page.getByText('Conexão perdida')).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByText('Conexão restaurada')).toBeVisible();
  });
});
