import type { PlatformSettings, SecuritySettingsUpdate, SecuritySettingsView } from '@der/contracts';
import type { Db } from '../../infra/db/database.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { PlatformService } from '../platform/platform.service.ts';
import type { SecuritySettingsService } from '../sessions/security-settings.service.ts';

interface Actor {
  userId: number;
  ip: string;
}

/** The fields whose values differ, as {before, after}: what the audit trail records of a settings change. */
function changedFields<T extends object>(
  before: T,
  after: T,
): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      changes[String(key)] = { before: before[key], after: after[key] };
    }
  }
  return changes;
}

/** Settings changes by administrators: applied at once (caches refreshed) and audited with before/after. */
export function createAdminSettingsService(deps: {
  db: Db;
  platform: PlatformService;
  securitySettings: SecuritySettingsService;
  audit: AuditService;
}) {
  return {
    async savePlatformSettings(changes: Partial<PlatformSettings>, actor: Actor): Promise<PlatformSettings> {
      const before = await deps.platform.getSettings();
      const after = await deps.platform.updateSettings(changes);
      await deps.audit.append(deps.db, {
        action: 'admin.settings.platform.saved',
        actorUserId: actor.userId,
        ip: actor.ip,
        target: 'platform_settings',
        details: changedFields(before, after),
      });
      return after;
    },

    getSecuritySettings: (): Promise<SecuritySettingsView> => deps.securitySettings.get(),

    async saveSecuritySettings(changes: SecuritySettingsUpdate, actor: Actor): Promise<SecuritySettingsView> {
      const before = await deps.securitySettings.get();
      const after = await deps.securitySettings.update(changes);
      const details = changedFields(before, after);
      // The secret itself never reaches the audit trail: only that it was changed.
      if (changes.recaptchaSecret !== undefined) details.recaptchaSecret = { before: '***', after: '***' };
      await deps.audit.append(deps.db, {
        action: 'admin.settings.security.saved',
        actorUserId: actor.userId,
        ip: actor.ip,
        target: 'security_settings',
        details,
      });
      return after;
    },
  };
}
export type AdminSettingsService = ReturnType<typeof createAdminSettingsService>;
