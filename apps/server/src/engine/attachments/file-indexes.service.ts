import {
  type AllFileIndexesQuery,
  type Attachment,
  type FileIndexDefinition,
  type FileIndexSearch,
  type FileIndexValues,
  FileIndexValuesSchema,
  type SaveFileIndexesBody,
} from '@der/contracts';
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { containsPattern } from '../../infra/db/like-pattern.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { runtimeComponents } from '../definitions/definitions.table.ts';
import { runtimeFiles } from '../files/files.table.ts';
import { applicationGrantedCondition } from '../items/application-grant.ts';
import type { ItemActor } from '../items/item-actor.ts';
import { validationError } from '../items/item-changes.ts';
import { runtimeItems } from '../items/items.table.ts';
import { visibleItemCondition } from '../query/item-visibility.ts';
import { loadAttachmentForActor, loadItemForActor } from './attachment-access.ts';
import { toAttachments } from './attachment-view.ts';
import { widgetOrThrow } from './attachments.service.ts';
import { runtimeAttachments, runtimeAttachmentVersions } from './attachments.table.ts';
import { checkFileIndexValues } from './file-index-values.ts';

/** The `values` filter of getAllFileIndexes: a JSON object of exact values, 400 when it is not one. */
function parseValuesFilter(raw: string | undefined): FileIndexValues {
  if (raw === undefined || raw.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new AppError('BAD_REQUEST');
  }
  const checked = FileIndexValuesSchema.safeParse(parsed);
  if (!checked.success) throw new AppError('BAD_REQUEST');
  // A null in the filter means "any value": left out.
  return Object.fromEntries(Object.entries(checked.data).filter(([, value]) => value !== null));
}

/** The current version's file of each attachment row (for the name search). */
const currentFileId = sql`(select v.file_id from ${runtimeAttachmentVersions} v where v.attachment_id = ${runtimeAttachments.id} order by v.version desc limit 1)`;

/**
 * Spec §7.6 file indexes: the metadata fields of an attachments component (loadFileIndexConfigs), one
 * attachment's values (loadFileIndexes, saveFileIndexes: checked against the configuration) and the search of
 * an application's attachments by them (getAllFileIndexes: only items the caller sees, of a granted application).
 */
export function createFileIndexesService(deps: { db: Db }) {
  const { db } = deps;

  return {
    async loadFileIndexConfigs(
      actor: ItemActor,
      query: { itemId: number; widgetKey: string },
    ): Promise<FileIndexDefinition[]> {
      const { definition } = await loadItemForActor(db, actor, query.itemId, 'read');
      return widgetOrThrow(definition, query.widgetKey).fileIndexes;
    },

    async loadFileIndexes(actor: ItemActor, attachmentId: number): Promise<FileIndexValues> {
      return (await loadAttachmentForActor(db, actor, attachmentId, 'read')).attachment.fileIndexes;
    },

    /** Stores all values of one attachment; VALIDATION_FAILED naming each wrong key (field `values.<key>`). */
    async saveFileIndexes(actor: ItemActor, body: SaveFileIndexesBody): Promise<Attachment> {
      const { attachment, definition } = await loadAttachmentForActor(db, actor, body.attachmentId, 'write');
      const widget = widgetOrThrow(definition, attachment.widgetKey);
      const checked = checkFileIndexValues(widget.fileIndexes, body.values);
      if (checked.issues.length > 0) throw validationError(checked.issues, actor.language, 'values.');
      const [row] = await db
        .update(runtimeAttachments)
        .set({ fileIndexes: checked.values })
        .where(eq(runtimeAttachments.id, attachment.id))
        .returning();
      const [answered] = await toAttachments(db, [row!]);
      return answered!;
    },

    async getAllFileIndexes(actor: ItemActor, query: AllFileIndexesQuery): Promise<FileIndexSearch> {
      const page = Number(query.page ?? 1);
      const pageSize = Number(query.pageSize ?? 25);
      const values = parseValuesFilter(query.values);
      const pattern = containsPattern(query.search);
      const conditions: (SQL | undefined)[] = [
        isNull(runtimeAttachments.deletedAt),
        eq(runtimeComponents.applicationId, Number(query.applicationId)),
        applicationGrantedCondition(actor, runtimeComponents.applicationId),
        visibleItemCondition(actor),
        query.widgetKey === undefined ? undefined : eq(runtimeAttachments.widgetKey, query.widgetKey),
        // Containment: served by the GIN index of file_indexes.
        Object.keys(values).length === 0
          ? undefined
          : sql`${runtimeAttachments.fileIndexes} @> ${JSON.stringify(values)}::jsonb`,
        pattern === null
          ? undefined
          : sql`(exists (select 1 from ${runtimeFiles} f where f.id = ${currentFileId} and f.file_name ilike ${pattern}) or exists (select 1 from jsonb_each_text(${runtimeAttachments.fileIndexes}) e where e.value ilike ${pattern}))`,
      ];
      const where = and(...conditions);
      const from = () =>
        db
          .select({ attachment: runtimeAttachments, item: runtimeItems })
          .from(runtimeAttachments)
          .innerJoin(runtimeItems, eq(runtimeItems.id, runtimeAttachments.itemId))
          .innerJoin(runtimeComponents, eq(runtimeComponents.id, runtimeItems.componentId))
          .where(where);
      const [totals] = await db
        .select({ total: count() })
        .from(runtimeAttachments)
        .innerJoin(runtimeItems, eq(runtimeItems.id, runtimeAttachments.itemId))
        .innerJoin(runtimeComponents, eq(runtimeComponents.id, runtimeItems.componentId))
        .where(where);
      const rows = await from()
        .orderBy(desc(runtimeAttachments.addedAt), desc(runtimeAttachments.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const attachments = await toAttachments(
        db,
        rows.map((row) => row.attachment),
      );
      const items = new Map(rows.map((row) => [row.attachment.id, row.item]));
      return {
        rows: attachments.map((attachment) => {
          const item = items.get(attachment.attachmentId)!;
          return {
            attachment,
            item: {
              itemId: item.id,
              componentId: item.componentId,
              formattedId: item.formattedId,
              title: item.title,
            },
          };
        }),
        total: totals?.total ?? 0,
        page,
        pageSize,
      };
    },
  };
}
export type FileIndexesService = ReturnType<typeof createFileIndexesService>;
