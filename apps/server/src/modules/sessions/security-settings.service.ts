import { type FieldIssue, type SecuritySettingsUpdate, SecuritySettingsUpdateSchema } from '@der/contracts';
import { eq, sql } from 'drizzle-orm';
import { createExpiringValue } from '../../infra/cache/expiring-value.ts';
import type { SecretBox } from '../../infra/crypto/secret-box.ts';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { DEFAULT_CAPTCHA_VERIFY_URL } from '../identity/core/captcha-verifier.ts';
import { DEFAULT_MIN_PASSWORD_LENGTH } from '../identity/core/password-policy.ts';
import { securitySettings } from './sessions.table.ts';

const SETTINGS_ID = 1;
/** Read on every authenticated request: kept in memory this long, then read again (other instances). */
export const SECURITY_SETTINGS_CACHE_TTL_MS = 5_000;
const RECAPTCHA_SECRET_CONTEXT = 'security:recaptcha-secret';

/**
 * Defaults written on the first start. 30 idle minutes: OWASP's upper bound for an application handling
 * personal data, and equal to the token lifetime (see sessions.service.ts), so the web app's own expiry check
 * and the server's idle limit agree. 12 absolute hours: one working day, then a fresh login.
 */
export const DEFAULT_SECURITY_SETTINGS = {
  platformMfaEnabled: false,
  passwordMinLength: DEFAULT_MIN_PASSWORD_LENGTH,
  passwordMaxAgeDays: null as number | null,
  sessionIdleMinutes: 30,
  sessionAbsoluteHours: 12,
  recaptchaVerifyUrl: DEFAULT_CAPTCHA_VERIFY_URL,
};

export interface SecuritySettings {
  platformMfaEnabled: boolean;
  passwordMinLength: number;
  /** null = passwords never expire by age. */
  passwordMaxAgeDays: number | null;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  recaptchaVerifyUrl: string;
  /** Whether a reCAPTCHA secret is stored; the secret itself only through getRecaptchaSecret(). */
  hasRecaptchaSecret: boolean;
}

// The update schema is the administration contract's (packages/contracts admin/settings.schemas.ts).

export function createSecuritySettingsRepo(db: Db) {
  return {
    async find() {
      const [row] = await db
        .select()
        .from(securitySettings)
        .where(eq(securitySettings.id, SETTINGS_ID))
        .limit(1);
      return row ?? null;
    },
    /** True when the row was written (first start). */
    async insertIfMissing(): Promise<boolean> {
      const inserted = await db
        .insert(securitySettings)
        .values({ id: SETTINGS_ID, ...DEFAULT_SECURITY_SETTINGS })
        .onConflictDoNothing({ target: securitySettings.id })
        .returning({ id: securitySettings.id });
      return inserted.length > 0;
    },
    async update(values: Partial<typeof securitySettings.$inferInsert>) {
      await db
        .update(securitySettings)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(securitySettings.id, SETTINGS_ID));
    },
  };
}
export type SecuritySettingsRepo = ReturnType<typeof createSecuritySettingsRepo>;

interface Loaded {
  settings: SecuritySettings;
  sealedSecret: string;
}

export function createSecuritySettingsService(deps: {
  repo: SecuritySettingsRepo;
  secretBox: SecretBox;
  clock?: () => number;
}) {
  const clock = deps.clock ?? Date.now;
  const cached = createExpiringValue(load, SECURITY_SETTINGS_CACHE_TTL_MS, clock);
  const loadCached = () => cached.get();
  async function load(): Promise<Loaded> {
    const row = await deps.repo.find();
    // Written at every start (ensure); its absence is a broken database, not a user error.
    if (!row)
      throw new AppError('SERVICE_UNAVAILABLE', undefined, {
        cause: new Error('security_settings row missing'),
      });
    return {
      settings: {
        platformMfaEnabled: row.platformMfaEnabled,
        passwordMinLength: row.passwordMinLength,
        passwordMaxAgeDays: row.passwordMaxAgeDays,
        sessionIdleMinutes: row.sessionIdleMinutes,
        sessionAbsoluteHours: row.sessionAbsoluteHours,
        recaptchaVerifyUrl: row.recaptchaVerifyUrl,
        hasRecaptchaSecret: row.recaptchaSecret !== '',
      },
      sealedSecret: row.recaptchaSecret,
    };
  }

  return {
    /** Idempotent; run at every start. */
    ensure: () => deps.repo.insertIfMissing(),

    async get(): Promise<SecuritySettings> {
      return (await loadCached()).settings;
    },

    /** The reCAPTCHA secret in clear ('' when none is configured). Never log it. */
    async getRecaptchaSecret(): Promise<string> {
      const { sealedSecret } = await loadCached();
      return sealedSecret === '' ? '' : deps.secretBox.open(sealedSecret, RECAPTCHA_SECRET_CONTEXT);
    },

    async update(changes: SecuritySettingsUpdate): Promise<SecuritySettings> {
      const parsed = SecuritySettingsUpdateSchema.safeParse(changes);
      if (!parsed.success) {
        const issues: FieldIssue[] = parsed.error.issues.map((issue) => ({
          field: ['body', ...issue.path.map(String)].join('.'),
          message: issue.message,
        }));
        throw new AppError('VALIDATION_FAILED', issues);
      }
      const { recaptchaSecret, ...rest } = parsed.data;
      await deps.repo.update({
        ...rest,
        ...(recaptchaSecret === undefined
          ? {}
          : {
              recaptchaSecret:
                recaptchaSecret === '' ? '' : deps.secretBox.seal(recaptchaSecret, RECAPTCHA_SECRET_CONTEXT),
            }),
      });
      cached.invalidate();
      return (await loadCached()).settings;
    },
  };
}
export type SecuritySettingsService = ReturnType<typeof createSecuritySettingsService>;
