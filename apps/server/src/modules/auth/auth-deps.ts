import type { FieldIssue, Language } from '@der/contracts';
import { formatValidationMessage } from '@der/contracts';
import type { SecretBox } from '../../infra/crypto/secret-box.ts';
import type { Db } from '../../infra/db/database.ts';
import type { OutboxService } from '../../infra/outbox/outbox.service.ts';
import type { AuditEntry, AuditService } from '../audit/audit.service.ts';
import type { PasswordHasher } from '../identity/core/password-hasher.ts';
import { checkPassword } from '../identity/core/password-policy.ts';
import type { PlatformService } from '../platform/platform.service.ts';
import type { SecuritySettings, SecuritySettingsService } from '../sessions/security-settings.service.ts';
import type { SessionsService } from '../sessions/sessions.service.ts';
import type { TermsService } from '../sessions/terms.service.ts';
import type { AuthRepo, AuthUser } from './auth.repo.ts';

const DAY_MS = 24 * 60 * 60_000;

/** Who is calling, for the audit trail and the translated texts. */
export interface RequestContext {
  ip: string;
  userAgent: string;
  language: Language;
}

export interface AuthServiceDeps {
  db: Db;
  repo: AuthRepo;
  hasher: PasswordHasher;
  sessions: SessionsService;
  securitySettings: SecuritySettingsService;
  platform: PlatformService;
  terms: TermsService;
  audit: AuditService;
  outbox: OutboxService;
  secretBox: SecretBox;
  now: () => Date;
  publicUrl: string;
}

/** What the parts of the auth service (login, MFA, passwords, terms …) share: built once per service. */
export function createAuthShared(deps: AuthServiceDeps) {
  return {
    audit(entry: AuditEntry, db: Db = deps.db) {
      return deps.audit.append(db, entry);
    },

    /** The login throttle's key: per account when the login is known, else per text typed. */
    throttleKey(user: AuthUser | null, typed: string): string {
      return user ? `user:${user.id}` : `login:${typed.trim().toLowerCase()}`;
    },

    isPasswordExpired(user: AuthUser, security: SecuritySettings): boolean {
      const now = deps.now().getTime();
      if (user.passwordExpiresAt && user.passwordExpiresAt.getTime() <= now) return true;
      const maxAge = security.passwordMaxAgeDays;
      return maxAge !== null && user.passwordChangedAt.getTime() + maxAge * DAY_MS <= now;
    },

    /** The configured password policy's issues for `body.newPassword`, translated, or null. */
    policyIssues(
      password: string,
      user: AuthUser,
      security: SecuritySettings,
      language: Language,
    ): FieldIssue[] | null {
      const verdict = checkPassword(password, {
        minLength: security.passwordMinLength,
        login: user.login,
        email: user.email,
      });
      if (verdict.ok) return null;
      // Translated here: the error handler knows no parameters ({min}) for keys it translates itself.
      return [
        {
          field: 'body.newPassword',
          message: formatValidationMessage(verdict.key, language, verdict.params),
        },
      ];
    },
  };
}
export type AuthShared = ReturnType<typeof createAuthShared>;
