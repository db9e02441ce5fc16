import type { QueryClient } from '@tanstack/react-query';
import { decideSessionGuard } from '../features/session/decideSessionGuard.ts';
import { readStoredSession } from '../features/session/sessionStorage.ts';
import { AppCalendarPage, KanbanPage, RuntimeShell, SchedulePage } from './AppRoutes.tsx';
import { DATA_PAGE_PATHS, pageIdOf } from './earlyPageRequest.ts';

const RUNTIME_PATH = /^\/runtime\/(\d+)(?:\/|$)/;

/** A runtime page whose code and first data are worth starting before React gets there. */
interface PagePreload {
  path: RegExp;
  /** Puts the page's first data in the query cache (the query is not awaited: its promise settles with the answer). */
  requestData(match: RegExpExecArray, search: URLSearchParams, queryClient: QueryClient): Promise<void>;
  preloadCode(): Promise<unknown>;
}

const PAGE_PRELOADS: PagePreload[] = [
  {
    path: DATA_PAGE_PATHS.kanban,
    requestData: (match, _search, queryClient) =>
      import('../features/runtime/kanban/kanbanQueries.ts').then((m) => {
        void m.prefetchBoard(queryClient, Number(match[1]));
      }),
    preloadCode: () => KanbanPage.preload(),
  },
  {
    path: DATA_PAGE_PATHS.calendar,
    requestData: (match, _search, queryClient) =>
      import('../features/runtime/calendar/calendarQueries.ts').then((m) => {
        void m.prefetchAppCalendar(queryClient, Number(match[1]));
      }),
    preloadCode: () => AppCalendarPage.preload(),
  },
  {
    path: DATA_PAGE_PATHS.schedule,
    requestData: (match, search, queryClient) =>
      import('../features/runtime/schedule/scheduleQueries.ts').then((m) => {
        void m.prefetchSchedule(queryClient, Number(match[1]), pageIdOf(search.get('projectId')));
      }),
    preloadCode: () => SchedulePage.preload(),
  },
];

/**
 * On arrival at a runtime page, starts at once what React would otherwise ask for one step after another: the
 * page's first data (on a board, a calendar or a schedule: its request has already left, earlyPageRequest.ts, and
 * the query takes its answer), the application menu, and the page's and the shell's code. Only for a session the guard would let
 * through — anything else goes to the login page as before, and a request without a live session would answer
 * 401.
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
  const search = new URLSearchParams(location.search);
  const page = PAGE_PRELOADS.find((candidate) => candidate.path.test(location.pathname));
  const match = page?.path.exec(location.pathname);
  if (page && match) {
    void page.requestData(match, search, queryClient);
    void page.preloadCode();
  }
  void import('../features/shell/useApplicationMenu.ts').then((m) =>
    m.prefetchApplicationMenu(queryClient, appID),
  );
  void RuntimeShell.preload();
}
