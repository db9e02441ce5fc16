import { z } from 'zod';
import { ItemRoleSchema } from './effects.ts';
import { DefinitionKeySchema, FieldReferenceSchema } from './primitives.ts';

/**
 * Who a field grant names besides groups: the kind of account (`external`: a portal account — permissionário,
 * requerente —; `staff`: the department) or a role relative to the item (its creator, responsible, project
 * manager or members, administrators).
 */
export const FIELD_ACCESS_AUDIENCES = ['external', 'staff'] as const;
export const FieldAccessRoleSchema = z.union([z.enum(FIELD_ACCESS_AUDIENCES), ItemRoleSchema]);
export type FieldAccessRole = z.infer<typeof FieldAccessRoleSchema>;

/** Some fields, written by whoever holds one of `roles` or belongs to one of `groups` (by name). */
export const FieldWriteGrantSchema = z
  .object({
    /** Configured field keys, or the writable system keys Title and Position. */
    fields: z.array(FieldReferenceSchema).min(1),
    roles: z.array(FieldAccessRoleSchema).default([]),
    groups: z.array(z.string().trim().min(1).max(100)).default([]),
  })
  .refine((grant) => grant.roles.length > 0 || grant.groups.length > 0, {
    path: ['roles'],
    error: 'a grant names at least one role or group',
  });
export type FieldWriteGrant = z.infer<typeof FieldWriteGrantSchema>;

/**
 * Some fields hidden from whoever holds one of `roles` or belongs to one of `groups` (same shape as a write
 * grant): they do not see the values (form, lists, exports, history) and so cannot write them either.
 */
export const FieldHiddenGrantSchema = FieldWriteGrantSchema;
export type FieldHiddenGrant = FieldWriteGrant;

/**
 * Who writes and who may not see what while an item is in `status`: when a status has an entry (other than
 * one with only `hidden` grants), a user who is not an administrator writes only the fields some `write` grant
 * they hold names; every other field is read-only for them in that status. `hidden` names fields some roles or groups may not see in that status
 * (administrators see everything); a field not hidden stays visible — `departmentOnly` fields included.
 */
export const StatusFieldAccessSchema = z.object({
  status: DefinitionKeySchema,
  write: z.array(FieldWriteGrantSchema).default([]),
  hidden: z.array(FieldHiddenGrantSchema).default([]),
});
export type StatusFieldAccess = z.infer<typeof StatusFieldAccessSchema>;

/**
 * A component's field permissions by role and status (issue 15), enforced by the one write path on every writer
 * and shown by the form as read-only fields. Besides these entries two defaults always hold: a field marked
 * `departmentOnly` is read-only for external users in every status, and in a locked status every field is
 * read-only for everyone — only a workflow action's own effects (setField) change it then.
 */
export const FieldAccessSchema = z.object({
  /** Statuses where no field may be written except by workflow actions; default: the workflow's final ones. */
  lockedStatuses: z.array(DefinitionKeySchema).optional(),
  statuses: z.array(StatusFieldAccessSchema).default([]),
});
export type FieldAccess = z.infer<typeof FieldAccessSchema>;
export type FieldAccessInput = z.input<typeof FieldAccessSchema>;

/** The statuses a component locks: its `lockedStatuses`, else its workflow's final statuses. */
export function lockedStatusesOf(component: {
  fieldAccess?: FieldAccess | undefined;
  workflow?: { statuses: ReadonlyArray<{ key: string; final: boolean }> } | undefined;
}): ReadonlySet<string> {
  if (component.fieldAccess?.lockedStatuses) return new Set(component.fieldAccess.lockedStatuses);
  return new Set(
    (component.workflow?.statuses ?? []).filter((status) => status.final).map((status) => status.key),
  );
}
