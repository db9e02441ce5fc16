import type { Db } from '../../src/infra/db/database.ts';
import { users } from '../../src/modules/accounts/accounts.table.ts';
import { applicationGrants } from '../../src/modules/applications/applications.table.ts';

/**
 * The applications the runtime fixtures imported (buildComponents, importQueryTestDefinition), per database.
 * Item routes need the application granted (engine/items/application-grant.ts); a test about something else
 * should not have to grant it, so every user built in a database opens its fixture applications — those built
 * before the import (granted by it) and after (granted by buildUser). A test about grants builds its users with
 * `grantFixtureApplications: false` and grants what it means to.
 */
const fixtureApplications = new WeakMap<Db, Set<number>>();

export async function grantToUsers(db: Db, applicationId: number, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(applicationGrants)
    .values(userIds.map((userId) => ({ applicationId, userId })))
    .onConflictDoNothing();
}

/** Records a fixture application and grants it to every user of the database so far. */
export async function registerFixtureApplication(db: Db, applicationId: number): Promise<void> {
  let known = fixtureApplications.get(db);
  if (!known) {
    known = new Set();
    fixtureApplications.set(db, known);
  }
  known.add(applicationId);
  const everyone = await db.select({ id: users.id }).from(users);
  await grantToUsers(
    db,
    applicationId,
    everyone.map((user) => user.id),
  );
}

/** Grants a newly built user the fixture applications imported so far. */
export async function grantFixtureApplications(db: Db, userId: number): Promise<void> {
  for (const applicationId of fixtureApplications.get(db) ?? [])
    await grantToUsers(db, applicationId, [userId]);
}
