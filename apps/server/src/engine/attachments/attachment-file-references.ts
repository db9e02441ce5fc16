import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import type { FileReferenceSource } from '../files/file-reference-source.ts';
import { runtimeAttachments, runtimeAttachmentVersions } from './attachments.table.ts';

/**
 * The storage sweep's reference source for attachments: a file is held while some version of a live (not
 * deleted) attachment names it, earlier versions included (they stay downloadable). Attachments of a deleted
 * item are gone with it (ON DELETE CASCADE), so they hold nothing. Listed in housekeeping/file-reference-sources.ts.
 */
export const attachmentFileReferences: FileReferenceSource = {
  name: 'attachments',
  async referencedAmong(db: Db, fileIds: readonly number[]): Promise<Iterable<number>> {
    if (fileIds.length === 0) return [];
    const rows = await db
      .selectDistinct({ id: runtimeAttachmentVersions.fileId })
      .from(runtimeAttachmentVersions)
      .innerJoin(runtimeAttachments, eq(runtimeAttachments.id, runtimeAttachmentVersions.attachmentId))
      .where(
        and(inArray(runtimeAttachmentVersions.fileId, [...fileIds]), isNull(runtimeAttachments.deletedAt)),
      );
    return rows.map((row) => row.id);
  },
};
