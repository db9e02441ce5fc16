import { PUBLIC_WEB_ROUTES } from '@der/contracts';

/**
 * The pages a visitor lands on first (the portals' login pages, the public AET validation), by path: the same
 * modules AppRoutes.tsx loads lazily. Asked for at start-up, their chunks download while the platform settings
 * are fetched, instead of after them (SettingsGate renders the routes only once the settings arrived).
 */
const FIRST_PAGES: Partial<Record<string, () => Promise<unknown>>> = {
  [PUBLIC_WEB_ROUTES.login]: () => import('../features/auth/LoginPage.tsx'),
  [PUBLIC_WEB_ROUTES.loginAet]: () => import('../features/auth/LoginPage.tsx'),
  [PUBLIC_WEB_ROUTES.loginFaixaDeDominio]: () => import('../features/auth/LoginPage.tsx'),
  [PUBLIC_WEB_ROUTES.validarAet]: () => import('../features/aet-validation/ValidarAetPage.tsx'),
};

export function preloadFirstPage(pathname: string): void {
  // A failed download is not reported here: the lazy route asks again when it renders, and shows its error.
  FIRST_PAGES[pathname.replace(/\/+$/, '') || '/']?.().catch(() => undefined);
}
