import type { ScenarioGroup } from '../lib/types.ts';

/**
 * The platform's cheapest public routes against a bare Fastify route: what the product's own stack (plugins,
 * security headers, validation, the settings lookup) costs per request.
 */
export const foundationScenarios: ScenarioGroup = {
  scenarios: [
    {
      id: 'health',
      title: 'Health check (select 1)',
      server: 'app',
      request: { method: 'GET', path: '/api/health' },
    },
    {
      id: 'settings',
      title: 'Public platform settings',
      server: 'app',
      request: { method: 'GET', path: '/api/application/getPlatformSettings' },
    },
    {
      id: 'bare',
      title: 'Bare Fastify route, same settings document',
      server: 'bare',
      request: { method: 'GET', path: '/bare' },
    },
  ],
  comparisons: [{ id: 'settings/bare', numerator: 'settings', denominator: 'bare', target: 0.8 }],
};
