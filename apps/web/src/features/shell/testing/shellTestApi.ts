import type { Application, MenuItem, Message } from '@der/contracts';
import { type FakeHandler, fakeApi, json, storedSession } from '../../auth/testing/fakeApi.ts';
import { type StoredSession, writeStoredSession } from '../../session/sessionStorage.ts';
import { buildApplication } from './shellFixtures.ts';

const ok = () => json({ success: true });

/**
 * A signed-in user and a fake API for the shell's calls: applications, the menu of an application, messages
 * and their actions, profile and password. Handlers given in `routes` replace the defaults.
 */
export function setupShellApi(
  options: {
    session?: Partial<StoredSession>;
    applications?: Application[];
    menu?: MenuItem[];
    application?: Application;
    messages?: Message[];
    routes?: Record<string, FakeHandler>;
  } = {},
) {
  writeStoredSession(storedSession(options.session));
  const application =
    options.application ?? buildApplication({ id: 3, name: 'Faixa de Domínio', appVersion: '2.1' });
  return fakeApi({
    'GET /application/getAllowedApplications': () => json(options.applications ?? [application]),
    'POST /application/getApplicationMenu': () => json([options.menu ?? [], application]),
    'GET /message/getMessages': () => json(options.messages ?? []),
    'POST /message/setReaded': ok,
    'POST /message/delete': ok,
    'POST /message/setAllReaded': ok,
    'POST /message/deleteAllMessages': ok,
    'POST /users/logout': ok,
    ...options.routes,
  });
}
