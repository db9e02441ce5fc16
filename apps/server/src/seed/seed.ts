import type { FastifyBaseLogger } from 'fastify';
import { seedDemoWorkCalendars } from '../engine/work-calendars/work-calendars.seed.ts';
import type { Database } from '../infra/db/database.ts';
import { ensureTiposRequerente } from '../modules/accounts/accounts.seed.ts';
import { seedDemoAet } from '../modules/aet/aet.seed.ts';
import { seedDemoApplications } from '../modules/applications/applications.seed.ts';
import { linkRegisteredCompanies } from '../modules/companies/company-links.ts';
import { seedDemoGroups } from '../modules/groups/groups.seed.ts';
import { seedDemoMessages } from '../modules/messages/messages.seed.ts';
import { seedDemoOrganizationalUnits } from '../modules/organizational-units/organizational-units.seed.ts';
import { createPlatformRepo } from '../modules/platform/platform.repo.ts';
import { ensurePlatformSettings } from '../modules/platform/platform.seed.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import { seedDemoResources } from './demo-resources.seed.ts';
import { seedDemoRuntime } from './demo-runtime.seed.ts';
import { seedDemoTimesheets } from './demo-timesheets.seed.ts';
import type { SeedContext } from './seed-context.ts';
import { seedRuns } from './seed-runs.table.ts';

/** The marker of the demo data set in seed_runs. */
export const DEMO_SEED = 'demo-v1';

/**
 * Demo data steps, run once on the first start when SEED_DEMO_DATA is on (demo users, applications ... are
 * added here by their modules). Each gets the transaction the marker is written in: all or nothing.
 */
export type DemoSeedStep = (tx: Database['db'], context: SeedContext) => Promise<void>;
export const DEMO_SEED_STEPS: DemoSeedStep[] = [
  seedDemoAccounts,
  // The demo companies' accounts belong to their companies, as registrations make them.
  linkRegisteredCompanies,
  seedDemoGroups,
  seedDemoApplications,
  seedDemoOrganizationalUnits,
  // Before the runtime items: the first works project names the demo calendar.
  seedDemoWorkCalendars,
  seedDemoRuntime,
  // Issues a few AETs through the workflow: needs the AET application, the analysts and the requerente's fleet.
  seedDemoAet,
  seedDemoMessages,
  // People and assets of the works projects (spec §7.4): needs the projects and the demo accounts.
  seedDemoResources,
  // The analyst's hours of the last two weeks on their tasks: needs the runtime items.
  seedDemoTimesheets,
];

export interface SeedResult {
  settingsCreated: boolean;
  demoDataLoaded: boolean;
}

/**
 * Runs at every start after the migrations: the required rows always (idempotent), and the demo data only
 * when asked and never loaded before — a restart must not duplicate it or bring back what users deleted.
 */
export async function runSeeds(
  database: Database,
  options: {
    demoData: boolean;
    log?: FastifyBaseLogger;
    steps?: DemoSeedStep[];
    /** Default http://localhost:3000 (tests). */
    publicUrl?: string;
    now?: () => Date;
  },
): Promise<SeedResult> {
  const settingsCreated = await ensurePlatformSettings(createPlatformRepo(database.db));
  await ensureTiposRequerente(database.db);
  if (!options.demoData) return { settingsCreated, demoDataLoaded: false };
  const context: SeedContext = {
    publicUrl: options.publicUrl ?? 'http://localhost:3000',
    now: options.now ?? (() => new Date()),
    ...(options.log ? { log: options.log } : {}),
  };

  const steps = options.steps ?? DEMO_SEED_STEPS;
  const demoDataLoaded = await database.db.transaction(async (tx) => {
    // Inserting the marker first claims the run: a concurrent starter conflicts here and skips.
    const claimed = await tx
      .insert(seedRuns)
      .values({ name: DEMO_SEED })
      .onConflictDoNothing({ target: seedRuns.name })
      .returning({ name: seedRuns.name });
    if (claimed.length === 0) return false;
    for (const step of steps) await step(tx as unknown as Database['db'], context);
    return true;
  });
  if (demoDataLoaded) options.log?.info({ seed: DEMO_SEED }, 'demo data loaded (first run)');
  return { settingsCreated, demoDataLoaded };
}
