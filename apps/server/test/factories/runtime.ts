import type { ApplicationDefinitionInput } from '@der/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { runtimeComponents } from '../../src/engine/definitions/definitions.table.ts';
import { type CreateItemInput, createItem, type ItemActor } from '../../src/engine/items/items.service.ts';
import type { RuntimeItemRow } from '../../src/engine/items/items.table.ts';
import { runtimeProjectPermissions } from '../../src/engine/projects/project-permissions.table.ts';
import type { Db } from '../../src/infra/db/database.ts';
import { testDefinition } from '../fixtures/test-definition.ts';
import { signIn } from '../helpers/auth.ts';
import { grantToUsers, registerFixtureApplication } from './fixture-applications.ts';
import { type BuildUserOverrides, buildUser } from './users.ts';

/** A user of a runtime test, signed in: `token` goes in the Authorization header (bearer()). */
export interface Person {
  id: number;
  name: string;
  token: string;
}

/**
 * One signed-in user per name, built in order; `overrides` gives some of them columns (an administrator, a
 * name the test reads back).
 */
export async function buildPeople<Who extends string>(
  app: FastifyInstance,
  who: readonly Who[],
  overrides: Partial<Record<Who, BuildUserOverrides>> = {},
): Promise<Record<Who, Person>> {
  const people = {} as Record<Who, Person>;
  for (const name of who) {
    const user = await buildUser(app.database.db, overrides[name] ?? {});
    people[name] = { id: user.id, name: user.name, token: await signIn(app, user) };
  }
  return people;
}

/** The item actor of a person (the save's `who`); pt-BR unless told. */
export function actorOf(
  person: { id: number },
  options: {
    isAdministrator?: boolean;
    language?: 'pt-BR' | 'en';
    kind?: 'staff' | 'permissionario' | 'requerente';
  } = {},
): ItemActor {
  return {
    userId: person.id,
    isAdministrator: options.isAdministrator ?? false,
    language: options.language ?? 'pt-BR',
    kind: options.kind ?? 'staff',
  };
}

/** Grants an application (by one of its components) to users: items of ungranted applications answer 404. */
export async function grantApplication(
  db: Db,
  componentId: number,
  userIds: readonly number[],
): Promise<void> {
  const [component] = await db
    .select({ applicationId: runtimeComponents.applicationId })
    .from(runtimeComponents)
    .where(eq(runtimeComponents.id, componentId));
  if (!component) throw new Error(`grantApplication: no component ${componentId}`);
  await grantToUsers(db, component.applicationId, userIds);
}

/**
 * Imports the test application (fixtures/test-definition.ts) whose component ids start after `base`: base + 1
 * is the project component, base + 2 the request; `overrides` replaces parts (components, operations ...).
 * Every test user opens the application (fixture-applications.ts).
 */
export async function buildComponents(
  app: FastifyInstance,
  base: number,
  overrides: Partial<ApplicationDefinitionInput> = {},
): Promise<void> {
  const imported = await app.services.definitions.importDefinition(testDefinition(base, overrides), {
    userId: null,
  });
  await registerFixtureApplication(app.database.db, imported.applicationId);
}

/** Creates an item through the one write path (createItem: rules, formatted id, version row). */
export async function buildItem(db: Db, actor: ItemActor, input: CreateItemInput): Promise<RuntimeItemRow> {
  return createItem(db, actor, input);
}

/** A project's permission entry: a user or a group, read-only or not, with folder access restricted or not. */
export type ProjectGrant = ({ userId: number } | { groupId: number }) & {
  readOnly?: boolean;
  restrictFolderAccess?: boolean;
};

/** Gives users and groups access to a project (its permission rows). */
export async function grantProjectAccess(
  db: Db,
  projectId: number,
  grants: readonly ProjectGrant[],
): Promise<void> {
  if (grants.length === 0) return;
  await db.insert(runtimeProjectPermissions).values(grants.map((grant) => ({ projectId, ...grant })));
}
