/** Where a scenario sends its load: the real product server, or the bare Fastify baseline. */
export type ServerKind = 'app' | 'bare';

export interface ScenarioRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface ScenarioContext {
  /** Base URL of the server the scenario targets, e.g. `http://127.0.0.1:40123`. */
  baseUrl: string;
}

/**
 * One load scenario. Later issues add files under `bench/scenarios/` (a login, a list query, an item save...):
 * `prepare` runs once before the warm-up, e.g. to sign in and return the request with its bearer token.
 */
export interface Scenario {
  id: string;
  title: string;
  server: ServerKind;
  request: ScenarioRequest;
  prepare?: (context: ScenarioContext) => Promise<ScenarioRequest>;
  /** Connections for this scenario instead of BENCH_CONNECTIONS. */
  connections?: number;
  /**
   * Load on another route of the same server while this scenario runs (e.g. /api/health during a login
   * burst): it is measured too and reported as its own row, `<id>` of the background.
   */
  alongside?: { id: string; title: string; request: ScenarioRequest; connections: number };
}

/** A ratio of two scenarios' throughput that the product promises, e.g. settings ≥ 0.8 × bare. */
export interface Comparison {
  id: string;
  numerator: string;
  denominator: string;
  /** The minimum acceptable numerator/denominator ratio of requests per second. */
  target: number;
}

export interface ScenarioGroup {
  scenarios: Scenario[];
  comparisons: Comparison[];
}

export interface LoadResult {
  scenario: Scenario;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  totalRequests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}
