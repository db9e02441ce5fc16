import type { QueryClient } from '@tanstack/react-query';
import { decideSessionGuard } from '../features/session/decideSessionGuard.ts';
import { readStoredSession } from '../features/session/sessionStorage.ts';
import { AppCalendarPage, KanbanPage, RuntimeShell, SchedulePage } from './AppRoutes.tsx';
import { DATA_PAGE_PATHS, pageIdOf } from './earlyPageRequest.ts';

const RUNTIME_PATH = /^\/runtime\/(\d+)(?:\/|$)/;

/** A runtime page whose code and first data are worth starting before React gets there. */
interface PagePreload {
  path: RegExp;
  /** Sends the page's first request; resolves once it is on its way (not answered). */
  requestData(match: RegExpExecArray, search: URLSearchParams, queryClient: QueryClient): Promise<void>;
  preloadCode(): Promise<unknown>;
}

// The prefetches are not awaited: a query's promise settles with its answer, and the code should not wait for it.
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
 * page's first data (on a board, a calendar or a schedule), the application menu, and the page's and the shell's
 * code. Data first: its request waits for nothing but the server, while the pages' code (a Gantt, a calendar)
 * takes a while to evaluate and would otherwise hold the request back. Only for a session the guard would let
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
  const dataOnItsWay = page && match ? page.requestData(match, search, queryClient) : Promise.resolve();
  void import('../features/shell/useApplicationMenu.ts').then((m) =>
    m.prefetchApplicationMenu(queryClient, appID),
  );
  // Evaluating the pages' code holds the main thread: it starts once the data request has left.
  void dataOnItsWay
    .catch(() => undefined)
    .then(() => Promise.all([RuntimeShell.preload(), page?.preloadCode()]));
}
