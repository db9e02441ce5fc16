import { z } from 'zod';
import { KANBAN_SWIMLANES } from '../definition/kanban-view.ts';
import { ItemIdSchema } from '../items/items.schemas.ts';
import { ColumnDefinitionSchema } from '../listing/columns.ts';
import { ListRowSchema, ListUserSchema, SavedQuerySummarySchema } from '../listing/listing.schemas.ts';
import { ActionApprovalsSchema, AvailableActionSchema } from '../workflow/workflow.schemas.ts';

/** Cards of one lane per page: enough to fill a tall screen, small enough to answer at once. */
export const KANBAN_PAGE_SIZE = 50;
/**
 * Cards of each lane the board answers with (its first page): what a lane shows without scrolling on a tall
 * screen (about 110 px a card) and a little more. The board's answer is what the first paint waits for: five
 * lanes of 50 cards were 245 KB.
 */
export const KANBAN_FIRST_PAGE_SIZE = 20;
export const MAX_KANBAN_PAGE_SIZE = 200;

const viewId = z.number().int().positive();
const laneValue = z.string().trim().min(1).max(100);
/** The board's search box: a text in the title or the formatted id. */
const searchText = z.string().trim().max(100).optional();

/** What narrows a board: one of the component's saved queries (with the view's own) and a search text. */
export const KanbanFilterSchema = z.object({
  viewId,
  queryId: z.number().int().positive().optional(),
  search: searchText,
});

/** A swimlane row: the cards of one responsible (a user id), or of none (null). */
export const KanbanResponsibleSchema = z.number().int().positive().nullable();

export const LoadKanbanBoardBodySchema = KanbanFilterSchema;
export type LoadKanbanBoardBody = z.input<typeof LoadKanbanBoardBodySchema>;

/** A card is a list row (title, formatted id, status, responsible, the card fields' values and display). */
export const KanbanCardsSchema = z.object({
  cards: z.array(ListRowSchema),
  users: z.record(z.string(), ListUserSchema),
  nextCursor: z.string().nullable(),
});
export type KanbanCards = z.infer<typeof KanbanCardsSchema>;

/** A lane's card count under the board's filter (capped as the lists are). */
export const KanbanLaneCountSchema = z.object({
  value: z.string(),
  count: z.number().int().min(0),
  capped: z.boolean(),
});
export type KanbanLaneCount = z.infer<typeof KanbanLaneCountSchema>;

/** One lane: its value (status key or option), name, colour, card count (capped as lists are). */
export const KanbanLaneViewSchema = z.object({
  value: z.string(),
  name: z.string(),
  color: z.string(),
  count: z.number().int().min(0),
  capped: z.boolean(),
  /** Whether the lane offers a new card. */
  allowCreate: z.boolean(),
  /** The lane's first page of cards, answered with the board: the first paint needs no request per lane. */
  firstPage: KanbanCardsSchema,
});
export type KanbanLaneView = z.infer<typeof KanbanLaneViewSchema>;

/** Spec §2.9 kanban: the view as the board draws it (its lanes with counts; cards come per lane). */
export const KanbanBoardSchema = z.object({
  viewId,
  name: z.string(),
  componentId: z.number().int().positive(),
  applicationId: z.number().int().positive(),
  /** The form a card (and a new card) opens. */
  formId: z.number().int().positive().nullable(),
  laneField: z.string(),
  /** Lanes are the workflow's statuses: a drop runs an action; otherwise it writes the lane field. */
  byStatus: z.boolean(),
  swimlanes: z.enum(KANBAN_SWIMLANES),
  /** Card fields as list columns (their labels and formats), in order. */
  cardFields: z.array(ColumnDefinitionSchema),
  colorField: z.string().nullable(),
  lanes: z.array(KanbanLaneViewSchema),
  /** The component's saved queries the board may be narrowed by. */
  queries: z.array(SavedQuerySummarySchema),
  countCap: z.number().int(),
});
export type KanbanBoard = z.infer<typeof KanbanBoardSchema>;

export const LoadKanbanCardsBodySchema = KanbanFilterSchema.extend({
  lane: laneValue,
  /** A swimlane cell: only the cards of this responsible (null: of none). */
  responsibleId: KanbanResponsibleSchema.optional(),
  /** `nextCursor` of the previous page of this lane. */
  after: z.string().max(1000).optional(),
  limit: z.number().int().min(1).max(MAX_KANBAN_PAGE_SIZE).default(KANBAN_PAGE_SIZE),
});
export type LoadKanbanCardsBody = z.input<typeof LoadKanbanCardsBodySchema>;

export const KanbanCardBodySchema = z.object({ viewId, itemId: ItemIdSchema });
export type KanbanCardBody = z.input<typeof KanbanCardBodySchema>;

/** A lane a dragged card may be dropped on, and (status boards) the action that takes it there. */
export const KanbanTargetSchema = z.object({
  lane: z.string(),
  action: AvailableActionSchema.nullable(),
});
export type KanbanTarget = z.infer<typeof KanbanTargetSchema>;

/** The lanes this user can move this card to now (the others are shown disabled while it is dragged). */
export const KanbanMovesSchema = z.object({
  itemId: ItemIdSchema,
  version: z.number().int().positive(),
  lane: z.string().nullable(),
  targets: z.array(KanbanTargetSchema),
});
export type KanbanMoves = z.infer<typeof KanbanMovesSchema>;

/** A drop: the card (at the version the board holds) onto a lane, with the action dialog's answers. */
export const MoveKanbanCardBodySchema = KanbanFilterSchema.extend({
  itemId: ItemIdSchema,
  version: z.number().int().positive(),
  toLane: laneValue,
  reason: z.string().max(4000).nullish(),
  responsibleId: z.number().int().positive().nullish(),
});
export type MoveKanbanCardBody = z.input<typeof MoveKanbanCardBodySchema>;

/** The card as stored after the drop (its lane; unchanged while an action waits for more approvals). */
export const KanbanMoveResultSchema = z.object({
  card: ListRowSchema,
  users: z.record(z.string(), ListUserSchema),
  lane: z.string().nullable(),
  pendingApprovals: ActionApprovalsSchema.nullable(),
  /** The counts, under the board's filter, of the lane the card left and the one it is in now. */
  counts: z.array(KanbanLaneCountSchema),
});
export type KanbanMoveResult = z.infer<typeof KanbanMoveResultSchema>;

/** The swimlane grid's rows: who is responsible for the board's cards (under its filter), and how many per lane. */
export const KanbanSwimlaneSchema = z.object({
  responsibleId: KanbanResponsibleSchema,
  /** The user's name; empty for the row of cards without a responsible (the board names it). */
  name: z.string(),
  counts: z.array(KanbanLaneCountSchema),
});
export type KanbanSwimlane = z.infer<typeof KanbanSwimlaneSchema>;

/** At most this many rows (the responsibles with the most cards); `capped` says there are more. */
export const MAX_KANBAN_SWIMLANES = 50;

export const KanbanSwimlanesSchema = z.object({
  rows: z.array(KanbanSwimlaneSchema),
  capped: z.boolean(),
});
export type KanbanSwimlanes = z.infer<typeof KanbanSwimlanesSchema>;
