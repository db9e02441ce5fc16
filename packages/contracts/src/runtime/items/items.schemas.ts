import { z } from 'zod';

/** An item id (runtime_items.id). */
export const ItemIdSchema = z.number().int().positive();
/** A component id (ComponentDefinition.id). */
export const ComponentIdSchema = z.number().int().positive();

/**
 * The system fields (spec §3) a save may change besides the configured fields. Every other system field
 * (FormattedID, Version, CreatorName, CreationDate, LastModify, ModifierName …) is kept by the server, and
 * naming it in `changes` answers 400; status and responsible change through workflow actions.
 */
export const WRITABLE_SYSTEM_FIELD_KEYS = ['Title', 'Position'] as const;
export type WritableSystemFieldKey = (typeof WRITABLE_SYSTEM_FIELD_KEYS)[number];

/**
 * New values by field key: configured field keys of the component's definition and the writable system keys.
 * Values are typed by the field (see FieldStorageKind); null or '' clears a field. Checked by the server:
 * an unknown, deprecated or system key, or a value the field does not accept, answers 400 naming the field.
 */
export const ItemChangesSchema = z.record(z.string().min(1).max(64), z.unknown());
export type ItemChanges = z.infer<typeof ItemChangesSchema>;

/** What a save answers: the item's new version goes back with the next save (409 when stale). */
export const ItemWriteResultSchema = z.object({
  id: ItemIdSchema,
  formattedId: z.string(),
  version: z.number().int().positive(),
  /** ISO instant. */
  modifiedAt: z.string(),
});
export type ItemWriteResult = z.infer<typeof ItemWriteResultSchema>;

/** Spec §7.6 deleteItem (ids, componentId): all or nothing. */
export const DeleteItemBodySchema = z.object({
  ids: z.array(ItemIdSchema).min(1).max(1000),
  componentId: ComponentIdSchema,
});
export type DeleteItemBody = z.input<typeof DeleteItemBodySchema>;
export const DeleteItemResultSchema = z.object({ deleted: z.array(ItemIdSchema) });
export type DeleteItemResult = z.infer<typeof DeleteItemResultSchema>;

/** Spec §7.6 updateItemField: one field of one item (in-grid editing), at the version the client holds. */
export const UpdateItemFieldBodySchema = z.object({
  itemId: ItemIdSchema,
  componentId: ComponentIdSchema,
  field: z.string().min(1).max(64),
  value: z.unknown(),
  version: z.number().int().positive(),
});
export type UpdateItemFieldBody = z.input<typeof UpdateItemFieldBodySchema>;

export const BulkUpdateItemSchema = z.object({
  id: ItemIdSchema,
  version: z.number().int().positive(),
  changes: ItemChangesSchema,
});

/** Spec §7.6 bulkUpdateItems {component, items}: one transaction, every item saved or none. */
export const BulkUpdateItemsBodySchema = z.object({
  component: ComponentIdSchema,
  items: z.array(BulkUpdateItemSchema).min(1).max(1000),
});
export type BulkUpdateItemsBody = z.input<typeof BulkUpdateItemsBodySchema>;
export const BulkUpdateItemsResultSchema = z.object({ items: z.array(ItemWriteResultSchema) });
export type BulkUpdateItemsResult = z.infer<typeof BulkUpdateItemsResultSchema>;
