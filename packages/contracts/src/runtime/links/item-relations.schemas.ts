import { z } from 'zod';
import { ItemIdSchema, ItemWriteResultSchema } from '../items/items.schemas.ts';
import { ComboItemSchema, ItemLinkSchema, LinkedItemSchema } from './links.schemas.ts';

/** Most predecessors one item may have (a schedule, not a bulk import). */
export const MAX_PREDECESSORS = 200;
/** Most candidates the link search answers at once (the user narrows with the text). */
export const MAX_LINK_CANDIDATES = 50;

/**
 * Spec §7.6 free links (itemLinks widget): links `linkedItemId` to `itemId`. Both must be items the user sees
 * (404 otherwise), the user must be allowed to change `itemId` (403), an item cannot link to itself (400). A
 * link that already exists in either direction is not duplicated: the answer is the current list (idempotent).
 * With `version`, the item's version the form holds (409 when stale).
 */
export const SaveItemLinkBodySchema = z.object({
  itemId: ItemIdSchema,
  linkedItemId: ItemIdSchema,
  version: z.number().int().positive().optional(),
});
export type SaveItemLinkBody = z.input<typeof SaveItemLinkBodySchema>;

/** Removes a free link of `itemId` (either direction); a link the user cannot see answers 404. */
export const DeleteItemLinkBodySchema = z.object({
  itemId: ItemIdSchema,
  linkId: z.number().int().positive(),
  version: z.number().int().positive().optional(),
});
export type DeleteItemLinkBody = z.input<typeof DeleteItemLinkBodySchema>;

export const ItemLinkChangeResultSchema = z.object({
  /** The item after the change: a new version when a link was added or removed. */
  saved: ItemWriteResultSchema,
  links: z.array(ItemLinkSchema),
});
export type ItemLinkChangeResult = z.infer<typeof ItemLinkChangeResultSchema>;

/**
 * Candidates for a link of `itemId`: items the user sees whose formatted ID or title contains `search`, never
 * the item itself. 'predecessor' offers only items of the item's project.
 */
export const SearchLinkableItemsBodySchema = z.object({
  itemId: ItemIdSchema,
  relation: z.enum(['link', 'predecessor']),
  search: z.string().trim().max(200).optional(),
  limit: z.number().int().min(1).max(MAX_LINK_CANDIDATES).default(20),
});
export type SearchLinkableItemsBody = z.input<typeof SearchLinkableItemsBodySchema>;
export const LinkableItemsResultSchema = z.object({ items: z.array(ComboItemSchema) });
export type LinkableItemsResult = z.infer<typeof LinkableItemsResultSchema>;

/** Spec §3 predecessorActivities: the items that must finish before this one. */
export const LoadPredecessorActivitiesBodySchema = z.object({ itemId: ItemIdSchema });
export type LoadPredecessorActivitiesBody = z.input<typeof LoadPredecessorActivitiesBodySchema>;
export const PredecessorSchema = z.object({
  item: LinkedItemSchema,
  /** The status's name in the request's language, and its workflow colour ('#RRGGBB'); null without one. */
  statusName: z.string().nullable(),
  statusColor: z.string().nullable(),
  /** The status is a final one of the workflow (the predecessor is done). */
  finished: z.boolean(),
});
export type Predecessor = z.infer<typeof PredecessorSchema>;
export const PredecessorsResultSchema = z.object({ predecessors: z.array(PredecessorSchema) });
export type PredecessorsResult = z.infer<typeof PredecessorsResultSchema>;

/**
 * Replaces the predecessors of an item. Each must be an item the user sees (404), of the item's project, not
 * the item itself, and must not (through its own predecessors) depend on the item — a cycle; those answer 400
 * naming `predecessorIds.<index>`. Predecessors the user cannot see are kept as they are.
 */
export const SavePredecessorActivitiesBodySchema = z.object({
  itemId: ItemIdSchema,
  version: z.number().int().positive().optional(),
  predecessorIds: z.array(ItemIdSchema).max(MAX_PREDECESSORS),
});
export type SavePredecessorActivitiesBody = z.input<typeof SavePredecessorActivitiesBodySchema>;
export const SavePredecessorsResultSchema = PredecessorsResultSchema.extend({ saved: ItemWriteResultSchema });
export type SavePredecessorsResult = z.infer<typeof SavePredecessorsResultSchema>;

/** Spec §3 notifications: who follows the item (told by a message when someone else saves it). */
export const LoadItemNotificationsBodySchema = z.object({ itemId: ItemIdSchema });
export type LoadItemNotificationsBody = z.input<typeof LoadItemNotificationsBodySchema>;
export const ItemFollowerSchema = z.object({
  userId: z.number().int().positive(),
  name: z.string(),
  /** The user's picture (a data URL), absent when they have none. */
  avatar: z.string().optional(),
});
export const ItemNotificationsResultSchema = z.object({
  /** The user asking follows the item. */
  following: z.boolean(),
  followers: z.array(ItemFollowerSchema),
});
export type ItemNotificationsResult = z.infer<typeof ItemNotificationsResultSchema>;

/** The user follows (or stops following) an item they see; repeating either is harmless. */
export const SetItemNotificationBodySchema = z.object({ itemId: ItemIdSchema, follow: z.boolean() });
export type SetItemNotificationBody = z.input<typeof SetItemNotificationBodySchema>;
