import { z } from 'zod';
import { requiredText } from '../common/fields.ts';

/** A row of the groups grid (spec §3 "Group row", §2.11 header 'Nome'). */
export const AdminGroupRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  memberCount: z.number().int(),
});
export type AdminGroupRow = z.infer<typeof AdminGroupRowSchema>;

export const GroupIdQuerySchema = z.object({ GroupId: z.coerce.number().int().positive() });

export const GroupMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  login: z.string(),
});
export type GroupMember = z.infer<typeof GroupMemberSchema>;

/** One group with its members and the applications it may open. */
export const AdminGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  members: z.array(GroupMemberSchema),
  applicationIds: z.array(z.number().int()),
});
export type AdminGroup = z.infer<typeof AdminGroupSchema>;

/** Options of the group form: every user and every application. */
export const GroupFormInitialDataSchema = z.object({
  users: z.array(GroupMemberSchema),
  applications: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type GroupFormInitialData = z.infer<typeof GroupFormInitialDataSchema>;

const GROUP_MEMBERS_MAX = 10000;
const GROUP_APPLICATIONS_MAX = 1000;

/**
 * id 0 creates the group; otherwise renames it. Names are unique regardless of letter case (409). With
 * `memberIds` / `applicationIds` the members / granted applications become exactly those, in the same
 * transaction as the name: an unknown id (400) leaves the group as it was. Left out, they stay unchanged.
 */
export const SaveGroupBodySchema = z.object({
  id: z.number().int().min(0),
  name: requiredText(120),
  memberIds: z.array(z.number().int().positive()).max(GROUP_MEMBERS_MAX).optional(),
  applicationIds: z.array(z.number().int().positive()).max(GROUP_APPLICATIONS_MAX).optional(),
});
export type SaveGroupBody = z.input<typeof SaveGroupBodySchema>;

export const SaveGroupResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.number().int(),
});

/** Replaces the group's members with exactly these users. */
export const SetGroupMembersBodySchema = z.object({
  groupId: z.number().int().positive(),
  userIds: z.array(z.number().int().positive()).max(GROUP_MEMBERS_MAX),
});
export type SetGroupMembersBody = z.input<typeof SetGroupMembersBodySchema>;

/** Replaces the applications the group may open (application_grants of the group). */
export const SetGroupApplicationsBodySchema = z.object({
  groupId: z.number().int().positive(),
  applicationIds: z.array(z.number().int().positive()).max(GROUP_APPLICATIONS_MAX),
});
export type SetGroupApplicationsBody = z.input<typeof SetGroupApplicationsBodySchema>;
