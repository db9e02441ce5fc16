import { z } from 'zod';
import { requiredText } from '../common/fields.ts';

/**
 * Why a login failed (spec §2.2: 2 means "password expired"). A wrong login and a wrong password share
 * WRONG_CREDENTIALS so that the answer never tells whether an account exists.
 */
export const FAIL_REASON = {
  WRONG_CREDENTIALS: 1,
  PASSWORD_EXPIRED: 2,
  ACCOUNT_NOT_ACTIVATED: 3,
  ACCOUNT_LOCKED: 4,
  CAPTCHA_REQUIRED: 5,
  CAPTCHA_INVALID: 6,
  ACCOUNT_DISABLED: 7,
} as const;
export type FailReason = (typeof FAIL_REASON)[keyof typeof FAIL_REASON];

export const MFA_CODE_LENGTH = 6;
/** Spec §9: a token issued more than this many seconds ago is renewed after the next successful call. */
export const TOKEN_RENEWAL_THRESHOLD_SECONDS = 600;

export const AuthenticateBodySchema = z.object({
  UserName: requiredText(254),
  Password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(1024),
  recaptchaToken: z.string().max(4096).nullish(),
  forceRecaptcha: z.boolean().optional(),
  /** Kept for compatibility with the original client; the transport is always TLS-protected. */
  encrypt: z.boolean().optional(),
});
export type AuthenticateBody = z.infer<typeof AuthenticateBodySchema>;

export const LoggedUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  email: z.string(),
});
export type LoggedUser = z.infer<typeof LoggedUserSchema>;

/** The login portal a user came from; logout returns there (spec §2.10). */
export const LoginPageSchema = z.enum(['/', '/faixaDeDominio', '/aet']);
export type LoginPage = z.infer<typeof LoginPageSchema>;

/** The JSON inside the base64 answer of `users/authenticate`, `users/validateMFA` and `users/registerUserMFA`. */
export const LoginResultSchema = z.object({
  success: z.boolean(),
  failReason: z.number().int().nullable(),
  /** Translated text for the login notification when the login failed. */
  message: z.string().nullable(),
  /** Seconds to wait, for ACCOUNT_LOCKED. */
  retryAfterSeconds: z.number().int().nullable(),
  /** True when the next attempt must carry a solved captcha. */
  captchaRequired: z.boolean(),
  token: z.string().nullable(),
  loggedUser: LoggedUserSchema.nullable(),
  userAgreedTermsOfUse: z.boolean(),
  platformMFAEnabled: z.boolean(),
  userMFAEnabled: z.boolean(),
  mfaAuthenticated: z.boolean(),
  hasPanelAdminPermission: z.boolean(),
  hasChangePasswordPermission: z.boolean(),
  isAdministratorLogged: z.boolean(),
});
export type LoginResult = z.infer<typeof LoginResultSchema>;

export const ResetPasswordBodySchema = z.object({ UserName: requiredText(254) });

const passwordField = z.string({ error: 'required' }).min(1, { error: 'required' }).max(1024);

/** The token of an e-mailed password-reset link (`/newPassword?token=…`): 43 base64url characters when real. */
const resetTokenField = z.string({ error: 'required' }).min(1, { error: 'required' }).max(200);

export const PasswordResetTokenBodySchema = z.object({ token: resetTokenField });

/** What the reset page shows before the user types: the login the link belongs to. */
export const PasswordResetTokenInfoSchema = z.object({ login: z.string() });
export type PasswordResetTokenInfo = z.infer<typeof PasswordResetTokenInfoSchema>;

/** The new password chosen through a reset link; the configured password policy is checked by the server. */
export const SetPasswordWithTokenBodySchema = z
  .object({ token: resetTokenField, newPassword: passwordField, passwordConfirm: passwordField })
  .refine((body) => body.newPassword === body.passwordConfirm, {
    error: 'passwordsDontMatch',
    path: ['passwordConfirm'],
  });
export type SetPasswordWithTokenBody = z.infer<typeof SetPasswordWithTokenBodySchema>;

export const ChangePasswordBodySchema = z
  .object({ oldPassword: passwordField, newPassword: passwordField, confirmPassword: passwordField })
  .refine((body) => body.newPassword === body.confirmPassword, {
    error: 'passwordsDontMatch',
    path: ['confirmPassword'],
  });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

export const ChangeExpiredPasswordBodySchema = z
  .object({
    login: requiredText(254),
    oldPassword: passwordField,
    newPassword: passwordField,
    confirmPassword: passwordField,
  })
  .refine((body) => body.newPassword === body.confirmPassword, {
    error: 'passwordsDontMatch',
    path: ['confirmPassword'],
  });
export type ChangeExpiredPasswordBody = z.infer<typeof ChangeExpiredPasswordBodySchema>;

export const MfaDataSchema = z.object({
  /** PNG data URL of the otpauth:// QR code. */
  qrcode: z.string(),
  /** The base32 secret, for typing by hand. */
  code: z.string(),
});

export const MfaCodeBodySchema = z.object({
  /** The token of the login in progress (the `token` of the login result). */
  logonresult: z.string().min(1, { error: 'required' }),
  userCode: z
    .string({ error: 'required' })
    .trim()
    .regex(/^\d{6}$/, { error: 'mfaCodeLength' }),
});

export const AcceptTermsBodySchema = z.object({
  accept: z.boolean(),
  userId: z.number().int(),
  browserInfo: z.string().max(1000).default(''),
});

export const RenewTokenResponseSchema = z.object({ token: z.string() });
export const SuccessSchema = z.object({ success: z.literal(true) });
