import {
  type ApplicationDefinition,
  ApplicationDefinitionSchema,
  type DefinitionImportResult,
  type DefinitionSummary,
  type Language,
  type ReferenceTableSaveBody,
} from '@der/contracts';
import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { applications } from '../../modules/applications/applications.table.ts';
import type { AuditService } from '../../modules/audit/audit.service.ts';
import { importApplicationDefinition, parseDefinitionText } from './definition-import.ts';
import { applicationDefinitions, runtimeComponents } from './definitions.table.ts';
import { definitionWithTableRows } from './reference-table-edit.ts';

/** Who imports: an administrator (the upload), or nobody in particular (the command line). */
export interface DefinitionActor {
  userId: number | null;
  ip?: string;
}

/**
 * The current document of an application definition, or null. Parsed again so that its keys come in the
 * schema's order (jsonb stores them sorted by length): the exported file reads like the authored one.
 */
export async function readDefinitionDocument(db: Db, key: string): Promise<ApplicationDefinition | null> {
  const [row] = await db
    .select({ document: applicationDefinitions.document })
    .from(applicationDefinitions)
    .where(eq(applicationDefinitions.key, key))
    .limit(1);
  return row ? ApplicationDefinitionSchema.parse(row.document) : null;
}

export function createDefinitionsService(deps: {
  db: Db;
  audit: AuditService;
  /** config.publicUrl: menu entries with a public path link under it. */
  publicUrl: string;
  now: () => Date;
}) {
  const { db } = deps;

  async function importDefinition(
    document: unknown,
    actor: DefinitionActor,
    fileName = '',
  ): Promise<DefinitionImportResult> {
    return importApplicationDefinition(db, document, {
      actorUserId: actor.userId,
      ...(actor.ip ? { ip: actor.ip } : {}),
      fileName,
      publicUrl: deps.publicUrl,
      now: deps.now(),
      audit: deps.audit,
    });
  }

  return {
    importDefinition,

    /** The upload: a file's JSON text (400 DEFINITION_INVALID when it is not JSON or not a valid definition). */
    async importDefinitionText(
      text: string,
      actor: DefinitionActor,
      fileName = '',
    ): Promise<DefinitionImportResult> {
      return importDefinition(parseDefinitionText(text), actor, fileName);
    },

    /**
     * An administrator's rows for one reference table: checked cell by cell (400 naming row and column in the
     * actor's language), then imported as the definition's next version (validated whole, audited).
     */
    async saveReferenceTable(
      body: ReferenceTableSaveBody,
      actor: DefinitionActor,
      language: Language,
    ): Promise<DefinitionImportResult> {
      const document = await readDefinitionDocument(db, body.key);
      if (!document) throw new AppError('NOT_FOUND');
      return importDefinition(
        definitionWithTableRows(document, body.tableKey, body.rows, language),
        actor,
        `${document.key}.json`,
      );
    },

    /** The installed definitions, by application name. */
    async listDefinitions(): Promise<DefinitionSummary[]> {
      const activeComponents = db
        .select({
          applicationId: runtimeComponents.applicationId,
          count: sql<number>`count(*)::int`.as('count'),
        })
        .from(runtimeComponents)
        .where(isNull(runtimeComponents.removedAt))
        .groupBy(runtimeComponents.applicationId)
        .as('active_components');
      const rows = await db
        .select({
          key: applicationDefinitions.key,
          name: applications.name,
          applicationId: applicationDefinitions.applicationId,
          version: applicationDefinitions.version,
          importedAt: applicationDefinitions.importedAt,
          components: activeComponents.count,
        })
        .from(applicationDefinitions)
        .innerJoin(applications, eq(applications.id, applicationDefinitions.applicationId))
        .leftJoin(activeComponents, eq(activeComponents.applicationId, applicationDefinitions.applicationId))
        .orderBy(asc(sql`lower(${applications.name})`), asc(applicationDefinitions.key));
      return rows.map((row) => ({
        ...row,
        importedAt: row.importedAt.toISOString(),
        components: row.components ?? 0,
      }));
    },

    /** The current document of an application definition (404 when no definition has that key). */
    async exportDefinition(key: string): Promise<ApplicationDefinition> {
      const document = await readDefinitionDocument(db, key);
      if (!document) throw new AppError('NOT_FOUND');
      return document;
    },
  };
}
export type DefinitionsService = ReturnType<typeof createDefinitionsService>;
