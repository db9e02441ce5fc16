import type { AdminUserEdit, PublicAdditionalField, SaveUserBodySchema } from '@der/contracts';
import type { Control } from 'react-hook-form';
import type { z } from 'zod';
import { fromAdditionalFieldValues } from '../../accounts/additionalFieldValues.ts';

/** The user form's values as typed, and as the schema hands them to the save. */
export type UserForm = z.input<typeof SaveUserBodySchema>;
export type UserFormOutput = z.output<typeof SaveUserBodySchema>;
export type UserFormControl = Control<UserForm, unknown, UserFormOutput>;

/** The fields a server 400 may name, besides the work periods and the additional fields. */
const USER_FIELDS = [
  'name',
  'login',
  'email',
  'avatar',
  'companyId',
  'groupIds',
  'timesheetType',
  'autoTimesheetType',
] as const;

/** Every path of the form a refused save may name, for the work periods the form holds now. */
export function userFormServerPaths(workPeriods: number, additionalPaths: readonly string[]): string[] {
  const periods = Array.from({ length: workPeriods }, (_, index) => [
    `calendar.workPeriods.${index}.start`,
    `calendar.workPeriods.${index}.end`,
  ]).flat();
  return [...USER_FIELDS, ...periods, ...additionalPaths];
}

/** The stored record as form values: the additional values converted for their inputs, no action ticked. */
export function toUserForm(record: AdminUserEdit, definitions: readonly PublicAdditionalField[]): UserForm {
  return {
    ...record,
    additionalFields: fromAdditionalFieldValues(definitions, record.additionalFields),
    forcePasswordReset: false,
    endSessions: false,
  };
}
