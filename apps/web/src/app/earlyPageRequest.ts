import {
  applicationRoutes,
  calendarRoutes,
  DEFAULT_LANGUAGE,
  kanbanRoutes,
  scheduleRoutes,
} from '@der/contracts';
import { API_BASE_URL } from '../api/apiBase.ts';
import { type ApiRequest, type ApiRequestContext, buildApiRequest } from '../api/buildApiRequest.ts';
import { sendEarlyRequest } from '../api/earlyRequest.ts';
import { monthGridRange } from '../features/runtime/calendar/calendarRange.ts';
import { decideSessionGuard } from '../features/session/decideSessionGuard.ts';
import { readStoredSession } from '../features/session/sessionStorage.ts';
import { readStoredLanguage } from './storedLanguage.ts';

const RUNTIME_PATH = /^\/runtime\/(\d+)(?:\/|$)/;

/** The runtime pages whose first data are worth asking for before the app's code has run. */
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
 * The requests a runtime page sends first, built as its queries will build them: the application's menu (the
 * shell's) and, on a board, a calendar or a schedule, its first data (the board's first cards, the calendar's
 * month, the schedule of `?projectId=`). None for other pages and for a session the guard would send to the login
 * page.
 */
export function earlyPageRequestsFor(
  location: { pathname: string; search: string },
  today: Date,
): ApiRequest[] {
  const { pathname } = location;
  const runtime = RUNTIME_PATH.exec(pathname);
  if (!runtime) return [];
  const session = readStoredSession();
  const decision = decideSessionGuard({
    session,
    nowSeconds: today.getTime() / 1000,
    pathname,
    search: location.search,
  });
  if (decision.kind !== 'allow') return [];
  const context: ApiRequestContext = {
    baseUrl: API_BASE_URL,
    token: session?.token ?? null,
    language: readStoredLanguage() ?? DEFAULT_LANGUAGE,
  };
  const applicationId = Number(runtime[1]);
  const menu = buildApiRequest(
    applicationRoutes.getApplicationMenu,
    { query: { appID: applicationId } },
    context,
  );
  const data = pageDataRequest(location, today, applicationId, context);
  return data ? [data, menu] : [menu];
}

function pageDataRequest(
  { pathname, search }: { pathname: string; search: string },
  today: Date,
  applicationId: number,
  context: ApiRequestContext,
): ApiRequest | null {
  const kanban = DATA_PAGE_PATHS.kanban.exec(pathname);
  if (kanban)
    return buildApiRequest(kanbanRoutes.loadKanbanBoard, { body: { viewId: Number(kanban[1]) } }, context);
  if (DATA_PAGE_PATHS.calendar.test(pathname)) {
    const query = { applicationId, ...monthGridRange(today) };
    return buildApiRequest(calendarRoutes.loadAppCalendar, { query }, context);
  }
  const schedule = DATA_PAGE_PATHS.schedule.exec(pathname);
  if (schedule) {
    const projectId = pageIdOf(new URLSearchParams(search).get('projectId'));
    const body = { viewId: Number(schedule[1]), ...(projectId === undefined ? {} : { projectId }) };
    return buildApiRequest(scheduleRoutes.getAllActivitiesToEAP, { body }, context);
  }
  return null;
}

/** Sends the current page's first requests at once; the app's own calls take their answers (api/earlyRequest.ts). */
export function sendEarlyPageRequests(location: { pathname: string; search: string }): void {
  for (const request of earlyPageRequestsFor(location, new Date())) sendEarlyRequest(request);
}
