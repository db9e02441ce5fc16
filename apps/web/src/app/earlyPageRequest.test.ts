import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storedSession } from '../features/auth/testing/fakeApi.ts';
import { prefetchAppCalendar } from '../features/runtime/calendar/calendarQueries.ts';
import { prefetchBoard } from '../features/runtime/kanban/kanbanQueries.ts';
import { prefetchSchedule } from '../features/runtime/schedule/scheduleQueries.ts';
import { clearStoredSession, writeStoredSession } from '../features/session/sessionStorage.ts';
import { prefetchApplicationMenu } from '../features/shell/useApplicationMenu.ts';
import { earlyPageRequestsFor, sendEarlyPageRequests } from './earlyPageRequest.ts';
import { LANGUAGE_STORAGE_KEY } from './storedLanguage.ts';

const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));

const signIn = () => writeStoredSession(storedSession());

const at = (href: string) => {
  const url = new URL(href, 'http://localhost');
  return { pathname: url.pathname, search: url.search };
};

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  signIn();
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearStoredSession();
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
});

/** The app's own first call, through the real API client: it must take the early answer, not fetch again. */
const FIRST_CALLS = [
  ['a board', '/runtime/3/kanban/41/Quadro', (client: QueryClient) => prefetchBoard(client, 41)],
  ['a calendar', '/runtime/3/calendar/Agenda', (client: QueryClient) => prefetchAppCalendar(client, 3)],
  [
    'a schedule of the asked project',
    '/runtime/3/schedule/12/Cronograma?projectId=5',
    (client: QueryClient) => prefetchSchedule(client, 12, 5),
  ],
  [
    "a schedule of the user's first project",
    '/runtime/3/schedule/12/Cronograma',
    (client: QueryClient) => prefetchSchedule(client, 12, undefined),
  ],
  [
    'any runtime page, for its menu',
    '/runtime/3/list/1/2/3/4/Lista',
    (client: QueryClient) => prefetchApplicationMenu(client, '3'),
  ],
] as const;

describe('the early page request', () => {
  it.each(FIRST_CALLS)('is the request the page sends first, on %s', async (_page, href, firstCall) => {
    sendEarlyPageRequests(at(href));
    const sent = fetchMock.mock.calls.length;
    expect(sent).toBeGreaterThan(0);
    await firstCall(new QueryClient());
    expect(fetchMock).toHaveBeenCalledTimes(sent);
  });

  it("also asks for the application's menu, which the shell's call takes", async () => {
    sendEarlyPageRequests(at('/runtime/3/schedule/12/Cronograma'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await prefetchSchedule(new QueryClient(), 12, undefined);
    await prefetchApplicationMenu(new QueryClient(), '3');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is taken once: the next identical call fetches anew', async () => {
    sendEarlyPageRequests(at('/runtime/3/schedule/12/Cronograma'));
    await prefetchSchedule(new QueryClient(), 12, undefined);
    await prefetchSchedule(new QueryClient(), 12, undefined);
    // The menu and the schedule early, then the schedule again.
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('is not taken by a call that differs, here in its language', async () => {
    sendEarlyPageRequests(at('/runtime/3/schedule/12/Cronograma'));
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    const { i18n } = await import('./i18n.ts');
    await i18n.changeLanguage('en');
    await prefetchSchedule(new QueryClient(), 12, undefined);
    await i18n.changeLanguage('pt-BR');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('is not sent without a live session, nor outside the runtime', () => {
    expect(earlyPageRequestsFor(at('/administration/users'), new Date())).toEqual([]);
    clearStoredSession();
    expect(earlyPageRequestsFor(at('/runtime/3/schedule/12/Cronograma'), new Date())).toEqual([]);
    sendEarlyPageRequests(at('/runtime/3/schedule/12/Cronograma'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('carries the token and the language the app will send', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    const [request] = earlyPageRequestsFor(at('/runtime/3/schedule/12/Cronograma?projectId=5'), new Date());
    expect(request?.url).toBe('/api/genericItem/getAllActivitiesToEAP');
    expect(request?.init).toMatchObject({
      method: 'POST',
      body: '{"viewId":12,"projectId":5}',
      headers: { 'Accept-Language': 'en', Authorization: expect.stringMatching(/^Bearer /) },
    });
  });
});
