import { z } from 'zod';
import { DefinitionKeySchema } from '../definition/primitives.ts';
import { StoredFileSchema } from '../files/files.schemas.ts';
import {
  ComponentIdSchema,
  ItemChangesSchema,
  ItemIdSchema,
  ItemWriteResultSchema,
} from '../items/items.schemas.ts';

const idFromQuery = z.coerce.number().int().positive();

/** Most candidates a many-to-many combo answers at once (the user narrows with the search text). */
export const MAX_COMBO_ITEMS = 100;
/** Most linked or child items one call answers. */
export const MAX_LINKED_ITEMS = 500;
/** Most items a many-to-many widget may link to one item. */
export const MAX_MANY_TO_MANY_LINKS = 500;

/** An item as linked-data widgets show it: system fields and its configured values by key. */
export const LinkedItemSchema = z.object({
  id: ItemIdSchema,
  componentId: ComponentIdSchema,
  projectId: z.number().nullable(),
  parentId: z.number().nullable(),
  formattedId: z.string(),
  title: z.string(),
  status: z.string().nullable(),
  version: z.number().int().positive(),
  position: z.number().int(),
  /** ISO instants. */
  createdAt: z.string(),
  modifiedAt: z.string(),
  values: z.record(z.string(), z.unknown()),
});
export type LinkedItem = z.infer<typeof LinkedItemSchema>;
export const LinkedItemsResultSchema = z.object({ items: z.array(LinkedItemSchema) });
export type LinkedItemsResult = z.infer<typeof LinkedItemsResultSchema>;

/**
 * Names a many-to-many widget of a form: the owner's component and form, the widget's target component, and
 * its key when the form has several many-to-many widgets of the same target. The server checks the form has
 * that widget: links exist only where a definition offers them.
 */
const manyToManyWidget = {
  componentId: ComponentIdSchema,
  formId: z.number().int().positive(),
  targetComponentId: ComponentIdSchema,
  widgetKey: DefinitionKeySchema.optional(),
};

/** Spec §7.6 loadManyToManyComboData: items of the target component the user may link (search, limit). */
export const LoadManyToManyComboDataBodySchema = z.object({
  ...manyToManyWidget,
  /** Matched against the formatted ID and the title, case-insensitive substring. */
  search: z.string().trim().max(200).optional(),
  /** Only items of this project (0 or absent: any project the user sees). */
  projectId: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(MAX_COMBO_ITEMS).default(20),
});
export type LoadManyToManyComboDataBody = z.input<typeof LoadManyToManyComboDataBodySchema>;
export const ComboItemSchema = z.object({ id: ItemIdSchema, formattedId: z.string(), title: z.string() });
export const ComboDataResultSchema = z.object({ items: z.array(ComboItemSchema) });
export type ComboDataResult = z.infer<typeof ComboDataResultSchema>;

/** Spec §7.6 loadManyToManyFormData: the items the widget links to the item (only those the user sees). */
export const LoadManyToManyFormDataBodySchema = z.object({ ...manyToManyWidget, itemId: ItemIdSchema });
export type LoadManyToManyFormDataBody = z.input<typeof LoadManyToManyFormDataBodySchema>;

/**
 * Spec §7.6 refreshManyToManyItems: sets the items the widget links to the item (the whole set). With
 * `version`, the owner's version the form holds (409 when stale). Links to items the user does not see are
 * kept as they are: a user cannot remove what they cannot see.
 */
export const RefreshManyToManyItemsBodySchema = z.object({
  ...manyToManyWidget,
  itemId: ItemIdSchema,
  version: z.number().int().positive().optional(),
  linkedIds: z.array(ItemIdSchema).max(MAX_MANY_TO_MANY_LINKS),
});
export type RefreshManyToManyItemsBody = z.input<typeof RefreshManyToManyItemsBodySchema>;
export const RefreshManyToManyItemsResultSchema = z.object({
  /** The owner after the change (a new version when the links changed). */
  saved: ItemWriteResultSchema,
  items: z.array(LinkedItemSchema),
});
export type RefreshManyToManyItemsResult = z.infer<typeof RefreshManyToManyItemsResultSchema>;

/**
 * Spec §7.6 loadOneToManyFormData: the child items of a master-slave widget — items of `childComponentId`
 * whose parent (runtime_items.parent_id) is the item, as the definition's masterSlave widget says.
 */
