import { type RepositoryDefinition, type RepositoryRef, repositoryOfForms } from '@der/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { applicationDefinitions } from '../definitions/definitions.table.ts';
import { applicationGrantedCondition } from '../items/application-grant.ts';
import type { ItemViewer } from '../query/item-visibility.ts';

/** A repository of a definition, with the application that declares it. */
export interface Repository extends RepositoryDefinition {
  applicationId: number;
}

/** The definitions of the applications granted to the viewer (a handful per installation). */
async function grantedDefinitions(db: Db, viewer: ItemViewer) {
  return db
    .select({
      applicationId: applicationDefinitions.applicationId,
      document: applicationDefinitions.document,
    })
    .from(applicationDefinitions)
    .where(applicationGrantedCondition(viewer, sql`${applicationDefinitions.applicationId}`));
}

/** The repositories of one application granted to the viewer; 404 when it is not (or does not exist). */
export async function applicationRepositories(
  db: Db,
  viewer: ItemViewer,
  applicationId: number,
): Promise<Repository[]> {
  const [row] = await db
    .select({ document: applicationDefinitions.document })
    .from(applicationDefinitions)
    .where(eq(applicationDefinitions.applicationId, applicationId))
    .limit(1);
  const granted = (await grantedDefinitions(db, viewer)).some(
    (entry) => entry.applicationId === applicationId,
  );
  if (!row || !granted) throw new AppError('NOT_FOUND');
  return (row.document.repositories ?? []).map((repository) => ({ ...repository, applicationId }));
}

/**
 * The repository a route names by its two forms, in an application granted to the viewer; 404 otherwise (the
 * ids tell nothing about applications the viewer may not open).
 */
export async function repositoryOrThrow(db: Db, viewer: ItemViewer, ref: RepositoryRef): Promise<Repository> {
  for (const { applicationId, document } of await grantedDefinitions(db, viewer)) {
    const found = repositoryOfForms(
      { repositories: document.repositories ?? [] },
      ref.fileFormId,
      ref.folderFormId,
    );
    if (found) return { ...found, applicationId };
  }
  throw new AppError('NOT_FOUND');
}

/** The repository whose file component is `componentId`, among the viewer's granted applications. */
export async function repositoryOfFileComponent(
  db: Db,
  viewer: ItemViewer,
  componentId: number,
): Promise<Repository | null> {
  for (const { applicationId, document } of await grantedDefinitions(db, viewer)) {
    const found = (document.repositories ?? []).find(
      (repository) => repository.fileComponentId === componentId,
    );
    if (found) return { ...found, applicationId };
  }
  return null;
}
