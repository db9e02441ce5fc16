import { LAYOUTS } from '@der/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { UI_STATE_STORAGE_KEY } from '../../shared/ui-state/uiStateStore.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { apiError } from '../auth/testing/fakeApi.ts';
import { buildApplication, buildMenuItem } from './testing/shellFixtures.ts';
import { setupShellApi } from './testing/shellTestApi.ts';

const location = () => screen.getByTestId('location').textContent;

const MENU = [
  buildMenuItem('sec', { title: true, name: 'Cadastros', child: [] }),
  buildMenuItem('group', {
    name: 'Solicitações',
    badge: 4,
    child: [
      buildMenuItem('sub', {
        name: 'Pendentes',
        child: [
          buildMenuItem('deep', {
            name: 'Em análise',
            link: '/runtime/3/list/10/1/2/3/Em análise',
            badge: 2,
          }),
        ],
      }),
    ],
  }),
  buildMenuItem('cal', { name: 'Calendário', link: '/runtime/3/calendar/Calendário' }),
  buildMenuItem('ext', { name: 'Site do DER', link: 'https://www.der.example.gov.br' }),
];

async function axeViolations() {
  const result = await axe.run(document.body, {
    // jsdom has no layout: contrast and visible-text rules need a real browser (the e2e suite runs them).
    rules: {
      'color-contrast': { enabled: false },
      'label-content-name-mismatch': { enabled: false },
    },
  });
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((n) => n.html).join(' | ')}`,
  );
}

describe('runtime shell (/runtime/{appID})', () => {
  it('redirects the bare path to the first menu link, depth-first, keeping the query string', async () => {
    const api = setupShellApi({ menu: MENU });
    renderApp({ path: '/runtime/3?origem=email&id=9' });
    await waitFor(() => expect(location()).toBe(`/runtime/3/list/10/1/2/3/Em análise?origem=email&id=9`));
    expect(api.find('POST', '/application/getApplicationMenu')[0]!.query.get('appID')).toBe('3');
    // The list page (issue 6) names the list by the link's title.
    expect(await screen.findByRole('heading', { name: 'Em análise', level: 1 })).toBeTruthy();
  });

  it('shows the application in the sidebar header, section titles, badges, nested items and external links', async () => {
    setupShellApi({ menu: MENU });
    const user = userEvent.setup();
    renderApp({ path: '/runtime/3/calendar/Calendário' });
    const nav = await screen.findByRole('navigation', { name: 'Menu de Faixa de Domínio' });
    expect(within(nav).getByRole('heading', { name: 'Faixa de Domínio' })).toBeTruthy();
    expect(within(nav).getByText('Versão 2.1')).toBeTruthy();
    expect(within(nav).getByRole('heading', { name: 'Cadastros' })).toBeTruthy();
    expect(within(nav).getByTestId('menu-badge-group').textContent).toBe('4');
    const calendar = within(nav).getByRole('link', { name: 'Calendário' });
    expect(calendar.getAttribute('aria-current')).toBe('page');
    const external = within(nav).getByRole('link', { name: /Site do DER/ });
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('href')).toBe('https://www.der.example.gov.br');

    // Nested, expandable, keyboard operable; the open submenu is remembered.
    const group = within(nav).getByRole('button', { name: /Solicitações/ });
    expect(group.getAttribute('aria-expanded')).toBe('false');
    group.focus();
    await user.keyboard('{Enter}');
    expect(group.getAttribute('aria-expanded')).toBe('true');
    await user.click(within(nav).getByRole('button', { name: /Pendentes/ }));
    expect(within(nav).getByTestId('menu-badge-deep').textContent).toBe('2');
    await user.click(within(nav).getByRole('link', { name: /Em análise/ }));
    await waitFor(() => expect(location()).toBe(`/runtime/3/list/10/1/2/3/Em análise`));
    expect(JSON.parse(localStorage.getItem(UI_STATE_STORAGE_KEY)!).openSubmenus).toEqual(['group', 'sub']);
    expect(document.title).toBe('DER - Faixa de Domínio');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });

  it('starts with the side menu closed for a collapsedMenu application, and the menu button opens it', async () => {
    setupShellApi({
      menu: MENU,
      application: buildApplication({ id: 3, name: 'Recolhida', collapsedMenu: true }),
    });
    const user = userEvent.setup();
    renderApp({ path: '/runtime/3/calendar/Calendário' });
    const button = await screen.findByRole('button', { name: 'Abrir o menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('navigation', { name: 'Menu de Recolhida' })).toBeNull();
    await user.click(button);
    expect(await screen.findByRole('navigation', { name: 'Menu de Recolhida' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fechar o menu' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('opens the side menu of an application without collapsedMenu even if it was closed before', async () => {
    localStorage.setItem(UI_STATE_STORAGE_KEY, JSON.stringify({ sidebarOpen: false }));
    setupShellApi({ menu: MENU });
    renderApp({ path: '/runtime/3/calendar/Calendário' });
    expect(await screen.findByRole('navigation', { name: 'Menu de Faixa de Domínio' })).toBeTruthy();
  });

  it.each(LAYOUTS)('renders the menu as a navigation landmark in the %s layout', async (layout) => {
    localStorage.setItem(UI_STATE_STORAGE_KEY, JSON.stringify({ layout }));
    setupShellApi({ menu: MENU });
    const user = userEvent.setup();
    renderApp({ path: '/runtime/3/calendar/Calendário' });
    const nav = await screen.findByRole('navigation', { name: 'Menu de Faixa de Domínio' });
    expect(nav.getAttribute('data-layout')).toBe(layout);
    expect(screen.getByRole('main').getAttribute('data-layout')).toBe(layout);
    if (layout === 'top-navigation' || layout === 'mega-menu') {
      await user.click(within(nav).getByRole('button', { name: /Solicitações/ }));
      await user.click(
        await screen.findByRole(layout === 'mega-menu' ? 'link' : 'menuitem', { name: /Em análise/ }),
      );
      await waitFor(() => expect(location()).toBe(`/runtime/3/list/10/1/2/3/Em análise`));
    } else {
      expect(within(nav).getByRole('link', { name: 'Calendário' })).toBeTruthy();
    }
  });

  it('persists layout, palette and mode chosen in the settings panel under root, and restores them', async () => {
    setupShellApi({ menu: MENU });
    const user = userEvent.setup();
    const first = renderApp({ path: '/runtime/3/calendar/Calendário' });
    await user.click(await screen.findByRole('button', { name: 'Configurações de aparência' }));
    const panel = await screen.findByRole('dialog', { name: 'Configurações de aparência' });
    await user.click(within(panel).getByRole('radio', { name: 'Menu lateral à direita' }));
    await user.click(within(panel).getByRole('radio', { name: 'Modo escuro' }));
    await user.click(within(panel).getByRole('combobox', { name: 'Paleta de cores' }));
    await user.click(await screen.findByRole('option', { name: 'Ciano' }));
    expect(JSON.parse(localStorage.getItem(UI_STATE_STORAGE_KEY)!)).toMatchObject({
      layout: 'right-sidebar',
      mode: 'dark',
      theme: 'cyan',
    });
    first.unmount();

    // A reload: a new store reads 'root'.
    renderApp({ path: '/runtime/3/calendar/Calendário' });
    const nav = await screen.findByRole('navigation', { name: 'Menu de Faixa de Domínio' });
    expect(nav.getAttribute('data-layout')).toBe('right-sidebar');
    await user.click(screen.getByRole('button', { name: 'Configurações de aparência' }));
    const restored = await screen.findByRole('dialog', { name: 'Configurações de aparência' });
    expect((within(restored).getByRole('radio', { name: 'Modo escuro' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(within(restored).getByRole('combobox', { name: 'Paleta de cores' }).textContent).toBe('Ciano');
  });

  it('stops loading silently when the menu fails', async () => {
    setupShellApi({ routes: { 'POST /application/getApplicationMenu': () => apiError(500, 'Falhou') } });
    renderApp({ path: '/runtime/3/closeMonthList/Fechamento' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fechamento' })).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Carregando o menu…' })).toBeNull();
    expect(screen.queryByText('Falhou')).toBeNull();
  });

  it('shows a spinner until the menu arrives', async () => {
    const menu: { release?: () => void } = {};
    setupShellApi({
      routes: {
        'POST /application/getApplicationMenu': () =>
          new Promise((resolve) => {
            menu.release = () =>
              resolve(new Response(JSON.stringify([MENU, buildApplication({ id: 3 })]), { status: 200 }));
          }),
      },
    });
    renderApp({ path: '/runtime/3/closeMonthList/Fechamento' });
    expect(await screen.findByRole('progressbar', { name: 'Carregando o menu…' })).toBeTruthy();
    // The spinner shows before the request leaves (a busy machine delays it): answer it once it was asked.
    await waitFor(() => expect(menu.release).toBeDefined());
    menu.release!();
    expect(await screen.findByRole('heading', { level: 1, name: 'Fechamento' })).toBeTruthy();
  });

  it('embeds the report viewer with the token, language, query and reportID', async () => {
    setupShellApi({ menu: MENU });
    renderApp({ path: '/runtime/3/report/15/Relatório mensal?ano=2030' });
    const frame = await screen.findByTitle('Relatório mensal');
    const src = new URL(frame.getAttribute('src')!, 'http://localhost');
    expect(src.pathname).toBe('/reportviewer');
    expect(src.searchParams.get('token')).toMatch(/\./);
    expect(src.searchParams.get('language')).toBe('pt-BR');
    expect(src.searchParams.get('ano')).toBe('2030');
    expect(src.searchParams.get('reportID')).toBe('15');
  });

  it.each([
    ['/report?id=4', '/reportviewer', 'Relatório'],
    ['/General/ReportPanel.aspx?id=4', '/reportviewer', 'Relatório'],
  ])('%s embeds %s in a titled frame', async (path, viewer, title) => {
    setupShellApi();
    renderApp({ path, language: 'en' });
    const frame = await screen.findByTitle(title === 'Relatório' ? 'Report' : 'Print layout');
    const src = new URL(frame.getAttribute('src')!, 'http://localhost');
    expect(src.pathname).toBe(viewer);
    expect(src.searchParams.get('language')).toBe('en');
    expect(src.searchParams.get('id')).toBe('4');
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it.each(['/printLayout?id=4', '/General/PrintLayoutPage.aspx?id=4'])(
    '%s is the print viewer page, which asks for the item when the query names none',
    async (path) => {
      setupShellApi();
      renderApp({ path, language: 'en' });
      expect(await screen.findByRole('heading', { name: 'Print layout' })).toBeTruthy();
      expect(await screen.findByText(/Give the item and the print layout/)).toBeTruthy();
    },
  );
});
