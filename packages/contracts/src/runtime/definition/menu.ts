import { z } from 'zod';
import { LocalizedTextSchema } from './localized-text.ts';
import { DefinitionIdSchema } from './primitives.ts';

/** The `{title}` segment of a runtime route (shown as the page title; URL-encoded in the path). */
const TitleSchema = z.string().trim().min(1).max(200);
/** A project (its item id), or 0 for "no project chosen" as in `insertItem/1/0/2`. */
const ProjectIdSchema = z.number().int().min(0);
const withTitle = { title: TitleSchema };

/**
 * Where a menu item leads: one kind per runtime sub-route of spec §2.9, plus a path under the portal's public
 * URL and an external URL (opened in a new tab). `menuLinkPath` turns a target into its path.
 */
export const MenuLinkTargetSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('list'),
    componentId: DefinitionIdSchema,
    formId: DefinitionIdSchema,
    queryId: DefinitionIdSchema,
    viewId: DefinitionIdSchema,
    ...withTitle,
  }),
  z.object({
    kind: z.literal('listProject'),
    componentId: DefinitionIdSchema,
    projectId: ProjectIdSchema,
    ...withTitle,
  }),
  z.object({ kind: z.literal('project'), projectId: ProjectIdSchema, ...withTitle }),
  z.object({
    kind: z.literal('insertItem'),
    componentId: DefinitionIdSchema,
    projectId: ProjectIdSchema,
    formId: DefinitionIdSchema,
  }),
  z.object({
    kind: z.literal('editItem'),
    componentId: DefinitionIdSchema,
    itemId: z.number().int().positive(),
    formId: DefinitionIdSchema,
  }),
  z.object({ kind: z.literal('kanban'), viewId: DefinitionIdSchema, ...withTitle }),
  z.object({ kind: z.literal('schedule'), viewId: DefinitionIdSchema, ...withTitle }),
  z.object({ kind: z.literal('calendar'), ...withTitle }),
  z.object({ kind: z.literal('report'), reportId: DefinitionIdSchema, ...withTitle }),
  z.object({ kind: z.literal('operation'), operationId: DefinitionIdSchema, ...withTitle }),
  z.object({ kind: z.literal('repositories'), ...withTitle }),
  z.object({
    kind: z.literal('repository'),
    projectId: ProjectIdSchema,
    fileFormId: DefinitionIdSchema,
    folderFormId: DefinitionIdSchema,
    ...withTitle,
  }),
  z.object({ kind: z.literal('repositoryView'), ...withTitle }),
  z.object({ kind: z.literal('resourcesList'), ...withTitle }),
  z.object({ kind: z.literal('closeMonthList'), ...withTitle }),
  z.object({ kind: z.literal('myTimesheet'), ...withTitle }),
  z.object({ kind: z.literal('timesheetList'), ...withTitle }),
  /**
   * The user's work queue ('Minhas pendências'): items of the application's components whose responsible is the
   * user or one of their groups, by status. `/runtime/{appID}/pendingWork`.
   */
  z.object({ kind: z.literal('pendingWork') }),
  /** A path under the portal's PUBLIC_URL (a public page or a shipped document), opened in a new tab. */
  z.object({
    kind: z.literal('publicPath'),
    path: z
      .string()
      .regex(/^\/[A-Za-z0-9._~\-/%]*$/)
      .max(500),
  }),
  z.object({ kind: z.literal('externalUrl'), url: z.url({ protocol: /^https?$/ }).max(2000) }),
]);
export type MenuLinkTarget = z.infer<typeof MenuLinkTargetSchema>;
export type MenuLinkTargetInput = z.input<typeof MenuLinkTargetSchema>;

/** A menu key: unique in the application's whole menu tree. */
export const MenuKeySchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/);

const MenuItemBaseSchema = z.object({
  key: MenuKeySchema,
  name: LocalizedTextSchema,
  icon: z.string().max(100).default(''),
  isFontAwesome: z.boolean().default(false),
  /** A data:image URL shown instead of the icon, or ''. */
  imageContent: z.string().max(2_000_000).default(''),
  /** A section header, not a link. */
  title: z.boolean().default(false),
  multilevel: z.boolean().default(false),
  /** The name of a count computed per user when the menu is built (e.g. 'unreadMessages'). */
  badgeSource: z.string().max(100).optional(),
  target: MenuLinkTargetSchema.optional(),
  /**
   * Names of the groups whose members see the entry (and its children); empty: everyone who may open the
   * application. Administrators see every entry. E.g. a department work queue hidden from portal applicants.
   */
  groups: z.array(z.string().trim().min(1).max(100)).default([]),
});

// Spec §3 "Menu item": `child` nests. Written out as interfaces because a recursive schema cannot infer itself.
export interface MenuItemDefinition extends z.output<typeof MenuItemBaseSchema> {
  children: MenuItemDefinition[];
}
export interface MenuItemDefinitionInput extends z.input<typeof MenuItemBaseSchema> {
  children?: MenuItemDefinitionInput[];
}

export const MenuItemDefinitionSchema: z.ZodType<MenuItemDefinition, MenuItemDefinitionInput> =
  MenuItemBaseSchema.extend({
    children: z.array(z.lazy(() => MenuItemDefinitionSchema)).default([]),
  }).superRefine((item, context) => {
    if (item.title && item.target) {
      context.addIssue({ code: 'custom', path: ['target'], message: 'a section title has no link target' });
    }
  });
