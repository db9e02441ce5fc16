import { type FieldIssue, type PlatformSettings, PlatformSettingsSchema } from '@der/contracts';
import { createExpiringValue } from '../../infra/cache/expiring-value.ts';
import { AppError } from '../../infra/http/app-error.ts';
import type { PlatformRepo, StoredPlatformSettings } from './platform.repo.ts';

/**
 * Every page load reads the settings, so they are kept in memory. Another instance sharing the database may
 * change them: the copy is trusted for this long, then read again. A change made here is seen at once.
 */
export const SETTINGS_CACHE_TTL_MS = 5_000;

const PartialSettingsSchema = PlatformSettingsSchema.partial().strict();

function toSettings(stored: StoredPlatformSettings): PlatformSettings {
  // The row keeps enumerations as text; the contract schema is the one authority on what is valid.
  const { updatedAt: _updatedAt, version: _version, ...fields } = stored;
  return PlatformSettingsSchema.parse(fields);
}

export function createPlatformService(deps: { repo: PlatformRepo; now?: () => number }) {
  const now = deps.now ?? Date.now;
  async function load(): Promise<PlatformSettings> {
    const stored = await deps.repo.findSettings();
    // The row is written at every start (seed); its absence is a broken database, not a user error.
    if (!stored)
      throw new AppError('SERVICE_UNAVAILABLE', undefined, {
        cause: new Error('platform_settings row missing'),
      });
    return toSettings(stored);
  }
  const cached = createExpiringValue(load, SETTINGS_CACHE_TTL_MS, now);

  return {
    getSettings(): Promise<PlatformSettings> {
      return cached.get();
    },

    /** Changes some settings (the admin editor); the result must satisfy the whole settings schema. */
    async updateSettings(partial: Partial<PlatformSettings>): Promise<PlatformSettings> {
      const parsed = PartialSettingsSchema.safeParse(partial);
      if (!parsed.success) {
        const issues: FieldIssue[] = parsed.error.issues.map((issue) => ({
          field: ['body', ...issue.path.map(String)].join('.'),
          message: issue.message,
        }));
        throw new AppError('VALIDATION_FAILED', issues);
      }
      const current = await load();
      const stored = await deps.repo.updateSettings({ ...current, ...parsed.data });
      if (!stored) throw new AppError('SERVICE_UNAVAILABLE');
      const settings = toSettings(stored);
      cached.set(settings);
      return settings;
    },
  };
}

export type PlatformService = ReturnType<typeof createPlatformService>;
