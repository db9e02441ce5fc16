import type { QueryClient } from '@tanstack/react-query';
import { decideSessionGuard } from '../features/session/decideSessionGuard.ts';
import { readStoredSession } from '../features/session/sessionStorage.ts';
import { KanbanPage, RuntimeShell } from './AppRoutes.tsx';

const RUNTIME_PATH = /^\/runtime\/(\d+)(?:\/|$)/;
const KANBAN_PATH = /^\/runtime\/\d+\/kanban\/(\d+)(?:\/|$)/;

/**
 * On arrival at a runtime page, starts at once what React would otherwise ask for one step after another: the
 * shell's and the page's code, the application menu and (on a board) the board's first cards. Only for a
 * session the guard would let through — anything else goes to the login page as before, and a request without
 * a live session would answer 401.
 */
export function preloadRoute(location: { pathname: string; search: string }, queryClient: QueryClient): void {
  const runtime = RUNTIME_PATH.exec(location.pathname);
  if (!runtime) return;
  const decision = decideSessionGuard({
    session: readStoredSession(),
    nowSeconds: Date.now() / 1000,
    pathname: location.pathname,
    search: location.search,
  });
  if (decision.kind !== 'allow') return;
  const appID = runtime[1]!;
  void RuntimeShell.preload();
  void import('../features/shell/useApplicationMenu.ts').then((m) =>
    m.prefetchApplicationMenu(queryClient, appID),
  );
  const kanban = KANBAN_PATH.exec(location.pathname);
  if (kanban) {
    void KanbanPage.preload();
    void import('../features/runtime/kanban/kanbanQueries.ts').then((m) =>
      m.prefetchBoard(queryClient, Number(kanban[1])),
    );
  }
}
