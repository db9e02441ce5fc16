import { z } from 'zod';
import { FileIndexListSchema } from './file-indexes.ts';
import { formComponentBase } from './form-inputs.ts';
import { LocalizedTextSchema } from './localized-text.ts';
import { DefinitionIdSchema, DefinitionKeySchema, ExpressionSchema } from './primitives.ts';

/** The key of an attachments component that names none. */
export const DEFAULT_ATTACHMENTS_KEY = 'attachments';
/** Highest count cap an attachments component may configure. */
export const MAX_ATTACHMENTS_PER_COMPONENT = 500;

/** What a button does. */
export const ButtonActionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('save') }),
  z.object({ kind: z.literal('saveAndClear') }),
  /** Runs an `action` business rule of the component. */
  z.object({ kind: z.literal('runRule'), ruleId: DefinitionKeySchema }),
  z.object({ kind: z.literal('workflowAction'), actionKey: DefinitionKeySchema }),
  z.object({ kind: z.literal('print'), printLayoutId: DefinitionIdSchema }),
  z.object({ kind: z.literal('openUrl'), url: z.url({ protocol: /^https?$/ }) }),
]);
export type ButtonAction = z.infer<typeof ButtonActionSchema>;

/**
 * Form components that are not bound to one field: static content, and the item's related data (attachments,
 * history, links, child items, project parts). Components named by id may belong to another application.
 */
export const WIDGET_SCHEMAS = [
  z.object({
    ...formComponentBase,
    type: z.literal('label'),
    text: LocalizedTextSchema,
    variant: z.enum(['title', 'subtitle', 'body']).default('body'),
  }),
  /** Static markup, sanitised when rendered. */
  z.object({ ...formComponentBase, type: z.literal('html'), content: z.string().max(20_000) }),
  z.object({
    ...formComponentBase,
    type: z.literal('button'),
    text: LocalizedTextSchema,
    action: ButtonActionSchema,
  }),
  z.object({
    ...formComponentBase,
    type: z.literal('indicator'),
    expression: ExpressionSchema,
    /**
     * How the value shows: a number by kind, or `messages` — a list of texts, each a string or
     * `{ "pt-BR": …, "en": … }` shown in the user's language (e.g. each limit a request exceeds), `emptyText`
     * when the list is empty.
     */
    format: z.enum(['number', 'currency', 'percent', 'duration', 'messages']).default('number'),
    emptyText: LocalizedTextSchema.optional(),
  }),
  /**
   * The item's attached files (engine/attachments). Attachments are stored per component key, so a form with
   * two such components needs distinct keys; one alone is 'attachments'.
   */
  z.object({
    ...formComponentBase,
    type: z.literal('attachments'),
    key: DefinitionKeySchema.default(DEFAULT_ATTACHMENTS_KEY),
    /** The count cap ('You cannot add more than {qtd} files.'); the server's default when absent. */
    maxFiles: z.number().int().min(1).max(MAX_ATTACHMENTS_PER_COMPONENT).optional(),
    /** Metadata fields filled per attached file (document type, sheet number, km …). */
    fileIndexes: FileIndexListSchema.default([]),
    /**
     * The 'Protocolo de Assinatura' issued after each signature: its opening text, with {{key}} item fields
     * (FormattedID, Title, a field key …); the signers, times, certificates and the document's SHA-256 follow.
     * Without it no protocol is issued ('…the protocol template was not configured'); the signature stands.
     */
    signatureProtocolTemplate: z.string().trim().min(1).max(4000).optional(),
    /** The stamp's text (lines by \n, {{key}} item fields, {{DateTime}}) when the stamp call names none. */
    stampTemplate: z.string().trim().min(1).max(1000).optional(),
  }),
  /** A search of the application's attachments by their file index values (getAllFileIndexes). */
  z.object({ ...formComponentBase, type: z.literal('fileIndexes') }),
  z.object({ ...formComponentBase, type: z.literal('itemLinks') }),
  z.object({ ...formComponentBase, type: z.literal('itemHistory') }),
  z.object({ ...formComponentBase, type: z.literal('notifications') }),
  z.object({ ...formComponentBase, type: z.literal('workflows') }),
  z.object({ ...formComponentBase, type: z.literal('itemType') }),
  z.object({ ...formComponentBase, type: z.literal('timesheets') }),
  z.object({ ...formComponentBase, type: z.literal('activityResource') }),
  z.object({ ...formComponentBase, type: z.literal('predecessorActivities') }),
  z.object({ ...formComponentBase, type: z.literal('projectCalendar') }),
  z.object({ ...formComponentBase, type: z.literal('projectResource') }),
  z.object({ ...formComponentBase, type: z.literal('configuration') }),
  /** Items of another component linked to this one (many-to-many). */
  z.object({
    ...formComponentBase,
    type: z.literal('manyToMany'),
    componentId: DefinitionIdSchema,
    viewId: DefinitionIdSchema.optional(),
  }),
  /** Child items (parent = this item) of a component, listed with a view and edited with a form. */
  z.object({
    ...formComponentBase,
    type: z.literal('masterSlave'),
    componentId: DefinitionIdSchema,
    viewId: DefinitionIdSchema.optional(),
    formId: DefinitionIdSchema.optional(),
  }),
  /** Child items on a time line (OneToManyTimeline). */
  z.object({ ...formComponentBase, type: z.literal('timeline'), componentId: DefinitionIdSchema }),
  /** A grid of the items of a saved query. */
  z.object({
    ...formComponentBase,
    type: z.literal('dataGrid'),
    componentId: DefinitionIdSchema,
    queryId: DefinitionIdSchema.optional(),
    viewId: DefinitionIdSchema.optional(),
  }),
  z.object({
    ...formComponentBase,
    type: z.literal('componentList'),
    componentIds: z.array(DefinitionIdSchema).min(1),
  }),
] as const;
