import { describe, expect, it } from 'vitest';
import { AppError } from '../../infra/http/app-error.ts';
import type { PlatformRepo, StoredPlatformSettings } from './platform.repo.ts';
import { DEFAULT_PLATFORM_SETTINGS } from './platform.seed.ts';
import { createPlatformService, SETTINGS_CACHE_TTL_MS } from './platform.service.ts';

function fakeRepo() {
  let stored: StoredPlatformSettings = { ...DEFAULT_PLATFORM_SETTINGS, updatedAt: new Date(), version: 1 };
  const calls = { find: 0 };
  const repo: PlatformRepo = {
    async findSettings() {
      calls.find++;
      return stored;
    },
    async insertSettingsIfMissing() {
      return false;
    },
    async updateSettings(settings) {
      stored = { ...settings, updatedAt: new Date(), version: stored.version + 1 };
      return stored;
    },
  };
  return { repo, calls, setStored: (s: Partial<StoredPlatformSettings>) => (stored = { ...stored, ...s }) };
}

describe('platform service', () => {
  it('reads the database once and serves later calls from memory until the TTL passes', async () => {
    let clock = 1_000;
    const { repo, calls, setStored } = fakeRepo();
    const service = createPlatformService({ repo, now: () => clock });
    await Promise.all([service.getSettings(), service.getSettings()]);
    await service.getSettings();
    expect(calls.find).toBe(1);

    // Another instance changed the row: seen once the cached copy expires.
    setStored({ brand: 'Outra marca' });
    expect((await service.getSettings()).brand).toBe(DEFAULT_PLATFORM_SETTINGS.brand);
    clock += SETTINGS_CACHE_TTL_MS;
    expect((await service.getSettings()).brand).toBe('Outra marca');
    expect(calls.find).toBe(2);
  });

  it('rejects an update that breaks the schema with the offending fields', async () => {
    const service = createPlatformService({ repo: fakeRepo().repo });
    const attempt = service.updateSettings({
      primaryColor: { light: '#fff', main: '#01579B', dark: '#002F6C' },
      theme: 'neon' as never,
    });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    const error = (await attempt.catch((e: unknown) => e)) as AppError;
    expect(error.code).toBe('VALIDATION_FAILED');
    expect((error.details as { field: string }[]).map((d) => d.field).sort()).toEqual([
      'body.primaryColor.light',
      'body.theme',
    ]);
  });

  it('rejects unknown setting names', async () => {
    const service = createPlatformService({ repo: fakeRepo().repo });
    await expect(service.updateSettings({ colour: 'red' } as never)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});
