import { z } from 'zod';
import { ComponentIdSchema, ItemIdSchema } from '../items/items.schemas.ts';

/**
 * A project the caller may see (spec §6, §7.6 loadProjects). Projects are items of a component with
 * `isProject`; the project manager is the project item's responsible.
 */
export const ProjectSummarySchema = z.object({
  id: ItemIdSchema,
  componentId: ComponentIdSchema,
  formattedId: z.string(),
  title: z.string(),
  status: z.string().nullable(),
  managerId: z.number().int().nullable(),
  managerName: z.string().nullable(),
});
export type ProjectSummary = z.infer<typeof ProjectSummarySchema>;

/** loadProjects (GET): optionally only the projects of one project component. */
export const LoadProjectsQuerySchema = z.object({
  componentId: z.coerce.number().int().positive().optional(),
});

export const ProjectIdBodySchema = z.object({ projectId: ItemIdSchema });
export type ProjectIdBody = z.input<typeof ProjectIdBodySchema>;

export const ProjectTitleSchema = z.object({
  projectId: ItemIdSchema,
  formattedId: z.string(),
  title: z.string(),
});
export type ProjectTitle = z.infer<typeof ProjectTitleSchema>;

/** One grantee of a project (spec §6): read-only entries see but do not change; folder access restricted. */
export const ProjectPermissionEntrySchema = z.object({
  id: z.number().int().positive(),
  readOnly: z.boolean().default(false),
  /** The grantee sees only the repository folders granted to them (file repositories, a later issue). */
  restrictFolderAccess: z.boolean().default(false),
});
export type ProjectPermissionEntry = z.infer<typeof ProjectPermissionEntrySchema>;

export const ProjectPermissionRowSchema = ProjectPermissionEntrySchema.extend({
  name: z.string(),
  readOnly: z.boolean(),
  restrictFolderAccess: z.boolean(),
});
export type ProjectPermissionRow = z.infer<typeof ProjectPermissionRowSchema>;

/** loadProjectPermissions: the users and groups of a project; `canEdit` when the caller may save them. */
export const ProjectPermissionsSchema = z.object({
  projectId: ItemIdSchema,
  canEdit: z.boolean(),
  users: z.array(ProjectPermissionRowSchema),
  groups: z.array(ProjectPermissionRowSchema),
});
export type ProjectPermissions = z.infer<typeof ProjectPermissionsSchema>;

/**
 * saveProjectPermissions: replaces the project's whole list (project manager or administrator only, 403
 * otherwise). A user or group listed twice, or one that does not exist, answers 400 naming the entry.
 */
export const SaveProjectPermissionsBodySchema = z.object({
  projectId: ItemIdSchema,
  users: z.array(ProjectPermissionEntrySchema).max(5000).default([]),
  groups: z.array(ProjectPermissionEntrySchema).max(5000).default([]),
});
export type SaveProjectPermissionsBody = z.input<typeof SaveProjectPermissionsBodySchema>;

/**
 * Spec §6 checkPermissionToUpdate (itemId, project, component, status, responsible). For a saved item
 * (itemId > 0) the stored item decides; for a new one (itemId 0 or absent), whether the caller may create
 * items of the component in `project`.
 */
export const CheckPermissionToUpdateBodySchema = z.object({
  itemId: z.number().int().min(0).nullish(),
  project: z.number().int().min(0).nullish(),
  component: ComponentIdSchema,
  status: z.string().max(100).nullish(),
  responsible: z.number().int().min(0).nullish(),
});
export type CheckPermissionToUpdateBody = z.input<typeof CheckPermissionToUpdateBodySchema>;

/** `message` (translated) is the refusal text of spec §6 when not allowed. */
export const PermissionToUpdateSchema = z.object({
  allowed: z.boolean(),
  message: z.string().optional(),
});
export type PermissionToUpdate = z.infer<typeof PermissionToUpdateSchema>;
