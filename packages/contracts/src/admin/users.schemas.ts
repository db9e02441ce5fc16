import { z } from 'zod';
import { EmailSchema, requiredText } from '../common/fields.ts';
import { AdditionalFieldValuesSchema } from './additional-fields.schemas.ts';

/** Kinds of account (staff of the department, or the two external portals' users). */
export const UserKindSchema = z.enum(['staff', 'permissionario', 'requerente']);
export type UserKind = z.infer<typeof UserKindSchema>;

/** A row of the user list (spec §3 "User (list row)", §2.11). `active` = not disabled by an administrator. */
export const AdminUserRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  email: z.string(),
  /** '' when the user belongs to no company. */
  companyName: z.string(),
  login: z.string(),
  active: z.boolean(),
  kind: UserKindSchema,
});
export type AdminUserRow = z.infer<typeof AdminUserRowSchema>;

/** `?UserId=` of getUserFormInitialData / getUsertoEdit; 0 = a new user. */
export const UserIdQuerySchema = z.object({ UserId: z.coerce.number().int().min(0) });
export type UserIdQuery = z.infer<typeof UserIdQuerySchema>;

/** Timesheet settings of spec §3: '0' default, '1' task and activity, '2' activity only, '3' task only, '4' no manual entry. */
export const TIMESHEET_TYPES = ['0', '1', '2', '3', '4'] as const;
export const TimesheetTypeSchema = z.enum(TIMESHEET_TYPES);
/** Automatic note: '0' not applicable, '1' automatic note, '2' manual note. */
export const AUTO_TIMESHEET_TYPES = ['0', '1', '2'] as const;
export const AutoTimesheetTypeSchema = z.enum(AUTO_TIMESHEET_TYPES);

/** A dropdown option (spec §3 "Dropdown option"); `text` is in the request's language (Accept-Language). */
export const OptionSchema = z.object({ value: z.string(), text: z.string() });
export type Option = z.infer<typeof OptionSchema>;

export const IdNameSchema = z.object({ id: z.number().int(), name: z.string() });
export type IdName = z.infer<typeof IdNameSchema>;

/** What the user form needs to fill its dropdowns. */
export const UserFormInitialDataSchema = z.object({
  companies: z.array(IdNameSchema),
  groups: z.array(IdNameSchema),
  timesheetTypes: z.array(OptionSchema),
  autoTimesheetTypes: z.array(OptionSchema),
});
export type UserFormInitialData = z.infer<typeof UserFormInitialDataSchema>;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** One working period of the user's calendar: weekday 0 = Sunday … 6 = Saturday, times 'HH:mm', start < end. */
export const WorkPeriodSchema = z
  .object({
    weekday: z.number().int().min(0).max(6),
    start: z.string().regex(HHMM, { error: 'invalidTime' }),
    end: z.string().regex(HHMM, { error: 'invalidTime' }),
  })
  .refine((period) => period.start < period.end, { error: 'startBeforeEnd', path: ['end'] });
export type WorkPeriod = z.infer<typeof WorkPeriodSchema>;

export const UserCalendarSchema = z.object({ workPeriods: z.array(WorkPeriodSchema).max(70) });
export type UserCalendar = z.infer<typeof UserCalendarSchema>;

/** The user edit record (spec §3). `version` is the optimistic-concurrency token to send back on save. */
export const AdminUserEditSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  login: z.string(),
  email: z.string(),
  avatar: z.string(),
  companyId: z.number().int().nullable(),
  groupIds: z.array(z.number().int()),
  active: z.boolean(),
  isAdministrator: z.boolean(),
  hasPanelAdminPermission: z.boolean(),
  hasChangePasswordPermission: z.boolean(),
  timesheetType: TimesheetTypeSchema,
  autoTimesheetType: AutoTimesheetTypeSchema,
  calendar: UserCalendarSchema,
  /** Values of the administrator-defined fields of entity 'user' (inactive fields' values included). */
  additionalFields: AdditionalFieldValuesSchema,
  /** 0 for a new (blank) record. */
  version: z.number().int(),
});
export type AdminUserEdit = z.infer<typeof AdminUserEditSchema>;

/**
 * The record sent by the user form. `id` 0 creates a user (a temporary, already expired password is e-mailed);
 * `forcePasswordReset` does the same for an existing user; `endSessions` signs the user out everywhere.
 * `version` must be the one read (0 for a new user): a stale one answers 409 naming who changed it.
 */
export const SaveUserBodySchema = z.object({
  id: z.number().int().min(0),
  name: requiredText(200),
  login: requiredText(254).transform((value) => value.toLowerCase()),
  email: EmailSchema,
  avatar: z.string().max(2_000_000).optional().default(''),
  companyId: z.number().int().positive().nullable().optional().default(null),
  groupIds: z.array(z.number().int().positive()).max(1000).optional().default([]),
  active: z.boolean().optional().default(true),
  isAdministrator: z.boolean().optional().default(false),
  hasPanelAdminPermission: z.boolean().optional().default(false),
  hasChangePasswordPermission: z.boolean().optional().default(true),
  timesheetType: TimesheetTypeSchema.optional().default('0'),
  autoTimesheetType: AutoTimesheetTypeSchema.optional().default('0'),
  calendar: UserCalendarSchema.optional().default({ workPeriods: [] }),
  /** Checked by the server against the active 'user' definitions (400 names `body.additionalFields.<name>`). */
  additionalFields: AdditionalFieldValuesSchema.optional().default({}),
  version: z.number().int().min(0),
  forcePasswordReset: z.boolean().optional().default(false),
  endSessions: z.boolean().optional().default(false),
});
export type SaveUserBody = z.input<typeof SaveUserBodySchema>;

/** `message` is the translated success notice ('The User was successfully saved!' / pt-BR). */
export const SaveUserResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.number().int(),
  version: z.number().int(),
});
export type SaveUserResponse = z.infer<typeof SaveUserResponseSchema>;

export const IdsBodySchema = z.object({ ids: z.array(z.number().int().positive()).min(1).max(1000) });
export type IdsBody = z.infer<typeof IdsBodySchema>;

/**
 * `message`: 'Users have been removed successfully!' (translated). Users with history are deactivated
 * (listed in `deactivated`) instead of deleted (listed in `deleted`).
 */
export const DeleteUsersResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  deleted: z.array(z.number().int()),
  deactivated: z.array(z.number().int()),
});
export type DeleteUsersResponse = z.infer<typeof DeleteUsersResponseSchema>;

/** The generic `{ success, message }` answer of administration changes; `message` is translated. */
export const AdminSuccessSchema = z.object({ success: z.literal(true), message: z.string() });
export type AdminSuccess = z.infer<typeof AdminSuccessSchema>;
