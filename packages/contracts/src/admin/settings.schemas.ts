import { z } from 'zod';
import { PlatformSettingsSchema } from '../platform/platform.schemas.ts';

/** Any subset of the platform settings of spec §1; unknown keys are refused. */
export const PlatformSettingsUpdateSchema = PlatformSettingsSchema.partial().strict();

/** Security settings as the administration area sees them: the reCAPTCHA secret is never sent back. */
export const SecuritySettingsSchema = z.object({
  platformMfaEnabled: z.boolean(),
  passwordMinLength: z.number().int(),
  /** null = passwords never expire by age. */
  passwordMaxAgeDays: z.number().int().nullable(),
  sessionIdleMinutes: z.number().int(),
  sessionAbsoluteHours: z.number().int(),
  recaptchaVerifyUrl: z.string(),
  hasRecaptchaSecret: z.boolean(),
});
export type SecuritySettingsView = z.infer<typeof SecuritySettingsSchema>;

/** What the administration area may change; `recaptchaSecret` travels in clear here and is sealed at rest. */
export const SecuritySettingsUpdateSchema = z
  .object({
    platformMfaEnabled: z.boolean(),
    passwordMinLength: z.number().int().min(8).max(128),
    passwordMaxAgeDays: z.number().int().min(1).max(3650).nullable(),
    sessionIdleMinutes: z
      .number()
      .int()
      .min(1)
      .max(24 * 60),
    sessionAbsoluteHours: z
      .number()
      .int()
      .min(1)
      .max(30 * 24),
    recaptchaSecret: z.string().max(512),
    recaptchaVerifyUrl: z.url({ protocol: /^https?$/ }),
  })
  .partial()
  .strict();
export type SecuritySettingsUpdate = z.infer<typeof SecuritySettingsUpdateSchema>;
