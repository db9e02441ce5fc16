import { useEffect } from 'react';
import { useSettings } from './SettingsContext.ts';

/** Spec §9: page titles are the brand name plus a section name. */
export function usePageTitle(section: string): void {
  const { brand } = useSettings();
  useEffect(() => {
    document.title = `${brand} - ${section}`;
  }, [brand, section]);
}
