import {
  type ApplicationDefinition,
  type DefinitionImportResult,
  type DefinitionIssue,
  menuRowsOf,
  validateApplicationDefinition,
} from '@der/contracts';
import { and, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError, errorWithParams } from '../../infra/http/app-error.ts';
import {
  applicationGrants,
  applicationMenuItems,
  applications,
} from '../../modules/applications/applications.table.ts';
import type { AuditService } from '../../modules/audit/audit.service.ts';
import { userGroups } from '../../modules/groups/groups.table.ts';
import { assertCanAddApplications } from '../../modules/plan/plan-guards.ts';
import { syncFieldIndexes } from './definition-indexes.ts';
import { withSanitisedMarkup } from './definition-markup.ts';
import { partIdClashes } from './definition-uniqueness.ts';
import {
  applicationDefinitions,
  applicationDefinitionVersions,
  runtimeComponents,
} from './definitions.table.ts';

// Any constant: imports run one at a time, so component ids and names are checked against settled rows.
const DEFINITION_IMPORT_LOCK = 4_242_201;

/** Who imports and where from, for the audit trail. */
export interface DefinitionImportOptions {
  /** Null for the command line and the first-start demo load. */
  actorUserId: number | null;
  ip?: string;
  /** The uploaded file's name, kept in the audit entry. */
  fileName?: string;
  /** Where menu public paths point (config.publicUrl). */
  publicUrl: string;
  now: Date;
  audit: AuditService;
}

/** 400 DEFINITION_INVALID with every problem: `details` is the `{ path, message }` list. */
export function definitionInvalid(issues: DefinitionIssue[]): AppError {
  return new AppError('DEFINITION_INVALID', issues);
}

/** The document checked by validateApplicationDefinition (shape and cross-references), or 400 listing why not. */
export function checkDefinition(document: unknown): ApplicationDefinition {
  const result = validateApplicationDefinition(document);
  if (!result.ok) throw definitionInvalid(result.errors);
  return result.definition;
}

/** JSON text of a definition file, parsed; 400 DEFINITION_INVALID naming the document when it is not JSON. */
export function parseDefinitionText(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw definitionInvalid([{ path: '', message: `not a JSON document: ${(error as Error).message}` }]);
  }
}

/**
 * Component ids and names are unique across the platform (menu links, saved queries and URLs name them): an
 * id of another application's component, or a name of another component — even a removed one, whose items
 * are kept — refuses the import; so do form, view, query, print layout and report ids of another application.
 */
async function checkComponentsAreOurs(
  tx: Db,
  definition: ApplicationDefinition,
  applicationId: number | null,
): Promise<void> {
  if (definition.components.length === 0) return;
  const ids = definition.components.map((component) => component.id);
  const names = definition.components.map((component) => component.name);
  const taken = await tx
    .select({
      id: runtimeComponents.id,
      name: runtimeComponents.name,
      applicationId: runtimeComponents.applicationId,
      application: applications.name,
    })
    .from(runtimeComponents)
    .innerJoin(applications, eq(applications.id, runtimeComponents.applicationId))
    .where(or(inArray(runtimeComponents.id, ids), inArray(runtimeComponents.name, names)));
  const issues: DefinitionIssue[] = [];
  definition.components.forEach((component, index) => {
    const byId = taken.find((row) => row.id === component.id && row.applicationId !== applicationId);
    if (byId)
      issues.push({
        path: `components[${index}].id`,
        message: `component id ${component.id} belongs to the application "${byId.application}"`,
      });
    // Also within the application: a removed component keeps its name (and its items).
    const byName = taken.find((row) => row.name === component.name && row.id !== component.id);
    if (byName)
      issues.push({
        path: `components[${index}].name`,
        message: `component name "${component.name}" is used by component ${byName.id} of the application "${byName.application}"`,
      });
  });
  issues.push(...(await partIdClashes(tx, definition)));
  if (issues.length > 0) throw definitionInvalid(issues);
}

function applicationColumns(definition: ApplicationDefinition) {
  return {
    name: definition.name,
    iconName: definition.iconName,
    isFontAwesomeIcon: definition.isFontAwesomeIcon,
    imageContent: definition.imageContent,
    displayOnToolbar: definition.displayOnToolbar,
    urlBehavior: definition.urlBehavior,
    urlLink: definition.urlLink,
    appVersion: definition.appVersion,
    collapsedMenu: definition.collapsedMenu,
  };
}

/** The menu rows of the application, rebuilt from the definition (links carry the application's id). */
async function replaceMenu(
  tx: Db,
  definition: ApplicationDefinition,
  applicationId: number,
  publicUrl: string,
) {
  await tx.delete(applicationMenuItems).where(eq(applicationMenuItems.applicationId, applicationId));
  const rows = menuRowsOf(definition.menu, applicationId, { publicUrl });
  if (rows.length > 0)
    await tx.insert(applicationMenuItems).values(rows.map((row) => ({ ...row, applicationId })));
}

/**
 * Grants the application to the groups the definition names (a missing group is created, empty, so an
 * administrator only has to add members). Additive: grants made in the administration area are kept.
 */
