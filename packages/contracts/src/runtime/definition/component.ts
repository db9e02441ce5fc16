import { z } from 'zod';
import { BusinessRuleSchema } from './business-rule.ts';
import { CalendarViewSchema, ScheduleViewSchema } from './date-views.ts';
import { ExternalRequestsSchema } from './external-requests.ts';
import { FieldDefinitionSchema } from './field.ts';
import { FieldAccessSchema } from './field-access.ts';
import { FormDefinitionSchema } from './form.ts';
import { KanbanViewSchema } from './kanban-view.ts';
import { ListViewSchema } from './list-view.ts';
import { LocalizedTextSchema } from './localized-text.ts';
import { PrintLayoutSchema } from './print-layout.ts';
import { ReportDefinitionSchema } from './report.ts';
import { SavedQuerySchema } from './saved-query.ts';
import { WorkflowDefinitionSchema } from './workflow.ts';

// The field permissions live in their own file; exported with the component that holds them.
export * from './field-access.ts';

/**
 * Formatted-ID pattern of a component, e.g. 'AET-{YYYY}-{SEQ:6}': literal text with the tokens {YYYY} (year of
 * creation, America/Sao_Paulo) and {SEQ:n} (a per-component, per-year sequence, zero-padded to n digits).
 */
export const FORMATTED_ID_PATTERN = /^[^{}]*(\{(YYYY|SEQ:[1-9]|SEQ:1[0-2])\}[^{}]*)*$/;

/**
 * A component (an item type): its fields and everything the engine runs for it. Numeric ids are chosen by the
 * definition's author and unique across the platform: menu links, saved queries and URLs name them.
 * Each part lives in its own file; references between parts (field keys, ids) are checked by
 * validateApplicationDefinition.
 */
export const ComponentDefinitionSchema = z.object({
  id: z.number().int().positive(),
  /** A stable technical name (getComponentByName). */
  name: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,62}$/),
  label: LocalizedTextSchema,
  /** Plural label for lists. */
  pluralLabel: LocalizedTextSchema,
  formattedIdPattern: z.string().regex(FORMATTED_ID_PATTERN).max(60),
  /**
   * The pattern of an item's ID while it is in the workflow's initial status (a draft), e.g. 'RASCUNHO-{SEQ:6}',
   * with a counter of its own: the item gets its ID of formattedIdPattern (a request's protocol number) when it
   * first leaves that status, so numbers are never spent on drafts that are never sent. Absent: the ID of
   * formattedIdPattern from creation.
   */
  draftFormattedIdPattern: z.string().regex(FORMATTED_ID_PATTERN).max(60).optional(),
  /** Items of this component live in projects of this component (a "project" component has none). */
  isProject: z.boolean().default(false),
  /**
   * What time is entered on (issue 19): the component's items are the tasks or the activities of a timesheet,
   * which a user's timesheetType (entry in task and activity, activity only, task only) admits or refuses.
   */
  timeEntry: z.enum(['task', 'activity']).optional(),
  fields: z.array(FieldDefinitionSchema),
  forms: z.array(FormDefinitionSchema).default([]),
  listViews: z.array(ListViewSchema).default([]),
  queries: z.array(SavedQuerySchema).default([]),
  kanbanViews: z.array(KanbanViewSchema).default([]),
  scheduleViews: z.array(ScheduleViewSchema).default([]),
  calendarViews: z.array(CalendarViewSchema).default([]),
  /** Items without a workflow have no status. */
  workflow: WorkflowDefinitionSchema.optional(),
  printLayouts: z.array(PrintLayoutSchema).default([]),
  reports: z.array(ReportDefinitionSchema).default([]),
  rules: z.array(BusinessRuleSchema).default([]),
  /** The project its items land in when created without one: portal requests reach the department. */
  externalRequests: ExternalRequestsSchema.optional(),
  /** Who may write which fields in which status (field-access.ts); absent: only the defaults hold. */
  fieldAccess: FieldAccessSchema.optional(),
});
export type ComponentDefinition = z.infer<typeof ComponentDefinitionSchema>;
export type ComponentDefinitionInput = z.input<typeof ComponentDefinitionSchema>;
