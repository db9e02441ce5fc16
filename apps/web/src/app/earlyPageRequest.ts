import { calendarRoutes, DEFAULT_LANGUAGE, kanbanRoutes, scheduleRoutes } from '@der/contracts';
import { API_BASE_URL } from '../api/apiBase.ts';
import { type ApiRequest, type ApiRequestContext, buildApiRequest } from '../api/buildApiRequest.ts';
import { sendEarlyRequest } from '../api/earlyRequest.ts';
import { monthGridRange } from '../features/runtime/calendar/calendarRange.ts';
import { decideSessionGuard } from '../features/session/decideSessionGuard.ts';
import { readStoredSession } from '../features/session/sessionStorage.ts';
import { readStoredLanguage } from './storedLanguage.ts';

/** The runtime pages whose first request is worth sending before the app's code has run. */
export const DATA_PAGE_PATHS = {
  kanban: /^\/runtime\/\d+\/kanban\/(\d+)(?:\/|$)/,
  calendar: /^\/runtime\/(\d+)\/calendar\//,
  schedule: /^\/runtime\/\d+\/schedule\/(\d+)(?:\/|$)/,
} as const;

/** Positive whole numbers only: anything else is left to the page, which says what is wrong with it. */
export function pageIdOf(text: string | null | undefined): number | undefined {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

/**
 * The request the page at `location` sends first, built as its query will build it (the board's first cards, the
 * calendar's month, the schedule of `?projectId=`); null for other pages and for a session the guard would send
 * to the login page.
 */
export function earlyPageRequestFor(
  location: { pathname: string; search: string },
  today: Date,
): ApiRequest | null {
  const session = readStoredSession();
  const decision = decideSessionGuard({
    session,
    nowSeconds: today.getTime() / 1000,
    pathname: location.pathname,
    search: location.search,
  });
  if (decision.kind !== 'allow') return null;
  const context: ApiRequestContext = {
    baseUrl: API_BASE_URL,
    token: session?.token ?? null,
    language: readStoredLanguage() ?? DEFAULT_LANGUAGE,
  };
  const { pathname } = location;
  const kanban = DATA_PAGE_PATHS.kanban.exec(pathname);
  if (kanban)
    return buildApiRequest(kanbanRoutes.loadKanbanBoard, { body: { viewId: Number(kanban[1]) } }, context);
  const calendar = DATA_PAGE_PATHS.calendar.exec(pathname);
  if (calendar) {
    const query = { applicationId: Number(calendar[1]), ...monthGridRange(today) };
    return buildApiRequest(calendarRoutes.loadAppCalendar, { query }, context);
  }
  const schedule = DATA_PAGE_PATHS.schedule.exec(pathname);
  if (schedule) {
    const projectId = pageIdOf(new URLSearchParams(location.search).get('projectId'));
    const body = { viewId: Number(schedule[1]), ...(projectId === undefined ? {} : { projectId }) };
    return buildApiRequest(scheduleRoutes.getAllActivitiesToEAP, { body }, context);
  }
  return null;
}

/** Sends the current page's first request at once; the app's own call takes its answer (api/earlyRequest.ts). */
export function sendEarlyPageRequest(location: { pathname: string; search: string }): void {
  const request = earlyPageRequestFor(location, new Date());
  if (request) sendEarlyRequest(request);
}
