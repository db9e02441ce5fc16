import autocannon from 'autocannon';
import type { BenchOptions } from './options.ts';
import type { LoadResult, Scenario, ScenarioRequest } from './types.ts';

async function fire(url: string, request: ScenarioRequest, connections: number, seconds: number) {
  return autocannon({
    url,
    method: request.method,
    headers: request.headers,
    body: request.body,
    connections,
    duration: seconds,
    // One request in flight per connection: latency is what a browser would see.
    pipelining: 1,
  });
}

/** Warms the route up (JIT, caches, pools), then measures it. */
export async function measureScenario(
  scenario: Scenario,
  baseUrl: string,
  options: BenchOptions,
): Promise<LoadResult> {
  const request = scenario.prepare ? await scenario.prepare({ baseUrl }) : scenario.request;
  const url = `${baseUrl}${request.path}`;
  if (options.warmupSeconds > 0) await fire(url, request, options.connections, options.warmupSeconds);
  const result = await fire(url, request, options.connections, options.seconds);
  return {
    scenario,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    totalRequests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
