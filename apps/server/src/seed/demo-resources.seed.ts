import { and, asc, eq, inArray } from 'drizzle-orm';
import { runtimeItems } from '../engine/items/items.table.ts';
import { resourceProjects, resources } from '../engine/resources/resources.table.ts';
import { workCalendars } from '../engine/work-calendars/work-calendars.table.ts';
import type { Db } from '../infra/db/database.ts';
import { users } from '../modules/accounts/accounts.table.ts';
import { DEMO_ADMIN_LOGIN, DEMO_ANALYST_LOGIN } from './demo-accounts.ts';
import { DEMO_PROJECTS } from './demo-projects.data.ts';
import { DEMO_COMPONENTS } from './demo-runtime.seed.ts';
import type { SeedContext } from './seed-context.ts';

/** The demo asset: a tow truck of the works projects, billed by the hour. */
export const DEMO_ASSET_NAME = 'Caminhão-guincho 01';

/**
 * Demo step (after the runtime's projects): the analyst as a person resource of the works projects, supervised
 * by the administrator, and a tow truck as an asset of the first one, each with a cost per hour and the first
 * working calendar when one exists. Safe to run again: what exists is left as it is, missing links are added.
 */
export async function seedDemoResources(tx: Db, _context: SeedContext): Promise<void> {
  const people = await tx
    .select({ id: users.id, login: users.login })
    .from(users)
    .where(inArray(users.login, [DEMO_ADMIN_LOGIN, DEMO_ANALYST_LOGIN]));
  const admin = people.find((row) => row.login === DEMO_ADMIN_LOGIN);
  const analyst = people.find((row) => row.login === DEMO_ANALYST_LOGIN);
  if (!admin || !analyst) throw new Error('demo seed: the admin and analyst accounts are missing');
  const works = DEMO_PROJECTS.filter((project) => project.works).map((project) => project.title);
  const projects = await tx
    .select({ id: runtimeItems.id, title: runtimeItems.title })
    .from(runtimeItems)
    .where(and(eq(runtimeItems.componentId, DEMO_COMPONENTS.project), inArray(runtimeItems.title, works)))
    .orderBy(asc(runtimeItems.id));
  const [calendar] = await tx
    .select({ id: workCalendars.id })
    .from(workCalendars)
    .orderBy(asc(workCalendars.id))
    .limit(1);
  const calendarId = calendar?.id ?? null;

  await tx
    .insert(resources)
    .values({ kind: 'user', userId: analyst.id, calendarId, costPerHour: '95.00', supervisorId: admin.id })
    .onConflictDoNothing();
  const [person] = await tx
    .select({ id: resources.id })
    .from(resources)
    .where(eq(resources.userId, analyst.id));
  let [asset] = await tx
    .select({ id: resources.id })
    .from(resources)
    .where(and(eq(resources.kind, 'asset'), eq(resources.name, DEMO_ASSET_NAME)));
  if (!asset)
    [asset] = await tx
      .insert(resources)
      .values({
        kind: 'asset',
        name: DEMO_ASSET_NAME,
        calendarId,
        costPerHour: '180.00',
        supervisorId: admin.id,
      })
      .returning({ id: resources.id });
  const links = [
    ...projects.map((project) => ({ resourceId: person!.id, projectId: project.id })),
    ...projects.slice(0, 1).map((project) => ({ resourceId: asset!.id, projectId: project.id })),
  ];
  if (links.length > 0) await tx.insert(resourceProjects).values(links).onConflictDoNothing();
}
