import type { PlatformSettings } from '@der/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { type PlatformSettingsRow, platformSettings } from './platform.table.ts';

const SETTINGS_ID = 1;

export type StoredPlatformSettings = Omit<PlatformSettingsRow, 'id'>;

export function createPlatformRepo(db: Db) {
  return {
    async findSettings(): Promise<StoredPlatformSettings | null> {
      const [row] = await db
        .select()
        .from(platformSettings)
        .where(eq(platformSettings.id, SETTINGS_ID))
        .limit(1);
      if (!row) return null;
      const { id: _id, ...settings } = row;
      return settings;
    },

    /** Writes the row unless it exists; true when it was written. */
    async insertSettingsIfMissing(settings: PlatformSettings): Promise<boolean> {
      const inserted = await db
        .insert(platformSettings)
        .values({ id: SETTINGS_ID, ...settings })
        .onConflictDoNothing({ target: platformSettings.id })
        .returning({ id: platformSettings.id });
      return inserted.length > 0;
    },

    async updateSettings(settings: PlatformSettings): Promise<StoredPlatformSettings | null> {
      const [row] = await db
        .update(platformSettings)
        .set({ ...settings, updatedAt: sql`now()`, version: sql`${platformSettings.version} + 1` })
        .where(eq(platformSettings.id, SETTINGS_ID))
        .returning();
      if (!row) return null;
      const { id: _id, ...stored } = row;
      return stored;
    },
  };
}

export type PlatformRepo = ReturnType<typeof createPlatformRepo>;