export const LoadOneToManyFormDataBodySchema = z.object({
  itemId: ItemIdSchema,
  childComponentId: ComponentIdSchema,
  limit: z.number().int().min(1).max(MAX_LINKED_ITEMS).default(MAX_LINKED_ITEMS),
});
export type LoadOneToManyFormDataBody = z.input<typeof LoadOneToManyFormDataBodySchema>;

/**
 * Spec §7.6 loadOneToManyTimelineFormData: the same child items ordered by a DATE_TIME field of the child
 * component (`dateField`; default its first DATE_TIME field, else the creation date), oldest first.
 */
export const LoadOneToManyTimelineFormDataBodySchema = LoadOneToManyFormDataBodySchema.extend({
  dateField: z.string().min(1).max(64).optional(),
});
export type LoadOneToManyTimelineFormDataBody = z.input<typeof LoadOneToManyTimelineFormDataBodySchema>;
export const TimelineEntrySchema = z.object({
  /** ISO instant of the ordering date; null when the item has none (listed last). */
  date: z.string().nullable(),
  item: LinkedItemSchema,
});
export const TimelineResultSchema = z.object({
  /** The field the entries are ordered by (a DATE_TIME field key, or CreationDate). */
  dateField: z.string(),
  entries: z.array(TimelineEntrySchema),
});
export type TimelineResult = z.infer<typeof TimelineResultSchema>;

/** Spec §7.6 loadItemLinksFormData: the free links of an item, both directions. */
export const LoadItemLinksFormDataBodySchema = z.object({ itemId: ItemIdSchema });
export type LoadItemLinksFormDataBody = z.input<typeof LoadItemLinksFormDataBodySchema>;
export const ItemLinkSchema = z.object({
  linkId: z.number().int().positive(),
  /** 'outgoing': the item links to `item`; 'incoming': `item` links to the item. */
  direction: z.enum(['outgoing', 'incoming']),
  createdAt: z.string(),
  item: LinkedItemSchema,
});
export type ItemLink = z.infer<typeof ItemLinkSchema>;
export const ItemLinksResultSchema = z.object({ links: z.array(ItemLinkSchema) });
export type ItemLinksResult = z.infer<typeof ItemLinksResultSchema>;

/**
 * Spec §7.6 getDefaultValueQuery (GET), in the meaning the definition schema supports: the default of a
 * GENERIC_ITEM_TYPE field `field` of component `componentId` taken from saved query `queryId` of the field's
 * target component — the first item the user sees that matches its filter, in the order the query's list
 * shows (its sort, else newest first).
 */
export const GetDefaultValueQueryQuerySchema = z.object({
  componentId: idFromQuery,
  field: z.string().min(1).max(64),
  queryId: idFromQuery,
});
export const DefaultValueQueryResultSchema = z.object({
  /** The value for the field (the item id), null when nothing matches. */
  value: ItemIdSchema.nullable(),
  item: ComboItemSchema.nullable(),
});
export type DefaultValueQueryResult = z.infer<typeof DefaultValueQueryResultSchema>;

/**
 * Spec §7.6 executeWindowCallResultFunction: a dialog (window call) returned `result`, values by field key;
 * they are applied to the form's `values` and the component's rules run as if the user had changed each of
 * those fields (its 'change' actions, computed values, visibility, required-ness, validations).
 */
export const ExecuteWindowCallResultFunctionBodySchema = z.object({
  componentId: ComponentIdSchema,
  values: ItemChangesSchema,
  result: ItemChangesSchema,
  /** Editing an existing item (no defaults). */
  isNew: z.boolean().default(true),
});
export type ExecuteWindowCallResultFunctionBody = z.input<typeof ExecuteWindowCallResultFunctionBodySchema>;

/** Spec §7.6 getImageName (GET): the file of an image (BINARY) field of an item. */
export const GetImageNameQuerySchema = z.object({ itemId: idFromQuery, field: z.string().min(1).max(64) });
export const ImageNameResultSchema = z.object({
  /** The stored-file ids the field holds (the first is the image shown). */
  fileIds: z.array(z.number().int().positive()),
  /** The first stored file's name (null when the field holds none). */
  fileName: z.string().nullable(),
  /** The stored files the field holds, in the field's order (ids whose file no longer exists left out). */
  files: z.array(StoredFileSchema),
});
export type ImageNameResult = z.infer<typeof ImageNameResultSchema>;
