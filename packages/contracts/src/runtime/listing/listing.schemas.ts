import { z } from 'zod';
import { FieldDefinitionSchema } from '../definition/field.ts';
import { LocalizedTextSchema } from '../definition/localized-text.ts';
import {
  FilterConditionSchema,
  FilterGroupSchema,
  LOGIC_SEPARATORS,
  MAX_FILTER_CONDITIONS,
  SortSchema,
} from '../query/filter.ts';
import { ColumnDefinitionSchema, ColumnItemSchema } from './columns.ts';

/** Lists never answer more rows per page than this (spec §7.6 `rowsPerPage`). */
export const MAX_ROWS_PER_PAGE = 500;
export const DEFAULT_ROWS_PER_PAGE = 50;
/** Counts stop here: a list shows "1.000+" instead of counting a million rows. */
export const LIST_COUNT_CAP = 1000;

const componentId = z.coerce.number().int().positive();
/** A project id; 0 or absent means "no project" (the menu links of spec §2.9 write 0). */
const optionalProjectId = z.coerce
  .number()
  .int()
  .min(0)
  .optional()
  .transform((value) => (value ? value : undefined));
const idList = z.array(z.number().int().positive()).max(500);
const searchText = z.string().trim().max(100);

/** What a list shows of a component. */
export const ComponentSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  label: z.string(),
  pluralLabel: z.string(),
  isProject: z.boolean(),
  applicationId: z.number().int(),
});
export type ComponentSummary = z.infer<typeof ComponentSummarySchema>;

/** A saved query of a component's definition: executeFilter applies it with `queryId`. */
export const SavedQuerySummarySchema = z.object({ id: z.number().int(), name: z.string() });
/** A list view of a component's definition: its columns (field keys) in order. */
export const ListViewSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  columns: z.array(z.string()),
});

export const ListControlDataQuerySchema = z.object({
  componentID: componentId,
  projectID: optionalProjectId,
});
export type ListControlDataQuery = z.input<typeof ListControlDataQuerySchema>;

/** Spec §7.6 getListControlData: everything a list page needs before its first executeFilter. */
export const ListControlDataSchema = z.object({
  component: ComponentSummarySchema,
  projectId: z.number().int().nullable(),
  /** The project's title when the list is scoped to one (listProject routes). */
  projectTitle: z.string().nullable(),
  columns: z.array(ColumnDefinitionSchema),
  queries: z.array(SavedQuerySummarySchema),
  views: z.array(ListViewSummarySchema),
  defaultSort: SortSchema,
  /** The component's first standard-mode form: what edit and new buttons open when the route names none. */
  defaultFormId: z.number().int().nullable(),
  maxRowsPerPage: z.number().int(),
  countCap: z.number().int(),
  /**
   * Whether the viewer may bulk-update selected rows (bulkUpdateItems) and import a spreadsheet (importExcel):
   * the server's own rule, answered so the list offers those actions only to whoever may run them (both
   * routes answer 403 BULK_OPERATION_FORBIDDEN to anyone else).
   */
  canBulkUpdate: z.boolean(),
  canImport: z.boolean(),
});
export type ListControlData = z.infer<typeof ListControlDataSchema>;
/** What the list's metadata says before the viewer's rights to bulk operations are added. */
export type ListControlMetadata = Omit<ListControlData, 'canBulkUpdate' | 'canImport'>;

/** One node of a filter tree: a condition or a nested group. */
export const FilterNodeSchema = z.union([FilterConditionSchema, FilterGroupSchema]);

/**
 * Which rows a list, an export or a count covers (spec §3 payload vocabulary). `filters` and `logicSeparator`
 * are the root group of the filter tree (FilterGroup); a saved query (`queryId`) is ANDed with it. Field names
 * are checked against the component's definition and the system field keys (400 naming the field otherwise).
 */
