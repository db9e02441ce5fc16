import type { PlatformSettings } from '@der/contracts';
import { createContext, useContext } from 'react';

export const SettingsContext = createContext<PlatformSettings | null>(null);

/** The platform settings loaded at start-up (spec §1); only available below SettingsGate. */
export function useSettings(): PlatformSettings {
  const settings = useContext(SettingsContext);
  if (!settings) throw new Error('useSettings must be used below SettingsGate');
  return settings;
}
