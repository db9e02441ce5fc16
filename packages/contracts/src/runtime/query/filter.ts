import { z } from 'zod';

/**
 * System field keys of spec §3 that lists can show, filter and sort, besides the component's configured fields.
 */
export const SYSTEM_FIELD_KEYS = [
  'ID',
  'FormattedID',
  'Parent',
  'Title',
  'CreationDate',
  'ProjectName',
  'ProjectManager',
  'CreatorName',
  'StatusName',
  'LastModify',
  'ModifierName',
  'Version',
  'ResponsibleName',
  'Reason',
  'Position',
  /** When the item's status deadline falls (engine/deadlines); empty outside statuses with an SLA. */
  'DueDate',
] as const;
export type SystemFieldKey = (typeof SYSTEM_FIELD_KEYS)[number];

export const FILTER_OPERATORS = [
  'eq',
  'ne',
  'lt',
  'lte',
  'gt',
  'gte',
  'between',
  'contains',
  'notContains',
  'startsWith',
  'endsWith',
  'in',
  'notIn',
  'isEmpty',
  'isNotEmpty',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** How the conditions of a group combine (spec §3 payload vocabulary `logicSeparator`). */
export const LOGIC_SEPARATORS = ['AND', 'OR'] as const;
export type LogicSeparator = (typeof LOGIC_SEPARATORS)[number];

/**
 * One condition on a field (a configured field key or a system field key). `value` is typed by the field:
 * a number for numeric fields, an ISO instant for dates, a boolean, a string, or an id; `in`/`notIn` take an
 * array; `between` takes `value` and `valueTo`; `isEmpty`/`isNotEmpty` take none.
 */
export const FilterConditionSchema = z.object({
  field: z.string().min(1).max(64),
  operator: z.enum(FILTER_OPERATORS),
  value: z.unknown().optional(),
  valueTo: z.unknown().optional(),
});
export type FilterCondition = z.infer<typeof FilterConditionSchema>;

/**
 * A filter value standing for the user who runs the query, for fields holding users (USERS, USERS_OR_GROUPS and
 * the system fields CreatorName, ModifierName, ResponsibleName, ProjectManager): a saved query "Minhas tarefas"
 * filters `ResponsibleName eq CURRENT_USER` and each user gets their own. Also accepted inside `in` lists.
 */
export const CURRENT_USER = '$currentUser';

export interface FilterGroup {
  logicSeparator: LogicSeparator;
  filters: Array<FilterCondition | FilterGroup>;
}

/** Limits of a filter tree, checked by the server (400 beyond them). */
export const MAX_FILTER_DEPTH = 8;
export const MAX_FILTER_CONDITIONS = 200;

/** A filter tree: groups of conditions joined by AND/OR, nested at most 8 levels (checked by the server). */
export const FilterGroupSchema: z.ZodType<FilterGroup> = z.lazy(() =>
  z.object({
    logicSeparator: z.enum(LOGIC_SEPARATORS),
    filters: z.array(z.union([FilterConditionSchema, FilterGroupSchema])).max(200),
  }),
);

export function isFilterGroup(node: FilterCondition | FilterGroup): node is FilterGroup {
  return 'logicSeparator' in node;
}

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** A list's order (spec §3 payload vocabulary `order` / `sortDirection`); ties are broken by the item id. */
export const SortSchema = z.object({
  field: z.string().min(1).max(64),
  sortDirection: z.enum(SORT_DIRECTIONS).default('asc'),
});
export type Sort = z.infer<typeof SortSchema>;
