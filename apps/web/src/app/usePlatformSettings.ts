import type { PlatformSettings } from '@der/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { applyDefaultLanguage } from './i18n.ts';

export const PLATFORM_SETTINGS_QUERY_KEY = ['platform', 'settings'] as const;

/**
 * The platform settings, loaded once for the session (a save replaces them in the cache). The platform's default
 * language is applied before they count as loaded, so the first screen is already in it.
 */
export function usePlatformSettings(loadSettings: () => Promise<PlatformSettings>) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: PLATFORM_SETTINGS_QUERY_KEY,
    queryFn: async () => {
      const settings = await loadSettings();
      await applyDefaultLanguage(i18n, settings.defaultLanguage);
      return settings;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}
