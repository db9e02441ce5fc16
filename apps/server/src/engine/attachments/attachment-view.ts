import type { Attachment, AttachmentVersion, StoredMediaType } from '@der/contracts';
import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import { listFileMetas } from '../files/files.repo.ts';
import {
  type RuntimeAttachmentRow,
  type RuntimeAttachmentVersionRow,
  runtimeAttachmentVersions,
} from './attachments.table.ts';

/** Names of the given users (removed accounts left out). */
async function userNames(db: Db, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const known = [...new Set(ids.filter((id): id is number => id !== null))];
  if (known.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, known));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Consecutive 'sign' versions at the top of a chain (oldest first): the signatures the current file carries. */
export function signatureCountOf(chain: readonly Pick<RuntimeAttachmentVersionRow, 'kind'>[]): number {
  let count = 0;
  for (let index = chain.length - 1; index >= 0 && chain[index]!.kind === 'sign'; index--) count++;
  return count;
}

/** The attachments as lists show them, in the order given; one whose current file is gone is left out. */
export async function toAttachments(db: Db, rows: readonly RuntimeAttachmentRow[]): Promise<Attachment[]> {
  if (rows.length === 0) return [];
  const versions = await db
    .select()
    .from(runtimeAttachmentVersions)
    .where(
      inArray(
        runtimeAttachmentVersions.attachmentId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(runtimeAttachmentVersions.attachmentId), asc(runtimeAttachmentVersions.version));
  const chains = new Map<number, RuntimeAttachmentVersionRow[]>();
  for (const version of versions) {
    const chain = chains.get(version.attachmentId) ?? [];
    chain.push(version);
    chains.set(version.attachmentId, chain);
  }
  const currentFileIds = [...chains.values()].map((chain) => chain[chain.length - 1]!.fileId);
  const files = new Map((await listFileMetas(db, currentFileIds)).map((file) => [file.id, file]));
  const names = await userNames(
    db,
    rows.map((row) => row.addedBy),
  );
  return rows.flatMap((row) => {
    const chain = chains.get(row.id) ?? [];
    const current = chain[chain.length - 1];
    const file = current ? files.get(current.fileId) : undefined;
    if (!current || !file) return [];
    return [
      {
        attachmentId: row.id,
        itemId: row.itemId,
        widgetKey: row.widgetKey,
        fileId: file.id,
        name: file.fileName,
        size: file.size,
        mediaType: file.mediaType as StoredMediaType,
        version: current.version,
        kind: current.kind,
        addedAt: row.addedAt.toISOString(),
        addedBy: row.addedBy === null ? null : (names.get(row.addedBy) ?? null),
        fileIndexes: row.fileIndexes,
        stamped: chain.some((version) => version.kind === 'stamp'),
        signatureCount: signatureCountOf(chain),
      },
    ];
  });
}

/** Every version of one attachment, newest first. */
export async function toAttachmentVersions(db: Db, attachmentId: number): Promise<AttachmentVersion[]> {
  const versions = await db
    .select()
    .from(runtimeAttachmentVersions)
    .where(inArray(runtimeAttachmentVersions.attachmentId, [attachmentId]))
    .orderBy(asc(runtimeAttachmentVersions.version));
  const files = new Map(
    (
      await listFileMetas(
        db,
        versions.map((version) => version.fileId),
      )
    ).map((file) => [file.id, file]),
  );
  const names = await userNames(
    db,
    versions.map((version) => version.createdBy),
  );
  return versions
    .flatMap((version) => {
      const file = files.get(version.fileId);
      if (!file) return [];
      return [
        {
          version: version.version,
          kind: version.kind,
          fileId: file.id,
          name: file.fileName,
          size: file.size,
          mediaType: file.mediaType as StoredMediaType,
          createdAt: version.createdAt.toISOString(),
          createdBy: version.createdBy === null ? null : (names.get(version.createdBy) ?? null),
        },
      ];
    })
    .reverse();
}
