import { z } from 'zod';
import { BusinessRuleSchema } from '../definition/business-rule.ts';
import { FieldDefinitionSchema } from '../definition/field.ts';
import { FieldTypeSchema } from '../definition/field-types.ts';
import { FormComponentSchema, FormModeSchema } from '../definition/form.ts';
import { LocalizedTextSchema } from '../definition/localized-text.ts';
import { ReferenceTableSchema } from '../definition/reference-table.ts';
import {
  ComponentIdSchema,
  ItemChangesSchema,
  ItemIdSchema,
  ItemWriteResultSchema,
} from '../items/items.schemas.ts';
import { FORM_RULE_EVENTS } from '../rules/form-rules.ts';

const idFromQuery = z.coerce.number().int().positive();
/** 0 or absent: none (the `{projectId}` of insertItem routes is 0 outside projects). */
const optionalIdFromQuery = z.coerce.number().int().min(0).optional();

/** Spec §7.6 getForm: the form `formId` of component `componentId`. */
export const GetFormQuerySchema = z.object({
  componentId: idFromQuery,
  formId: idFromQuery,
  /** The project the form is opened in: the user's hidden fields are kept per project (showHideField). */
  projectId: optionalIdFromQuery,
});

/** A field the form shows, resolved from the definition, texts in the request language. */
export const FormFieldSchema = z.object({
  key: z.string(),
  type: FieldTypeSchema,
  label: z.string(),
  required: z.boolean(),
  /** The form does not let the user change it (a read-only component, a computed value, a system field). */
  readOnly: z.boolean(),
  multiple: z.boolean(),
  options: z.array(z.object({ value: z.string(), text: z.string(), color: z.string().optional() })),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
  maxLength: z.number().optional(),
  mask: z.string().optional(),
  uppercase: z.boolean(),
  pattern: z.string().optional(),
  dateTimeFormatType: z.number(),
  dateTimeFormat: z.string().optional(),
  targetComponentId: z.number().optional(),
});
export type FormField = z.infer<typeof FormFieldSchema>;

export const FormViewSchema = z.object({
  componentId: ComponentIdSchema,
  formId: z.number().int().positive(),
  /** The form's and the component's names in the request language. */
  name: z.string(),
  componentLabel: z.string(),
  /**
   * The component's name, unique across applications: screens made for one shipped process (the AET request's
   * copy and renewal) recognise its component by it, whatever id the installation gave it.
   */
  componentName: z.string(),
  mode: FormModeSchema,
  /** The layout tree as defined (its captions in both languages; field captions come from `fields`). */
  layout: z.array(FormComponentSchema),
  /** The fields the layout binds, by key, in layout order. */
  fields: z.array(FormFieldSchema),
  /**
   * What the browser's rule engine needs for instant feedback: the same definitions the server runs, with the
   * definition's reference tables the component's rules and indicators read ($table).
   */
  rules: z.object({
    fields: z.array(FieldDefinitionSchema),
    rules: z.array(BusinessRuleSchema),
    referenceTables: z.array(ReferenceTableSchema).optional(),
  }),
  /** Fields this user chose to hide in this project (showHideField): presentation only. */
  hiddenFields: z.array(z.string()),
  /**
   * The workflow's initial status: a new item, or one in this status, is a draft (fields required only from
   * leaving it may stay empty). Absent or null: no workflow, no drafts.
   */
  draftStatus: z.string().nullable().optional(),
  /** The form an item past its draft opens on instead of this one (FormDefinition.sentFormId). */
  sentFormId: z.number().int().optional(),
});
export type FormView = z.infer<typeof FormViewSchema>;

/** The state of a form after its rules ran (see evaluateFormRules), with messages in both languages. */
export const FormStateSchema = z.object({
  values: z.record(z.string(), z.unknown()),
  visibility: z.record(z.string(), z.boolean()),
  required: z.record(z.string(), z.boolean()),
  errors: z.array(
    z.object({ field: z.string(), message: LocalizedTextSchema, ruleId: z.string().optional() }),
  ),
});
export type FormState = z.infer<typeof FormStateSchema>;

/** Spec §7.6 getFormInitialData: a new item's values (defaults) for the insert form. */
export const GetFormInitialDataQuerySchema = z.object({
  componentId: idFromQuery,
  formId: idFromQuery,
  projectId: optionalIdFromQuery,
});

/** Spec §7.6 saveItem: insert (no itemId) or update (itemId and the version the form loaded). */
export const SaveItemBodySchema = z
  .object({
    componentId: ComponentIdSchema,
    formId: z.number().int().positive(),
    itemId: ItemIdSchema.optional(),
    version: z.number().int().positive().optional(),
    /** Insert: the project the item goes into (0 or absent: none). */
    projectId: z.number().int().min(0).optional(),
    parentId: ItemIdSchema.optional(),
    /** The values the form edits, by field key; keys the form does not allow answer 400 naming them. */
    values: ItemChangesSchema,
    /** Answer a fresh form's initial data too, for the next insert (spec §7.6 saveAndClear). */
    saveAndClear: z.boolean().default(false),
  })
  .refine((body) => body.itemId === undefined || body.version !== undefined, {
    path: ['version'],
    error: 'fillInThisField',
  });
export type SaveItemBody = z.input<typeof SaveItemBodySchema>;

