import type { Health } from '@der/contracts';
import type { Database } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';

export function createHealthService(deps: { database: Database; version: string }) {
  return {
    async check(): Promise<Health> {
      const started = performance.now();
      try {
        await deps.database.ping();
      } catch (error) {
        throw new AppError('SERVICE_UNAVAILABLE', undefined, { cause: error });
      }
      const databaseLatencyMs = Math.round((performance.now() - started) * 100) / 100;
      return { status: 'ok', database: deps.database.kind, databaseLatencyMs, version: deps.version };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
