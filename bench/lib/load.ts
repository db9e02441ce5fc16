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

function toLoadResult(scenario: Scenario, result: autocannon.Result): LoadResult {
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

/**
 * Warms the route up (JIT, caches, pools), then measures it — together with its `alongside` load, when it has
 * one, whose result follows the scenario's own.
 */
export async function measureScenario(
  scenario: Scenario,
  baseUrl: string,
  options: BenchOptions,
): Promise<LoadResult[]> {
  const request = scenario.prepare ? await scenario.prepare({ baseUrl }) : scenario.request;
  const url = `${baseUrl}${request.path}`;
  const connections = scenario.connections ?? options.connections;
  if (options.warmupSeconds > 0) await fire(url, request, connections, options.warmupSeconds);
  const background = scenario.alongside;
  const [main, side] = await Promise.all([
    fire(url, request, connections, options.seconds),
    background
      ? fire(
          `${baseUrl}${background.request.path}`,
          background.request,
          background.connections,
          options.seconds,
        )
      : undefined,
  ]);
  const results = [toLoadResult(scenario, main)];
  if (background && side) {
    results.push(
      toLoadResult(
        { id: background.id, title: background.title, server: scenario.server, request: background.request },
        side,
      ),
    );
  }
  return results;
}