export const ListQueryBodySchema = z.object({
  componentID: componentId,
  projectId: optionalProjectId.nullable(),
  queryId: z.number().int().positive().optional(),
  viewId: z.number().int().positive().optional(),
  filters: z.array(FilterNodeSchema).max(MAX_FILTER_CONDITIONS).default([]),
  logicSeparator: z.enum(LOGIC_SEPARATORS).default('AND'),
  sort: SortSchema.optional(),
  /** Columns to answer, in order (default: the view's, else the visible ones of getListControlData). */
  viewColumns: z.array(z.string().max(64)).max(300).optional(),
  /** Columns the user hid: left out of the rows and of exports. */
  hidedColumns: z.array(z.string().max(64)).max(300).optional(),
});
export type ListQueryBody = z.input<typeof ListQueryBodySchema>;
export type ListQuery = z.output<typeof ListQueryBodySchema>;

/** Spec §7.6 executeFilter: a page by number, or the page after a cursor (sequential paging, no OFFSET scan). */
export const ExecuteFilterBodySchema = ListQueryBodySchema.extend({
  page: z.number().int().min(1).max(1_000_000).default(1),
  rowsPerPage: z.number().int().min(1).max(MAX_ROWS_PER_PAGE).default(DEFAULT_ROWS_PER_PAGE),
  /** `nextCursor` of the previous page: when given, `page` is ignored. */
  after: z.string().max(1000).optional(),
});
export type ExecuteFilterBody = z.input<typeof ExecuteFilterBodySchema>;

/** How a reference or choice is shown: a user, company, project, item, group, picklist option or status. */
export const DisplayValueSchema = z.object({
  id: z.union([z.number(), z.string()]),
  text: z.string(),
  color: z.string().nullable(),
});
export type DisplayValue = z.infer<typeof DisplayValueSchema>;

/**
 * One list row: the system fields of spec §3 under their keys, the row fields (HasAttachment,
 * HasDigitalContent, StatusColor, FormattedID, Position), the configured fields' stored values (`values`, see
 * FieldStorageKind) and how references and choices read (`display`, by column name; user avatars are in the
 * answer's `users`).
 */
export const ListRowSchema = z.object({
  ID: z.number().int(),
  FormattedID: z.string(),
  Title: z.string(),
  Parent: z.number().int().nullable(),
  ProjectID: z.number().int().nullable(),
  ProjectName: z.string().nullable(),
  ProjectManager: z.string().nullable(),
  /** ISO instants. */
  CreationDate: z.string(),
  LastModify: z.string(),
  CreatorName: z.string().nullable(),
  ModifierName: z.string().nullable(),
  ResponsibleName: z.string().nullable(),
  ResponsibleID: z.number().int().nullable(),
  /** The status key and how it reads (the workflow's name and colour). */
  Status: z.string().nullable(),
  StatusName: z.string().nullable(),
  StatusColor: z.string().nullable(),
  Version: z.number().int(),
  Reason: z.string().nullable(),
  Position: z.number().int(),
  HasAttachment: z.boolean(),
  HasDigitalContent: z.boolean(),
  /**
   * The status deadline (engine/deadlines) and when it becomes due soon, ISO instants; dueStateOf gives the
   * state. Absent or null outside statuses with an SLA.
   */
  DueDate: z.string().nullable().optional(),
  DueSoonDate: z.string().nullable().optional(),
  values: z.record(z.string(), z.unknown()),
  display: z.record(z.string(), z.array(DisplayValueSchema)),
});
export type ListRow = z.infer<typeof ListRowSchema>;

export const ListUserSchema = z.object({ id: z.number().int(), name: z.string(), avatar: z.string() });
export type ListUser = z.infer<typeof ListUserSchema>;

export const ExecuteFilterResultSchema = z.object({
  rows: z.array(ListRowSchema),
  /** Matching rows, counted up to LIST_COUNT_CAP: with `capped` the list shows "1.000+". */
  total: z.number().int(),
  capped: z.boolean(),
  /** The page number asked for; 0 when the page was reached by a cursor (`after`). */
  page: z.number().int(),
  rowsPerPage: z.number().int(),
  /** Pass as `after` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
  /** The users the rows mention (responsible, creator, USERS fields …), by id, with their avatars. */
  users: z.record(z.string(), ListUserSchema),
});
export type ExecuteFilterResult = z.infer<typeof ExecuteFilterResultSchema>;

