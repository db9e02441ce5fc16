import type { ComponentDefinition, Language, PrintLayout } from '@der/contracts';
import type { Db } from '../../infra/db/database.ts';
import { loadItemForActor } from '../attachments/attachment-access.ts';
import type { ItemActor } from '../items/item-actor.ts';
import type { RuntimeItemRow } from '../items/items.table.ts';
import { loadItemPrintSource } from './item-print-source.ts';
import { formatPrintValue } from './print-format.ts';
import { getPrintLayoutOrThrow, printFileName } from './print-layout-lookup.ts';
import { renderPrintLayout } from './render-print-layout.ts';

export interface PrintedDocument {
  fileName: string;
  pdf: Uint8Array;
  title: string;
}

const DATE_TIME = { kind: 'date', dateFormatType: 0 } as const;

/**
 * A layout over an item as `actor` reads it (fields their status hides are left blank, table rows they cannot
 * see are left out). The caller has checked that the actor sees the item. `db` may be a transaction.
 */
export async function printItem(
  db: Db,
  actor: ItemActor,
  definition: ComponentDefinition,
  item: RuntimeItemRow,
  layout: PrintLayout,
  options: { publicUrl: string; at: Date; signed?: boolean; documentCheckUrl?: string },
): Promise<PrintedDocument> {
  const source = await loadItemPrintSource(db, actor, definition, item, layout, {
    publicUrl: options.publicUrl,
    at: options.at,
    signed: options.signed === true,
    ...(options.documentCheckUrl ? { documentCheckUrl: options.documentCheckUrl } : {}),
    printedAtText: formatPrintValue(DATE_TIME, undefined, options.at, actor.language),
  });
  const { pdf, title } = await renderPrintLayout(layout, source, { at: options.at });
  return { fileName: printFileName(title, item.formattedId), pdf, title };
}

/** The print-layout viewer (spec §7.7) and the layout editor's preview. */
export function createPrintLayoutsService(deps: { db: Db; publicUrl: string; now: () => Date }) {
  const { db, publicUrl, now } = deps;
  const inLanguage = (actor: ItemActor, language: Language | undefined): ItemActor =>
    language ? { ...actor, language } : actor;

  return {
    /** 404 for an item the actor cannot see, exactly as for one that does not exist. */
    async printItemLayout(
      actor: ItemActor,
      query: { itemId: number; printLayoutId: number; language?: Language },
    ): Promise<PrintedDocument> {
      const reader = inLanguage(actor, query.language);
      const { item, definition } = await loadItemForActor(db, reader, query.itemId, 'read');
      const layout = getPrintLayoutOrThrow(definition, query.printLayoutId);
      return printItem(db, reader, definition, item, layout, { publicUrl, at: now() });
    },

    /** An edited layout (already parsed by the route's schema) over an item the administrator can see. */
    async previewLayout(
      actor: ItemActor,
      body: { itemId: number; layout: PrintLayout; language?: Language },
    ): Promise<PrintedDocument> {
      const reader = inLanguage(actor, body.language);
      const { item, definition } = await loadItemForActor(db, reader, body.itemId, 'read');
      return printItem(db, reader, definition, item, body.layout, { publicUrl, at: now() });
    },
  };
}
export type PrintLayoutsService = ReturnType<typeof createPrintLayoutsService>;