/** A saved item as the form shows it again: system fields and values by key. */
export const FormItemSchema = z.object({
  id: ItemIdSchema,
  componentId: ComponentIdSchema,
  projectId: z.number().nullable(),
  formattedId: z.string(),
  version: z.number().int().positive(),
  status: z.string().nullable(),
  createdAt: z.string(),
  modifiedAt: z.string(),
  /** Configured values plus Title, FormattedID, Version and ID, as rule expressions see them. */
  values: z.record(z.string(), z.unknown()),
  /** Spec §6 checkPermissionToUpdate for this item and user. */
  canEdit: z.boolean(),
  /** The signed-in user created the item (a request's own actions: copy, renew). Optional for older answers. */
  createdByViewer: z.boolean().optional(),
  /**
   * Fields this user may not write in the item's status (field permissions by role and status: department
   * fields for external users, every field in a final status…): the form shows them read-only. The server
   * always sends it; optional so that older answers and test fixtures still parse.
   */
  readOnlyFields: z.array(z.string()).optional(),
  /**
   * Fields this user may not see in the item's status (fieldAccess `hidden` grants): their values are left out
   * of `values` and the form does not render them. Not the user's own show/hide preference (FormView.hiddenFields).
   */
  restrictedFields: z.array(z.string()).optional(),
  /** The status deadline and when it is due soon, ISO instants (engine/deadlines; dueStateOf); null without one. */
  dueAt: z.string().nullable().optional(),
  dueSoonAt: z.string().nullable().optional(),
});
export type FormItem = z.infer<typeof FormItemSchema>;

export const SaveItemResultSchema = z.object({
  saved: ItemWriteResultSchema,
  item: FormItemSchema,
  /** saveAndClear: the initial data of the next new item. */
  next: FormStateSchema.optional(),
});
export type SaveItemResult = z.infer<typeof SaveItemResultSchema>;

/** Spec §7.6 refreshItem: the item as stored now. */
export const RefreshItemBodySchema = z.object({ itemId: ItemIdSchema, componentId: ComponentIdSchema });
export type RefreshItemBody = z.input<typeof RefreshItemBodySchema>;

/** Spec §7.6 executeFormBusinessRule: the rules of an event over the form's current values, run by the server. */
export const ExecuteFormBusinessRuleBodySchema = z.object({
  componentId: ComponentIdSchema,
  values: ItemChangesSchema,
  event: z.enum(FORM_RULE_EVENTS),
  changedField: z.string().max(64).optional(),
  /** A button's `runRule`: only this action rule's effects run (whatever its trigger), then the rest as usual. */
  ruleId: z.string().max(64).optional(),
  /** Editing an existing item (no defaults on load). */
  isNew: z.boolean().default(true),
});
export type ExecuteFormBusinessRuleBody = z.input<typeof ExecuteFormBusinessRuleBodySchema>;

/** Spec §7.6 getHistory / getHistoryFull (GET: itemId, tableName — the component's name, optional). */
export const GetHistoryQuerySchema = z.object({
  itemId: idFromQuery,
  tableName: z.string().max(100).optional(),
});

export const AttributeChangeSchema = z.object({
  field: z.string(),
  label: z.string(),
  /** Formatted for display (pt-BR numbers and dates, option texts, user names); '' when empty. */
  oldValue: z.string(),
  newValue: z.string(),
});
export type AttributeChange = z.infer<typeof AttributeChangeSchema>;

export const HistoryEntrySchema = z.object({
  version: z.number().int().positive(),
  action: z.enum(['create', 'update', 'delete']),
  changedBy: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** ISO instant. */
  changedAt: z.string(),
  /** Labels of the fields this version changed. */
  fields: z.array(z.string()),
  /** getHistoryFull only: the field-by-field changes. */
  changes: z.array(AttributeChangeSchema).optional(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;
export const HistoryResultSchema = z.object({ versions: z.array(HistoryEntrySchema) });
export type HistoryResult = z.infer<typeof HistoryResultSchema>;

/**
 * Spec §7.6 getAttributeChanges (GET: currentVersion, previousVersion, componentId) — plus itemId, since
 * version numbers count per item. previousVersion 0 compares with an empty item.
 */
export const GetAttributeChangesQuerySchema = z.object({
  itemId: idFromQuery,
  componentId: idFromQuery,
  currentVersion: idFromQuery,
  previousVersion: z.coerce.number().int().min(0),
});
export const AttributeChangesResultSchema = z.object({ changes: z.array(AttributeChangeSchema) });
export type AttributeChangesResult = z.infer<typeof AttributeChangesResultSchema>;

/** Spec §7.6 showHideField {field, isVisible, componentid, projectId}: the user shows or hides a field. */
export const ShowHideFieldBodySchema = z.object({
  field: z.string().min(1).max(64),
  isVisible: z.boolean(),
  componentid: ComponentIdSchema,
  /** 0 or absent: outside projects. */
  projectId: z.number().int().min(0).default(0),
});
export type ShowHideFieldBody = z.input<typeof ShowHideFieldBodySchema>;
export const ShowHideFieldResultSchema = z.object({
  field: z.string(),
  isVisible: z.boolean(),
  /** Every field the user now hides for this component and project. */
  hiddenFields: z.array(z.string()),
});
export type ShowHideFieldResult = z.infer<typeof ShowHideFieldResultSchema>;
