import type { Language, PlatformSettings } from '@der/contracts';
import createCache from '@emotion/cache';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { AppProviders } from '../app/AppProviders.tsx';
import { AppRoutes } from '../app/AppRoutes.tsx';
import { createAppI18n } from '../app/i18n.ts';
import { LANGUAGE_STORAGE_KEY } from '../app/storedLanguage.ts';
import { buildSettings } from './buildSettings.ts';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** The whole app (providers + routes) on an in-memory router, with settings given instead of fetched. */
export function renderApp(
  options: {
    path?: string;
    settings?: Partial<PlatformSettings>;
    language?: Language;
    children?: ReactNode;
  } = {},
) {
  // A chosen language is a stored one: otherwise the settings' default language would replace it.
  if (options.language) localStorage.setItem(LANGUAGE_STORAGE_KEY, options.language);
  const i18n = createAppI18n(options.language ?? 'pt-BR');
  const settings: PlatformSettings = buildSettings(options.settings);
  const result = render(
    <AppProviders
      emotionCache={createCache({ key: 'test' })}
      i18n={i18n}
      loadSettings={async () => settings}
      initialEntries={[options.path ?? '/']}
    >
      {options.children ?? (
        <>
          <AppRoutes />
          <LocationProbe />
        </>
      )}
    </AppProviders>,
  );
  return { ...result, i18n, settings };
}