/** An item as choosers and search boxes show it. */
export const ItemChoiceSchema = z.object({
  id: z.number().int(),
  componentId: z.number().int(),
  projectId: z.number().int().nullable(),
  formattedId: z.string(),
  title: z.string(),
});
export type ItemChoice = z.infer<typeof ItemChoiceSchema>;
export const ItemChoicesSchema = z.object({ items: z.array(ItemChoiceSchema) });

/** Spec §7.6 loadGenericItems: items of a component for a chooser, by ids or by a search text. */
export const LoadGenericItemsBodySchema = z.object({
  componentID: componentId,
  projectId: optionalProjectId.nullable(),
  ids: idList.optional(),
  search: searchText.optional(),
  limit: z.number().int().min(1).max(200).default(50),
});
export type LoadGenericItemsBody = z.input<typeof LoadGenericItemsBodySchema>;

/** Spec §7.6 searchItemsByQuery: text search over Title, FormattedID and the STRING fields. */
export const SearchItemsByQueryBodySchema = z.object({
  componentID: componentId,
  projectId: optionalProjectId.nullable(),
  query: z.string().trim().min(1).max(100),
  limit: z.number().int().min(1).max(50).default(20),
});
export type SearchItemsByQueryBody = z.input<typeof SearchItemsByQueryBodySchema>;

export const AllowedProjectItemTypesQuerySchema = z.object({ projectId: z.coerce.number().int().positive() });
export const AllowedProjectItemTypesSchema = z.object({ components: z.array(ComponentSummarySchema) });

export const ComponentByNameQuerySchema = z.object({ name: z.string().min(1).max(63) });
/** Spec §7.6 getComponentByName: the component and its configured fields. */
export const ComponentByNameSchema = ComponentSummarySchema.extend({
  labels: z.object({ label: LocalizedTextSchema, pluralLabel: LocalizedTextSchema }),
  formattedIdPattern: z.string(),
  fields: z.array(FieldDefinitionSchema),
});
export type ComponentByName = z.infer<typeof ComponentByNameSchema>;

/** Choosers of users, groups, organisational units and companies: by ids or by a search text. */
export const LookupBodySchema = z.object({
  ids: idList.optional(),
  search: searchText.optional(),
  limit: z.number().int().min(1).max(200).default(50),
});
export type LookupBody = z.input<typeof LookupBodySchema>;

export const LoadUsersResultSchema = z.object({ users: z.array(ListUserSchema) });
/** A unit of the organisational structure; `parentId` lets a chooser draw the tree, '' acronym = no sigla. */
export const OrganizationalStructureSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  acronym: z.string().optional().default(''),
  parentId: z.number().int().nullable().optional().default(null),
});
export const LoadOrganizationalStructuresResultSchema = z.object({
  structures: z.array(OrganizationalStructureSchema),
});
export const GroupChoiceSchema = z.object({ id: z.number().int(), name: z.string() });
export const LoadGroupsResultSchema = z.object({ groups: z.array(GroupChoiceSchema) });
export const CompanyChoiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  tradeName: z.string(),
});
export const LoadCompaniesResultSchema = z.object({ companies: z.array(CompanyChoiceSchema) });

/** Spec §7.6 loadPicklistItems: the options of a PICKLIST field, or the statuses of an ITEM_TYPE_STATUS one. */
export const LoadPicklistItemsBodySchema = z.object({
  componentID: componentId,
  field: z.string().min(1).max(64),
});
export type LoadPicklistItemsBody = z.input<typeof LoadPicklistItemsBodySchema>;
export const LoadPicklistItemsResultSchema = z.object({ items: z.array(ColumnItemSchema) });
