import type { RepositoryFile } from '@der/contracts';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../infra/db/database.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import { runtimeAttachments, runtimeAttachmentVersions } from '../attachments/attachments.table.ts';
import { runtimeFiles } from '../files/files.table.ts';
import { runtimeItems } from '../items/items.table.ts';
import { writableColumn } from '../projects/item-access.ts';
import { type ItemViewer, visibleItemCondition } from '../query/item-visibility.ts';
import type { Repository } from './repository-definitions.ts';

const projectItems = alias(runtimeItems, 'repository_project');

/** The document of each file item: its first attachment of the repository's component, at its current version. */
async function documentsOf(db: Db, repository: Repository, itemIds: number[]) {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([runtimeAttachments.itemId], {
      itemId: runtimeAttachments.itemId,
      attachmentId: runtimeAttachments.id,
      fileIndexes: runtimeAttachments.fileIndexes,
      fileVersion: runtimeAttachmentVersions.version,
      fileId: runtimeFiles.id,
      fileName: runtimeFiles.fileName,
      mediaType: runtimeFiles.mediaType,
      size: runtimeFiles.size,
    })
    .from(runtimeAttachments)
    .innerJoin(runtimeAttachmentVersions, eq(runtimeAttachmentVersions.attachmentId, runtimeAttachments.id))
    .innerJoin(runtimeFiles, eq(runtimeFiles.id, runtimeAttachmentVersions.fileId))
    .where(
      and(
        inArray(runtimeAttachments.itemId, itemIds),
        eq(runtimeAttachments.widgetKey, repository.attachmentsKey),
        isNull(runtimeAttachments.deletedAt),
      ),
    )
    .orderBy(
      asc(runtimeAttachments.itemId),
      asc(runtimeAttachments.id),
      desc(runtimeAttachmentVersions.version),
    );
  return new Map(rows.map((row) => [row.itemId, row]));
}

/** The current document of one file item (download), or null. */
export async function currentDocumentOf(db: Db, repository: Repository, itemId: number) {
  const found = await documentsOf(db, repository, [itemId]);
  return (found.get(itemId) ?? null) as { fileId: number; fileName: string } | null;
}

/** `text` as a LIKE pattern matching it anywhere, its wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * One page of the file items matching `where` (ANDed with the visibility rule, folder access included), by
 * title, with their documents, and the count of all of them.
 */
export async function filePage(
  db: Db,
  viewer: ItemViewer,
  repository: Repository,
  where: SQL | undefined,
  page: { page: number; rowsPerPage: number },
): Promise<{ total: number; rows: RepositoryFile[] }> {
  const condition = and(
    eq(runtimeItems.componentId, repository.fileComponentId),
    where,
    visibleItemCondition(viewer),
  );
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(runtimeItems)
    .where(condition);
  const rows = await db
    .select({
      item: runtimeItems,
      writable: writableColumn(viewer),
      modifierName: users.name,
      projectTitle: projectItems.title,
    })
    .from(runtimeItems)
    .leftJoin(users, eq(users.id, runtimeItems.modifierId))
    .leftJoin(projectItems, eq(projectItems.id, runtimeItems.projectId))
    .where(condition)
    .orderBy(asc(sql`lower(${runtimeItems.title})`), asc(runtimeItems.id))
    .limit(page.rowsPerPage)
    .offset(page.page * page.rowsPerPage);
  const documents = await documentsOf(
    db,
    repository,
    rows.map((row) => row.item.id),
  );
  return {
    total: counted?.total ?? 0,
    rows: rows.map(({ item, writable, modifierName, projectTitle }) => {
      const document = documents.get(item.id);
      return {
        id: item.id,
        title: item.title,
        folderId: item.parentId,
        projectId: item.projectId,
        projectTitle: projectTitle ?? null,
        attachmentId: document?.attachmentId ?? null,
        fileName: document?.fileName ?? null,
        mediaType: document?.mediaType ?? null,
        size: document?.size ?? null,
        fileVersion: document?.fileVersion ?? null,
        fileIndexes: document?.fileIndexes ?? {},
        modifiedAt: item.modifiedAt.toISOString(),
        modifierName: modifierName ?? null,
        canWrite: writable === true,
        version: item.version,
      };
    }),
  };
}

/**
 * Files whose title, document name or a file index value contains `text`, and (optionally) whose file index
 * `key` equals `value`: correlated EXISTS over the item's attachments (outer runtime_items by its table name).
 */
export function searchCondition(
  repository: Repository,
  text: string,
  fileIndex: { key: string; value: string } | undefined,
): SQL | undefined {
  const a = runtimeAttachments;
  const own = sql`${a.itemId} = ${runtimeItems.id} and ${a.widgetKey} = ${repository.attachmentsKey} and ${a.deletedAt} is null`;
  const parts: SQL[] = [];
  if (text !== '') {
    const pattern = containsPattern(text);
    parts.push(
      sql`(${runtimeItems.title} ilike ${pattern} or exists (select 1 from ${a} join ${runtimeAttachmentVersions} on ${runtimeAttachmentVersions.attachmentId} = ${a.id} join ${runtimeFiles} on ${runtimeFiles.id} = ${runtimeAttachmentVersions.fileId} where ${own} and ${runtimeFiles.fileName} ilike ${pattern}) or exists (select 1 from ${a} cross join lateral jsonb_each_text(${a.fileIndexes}) as entry(key, value) where ${own} and entry.value ilike ${pattern}))`,
    );
  }
  if (fileIndex)
    parts.push(
      sql`exists (select 1 from ${a} where ${own} and ${a.fileIndexes}->>${fileIndex.key}::text = ${fileIndex.value})`,
    );
  return parts.length === 0 ? undefined : and(...parts);
}
