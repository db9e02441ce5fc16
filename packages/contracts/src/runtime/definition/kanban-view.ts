import { z } from 'zod';
import { LocalizedTextSchema } from './localized-text.ts';
import { ColorSchema, DefinitionIdSchema, FieldReferenceSchema } from './primitives.ts';

/** Lane colour when neither the lane nor the option/status it shows has one (spec §9). */
export const DEFAULT_LANE_COLOR = '#EC407A';

export const KanbanLaneSchema = z.object({
  /** A picklist option value, or a workflow status key when the lane field is StatusName. */
  value: z.string().trim().min(1).max(100),
  color: ColorSchema.default(DEFAULT_LANE_COLOR),
  /**
   * Whether the lane offers a new card (the view's form). On a status board only the workflow's initial status
   * can: an item is created in it, so the board answers false for any other lane whatever this says.
   */
  allowCreate: z.boolean().default(false),
});
export type KanbanLane = z.infer<typeof KanbanLaneSchema>;

/** Rows of a board: none, or one per responsible (cards without one in their own row). */
export const KANBAN_SWIMLANES = ['none', 'responsible'] as const;

/** The `{viewID}` of `kanban/{viewID}/{title}`: items as cards in lanes by the value of one field. */
export const KanbanViewSchema = z.object({
  id: DefinitionIdSchema,
  name: LocalizedTextSchema,
  /** StatusName (workflow status), or a PICKLIST / ITEM_TYPE_STATUS field. */
  laneField: FieldReferenceSchema,
  /** Lanes in order; when empty, one lane per option (or status) in definition order. */
  lanes: z.array(KanbanLaneSchema).default([]),
  /** Fields shown on each card below the title. */
  cardFields: z.array(FieldReferenceSchema).max(8).default([]),
  /** A PICKLIST (or StatusName) field whose option colour marks each card; absent: the lane's colour. */
  colorField: FieldReferenceSchema.optional(),
  swimlanes: z.enum(KANBAN_SWIMLANES).default('none'),
  /** Restricts the cards to a saved query of the same component. */
  queryId: DefinitionIdSchema.optional(),
  /** The form a card opens. */
  formId: DefinitionIdSchema.optional(),
});
export type KanbanView = z.infer<typeof KanbanViewSchema>;
export type KanbanViewInput = z.input<typeof KanbanViewSchema>;