async function grantGroups(
  tx: Db,
  definition: ApplicationDefinition,
  applicationId: number,
): Promise<string[]> {
  const created: string[] = [];
  for (const name of new Set(definition.groups)) {
    const inserted = await tx
      .insert(userGroups)
      .values({ name })
      .onConflictDoNothing()
      .returning({ id: userGroups.id });
    if (inserted.length > 0) created.push(name);
    const [group] = await tx
      .select({ id: userGroups.id })
      .from(userGroups)
      .where(sql`lower(${userGroups.name}) = lower(${name})`)
      .limit(1);
    await tx.insert(applicationGrants).values({ applicationId, groupId: group!.id }).onConflictDoNothing();
  }
  return created;
}

/**
 * Upserts the runtime_components rows of the definition; components of the application that the new version
 * no longer has keep their row (and their items) with `removedAt` set. Creates the field indexes.
 */
async function syncComponents(
  tx: Db,
  definition: ApplicationDefinition,
  applicationId: number,
  now: Date,
): Promise<Pick<DefinitionImportResult, 'componentsAdded' | 'componentsUpdated' | 'componentsRemoved'>> {
  const before = await tx
    .select({ id: runtimeComponents.id })
    .from(runtimeComponents)
    .where(eq(runtimeComponents.applicationId, applicationId));
  const known = new Set(before.map((row) => row.id));
  const componentsAdded: number[] = [];
  const componentsUpdated: number[] = [];
  for (const component of definition.components) {
    const values = {
      applicationId,
      name: component.name,
      definition: component,
      definitionVersion: definition.version,
      removedAt: null,
    };
    await tx
      .insert(runtimeComponents)
      .values({ id: component.id, ...values })
      .onConflictDoUpdate({ target: runtimeComponents.id, set: values });
    (known.has(component.id) ? componentsUpdated : componentsAdded).push(component.id);
    await syncFieldIndexes(tx, component);
  }
  const ids = definition.components.map((component) => component.id);
  const removed = await tx
    .update(runtimeComponents)
    .set({ removedAt: now })
    .where(
      and(
        eq(runtimeComponents.applicationId, applicationId),
        isNull(runtimeComponents.removedAt),
        ids.length > 0 ? notInArray(runtimeComponents.id, ids) : undefined,
      ),
    )
    .returning({ id: runtimeComponents.id });
  return { componentsAdded, componentsUpdated, componentsRemoved: removed.map((row) => row.id) };
}

/**
 * Imports an application definition in ONE transaction (a savepoint inside the caller's): validated (400 with
 * every path), a version above the installed one (409 otherwise), the application row created (within the
 * contracted plan) or updated, its menu rebuilt, its groups granted, its components upserted (removed ones
 * kept with their items), the field indexes created, the document stored as current and as a version, and
 * an audit entry. Items are never touched: values of removed fields stay in their `data`.
 */
export async function importApplicationDefinition(
  db: Db,
  document: unknown,
  options: DefinitionImportOptions,
): Promise<DefinitionImportResult> {
  const definition = withSanitisedMarkup(checkDefinition(document));
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEFINITION_IMPORT_LOCK})`);
    const [stored] = await tx
      .select()
      .from(applicationDefinitions)
      .where(eq(applicationDefinitions.key, definition.key))
      .for('update');
    if (stored && definition.version <= stored.version)
      throw errorWithParams('DEFINITION_VERSION_NOT_NEWER', {
        key: definition.key,
        version: String(definition.version),
        stored: String(stored.version),
      });
    await checkComponentsAreOurs(tx, definition, stored?.applicationId ?? null);

    let applicationId: number;
    if (stored) {
      applicationId = stored.applicationId;
      await tx
        .update(applications)
        .set({ ...applicationColumns(definition), updatedAt: options.now })
        .where(eq(applications.id, applicationId));
    } else {
      await assertCanAddApplications(tx, 1);
      const [created] = await tx
        .insert(applications)
        .values({ ...applicationColumns(definition), createdAt: options.now, updatedAt: options.now })
        .returning({ id: applications.id });
      applicationId = created!.id;
    }
    await replaceMenu(tx, definition, applicationId, options.publicUrl);
    const groupsCreated = await grantGroups(tx, definition, applicationId);
    const components = await syncComponents(tx, definition, applicationId, options.now);

    const record = {
      version: definition.version,
      document: definition,
      importedAt: options.now,
      importedBy: options.actorUserId,
    };
    await tx
      .insert(applicationDefinitions)
      .values({ key: definition.key, applicationId, ...record })
      .onConflictDoUpdate({ target: applicationDefinitions.key, set: record });
    await tx.insert(applicationDefinitionVersions).values({ key: definition.key, ...record });
    await options.audit.append(tx, {
      action: 'admin.definition.imported',
      actorUserId: options.actorUserId,
      ip: options.ip ?? '',
      target: `application:${applicationId}`,
      details: {
        key: definition.key,
        version: definition.version,
        previousVersion: stored?.version ?? null,
        fileName: options.fileName ?? '',
        ...components,
        groupsCreated,
      },
    });
    return {
      key: definition.key,
      version: definition.version,
      applicationId,
      created: !stored,
      ...components,
      groupsCreated,
    };
  });
}
