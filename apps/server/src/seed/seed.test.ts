import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/build-test-app.ts';
import type { Database } from '../infra/db/database.ts';
import { platformSettings } from '../modules/platform/platform.table.ts';
import { DEMO_SEED, runSeeds } from './seed.ts';
import { seedRuns } from './seed-runs.table.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('runSeeds', () => {
  it('writes only the settings row when demo data is off', async () => {
    expect(await runSeeds(database, { demoData: false })).toEqual({
      settingsCreated: true,
      demoDataLoaded: false,
    });
    expect(await database.db.select().from(platformSettings)).toHaveLength(1);
    expect(await database.db.select().from(seedRuns)).toHaveLength(0);
  });

  it('loads demo data on the first run only, recording it in seed_runs', async () => {
    let stepRuns = 0;
    const steps = [
      async () => {
        stepRuns++;
      },
    ];
    expect(await runSeeds(database, { demoData: true, steps })).toEqual({
      settingsCreated: false,
      demoDataLoaded: true,
    });
    expect(await runSeeds(database, { demoData: true, steps })).toEqual({
      settingsCreated: false,
      demoDataLoaded: false,
    });
    expect(stepRuns).toBe(1);
    expect((await database.db.select().from(seedRuns)).map((r) => r.name)).toEqual([DEMO_SEED]);
  });
});
