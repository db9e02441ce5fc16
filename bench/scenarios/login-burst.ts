import type { ScenarioGroup } from '../lib/types.ts';

// A demo account of the first run (apps/server/src/seed/demo-accounts.ts): the bench server loads the demo data.
const ANALYST = { UserName: 'analista', Password: 'Analista@Der-2026' };

/**
 * A burst of successful logins (each one an Argon2id verification, at most 2 at once by design) while
 * /api/health is polled: logins per second, and whether the other routes stay responsive (identity issue:
 * ≥ 50 logins/s while /api/health p99 stays < 100 ms).
 */
export const loginBurstScenarios: ScenarioGroup = {
  scenarios: [
    {
      id: 'login',
      title: 'Successful logins (Argon2id)',
      server: 'app',
      // One account: its throttle counts an attempt before the password check, so more than three logins of
      // the same account in flight would be slowed down as a guessing burst (by design). Two connections match
      // the two Argon2 verifications the server runs at once.
      connections: 2,
      request: {
        method: 'POST',
        path: '/api/users/authenticate',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ANALYST),
      },
      alongside: {
        id: 'health-during-login',
        title: 'Health check during the login burst',
        request: { method: 'GET', path: '/api/health' },
        connections: 2,
      },
    },
  ],
  comparisons: [],
};
