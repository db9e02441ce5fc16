import createCache from '@emotion/cache';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildSettings } from '../test/buildSettings.ts';
import { AppProviders } from './AppProviders.tsx';
import { createQueryClient } from './createQueryClient.ts';
import { createAppI18n } from './i18n.ts';

describe('SettingsGate', () => {
  it('shows an error screen with retry when the settings cannot be loaded, and recovers on retry', async () => {
    const loadSettings = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(buildSettings({ brand: 'DER-XY' }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <AppProviders
        emotionCache={createCache({ key: 'gate' })}
        i18n={createAppI18n('pt-BR')}
        queryClient={queryClient}
        loadSettings={loadSettings}
        initialEntries={['/nao-existe']}
      />,
    );
    expect(screen.getByRole('progressbar', { name: 'Carregando…' })).toBeTruthy();
    expect(await screen.findByText('Não foi possível carregar o portal')).toBeTruthy();

    screen.getByRole('button', { name: 'Tentar novamente' }).click();

    expect(await screen.findByText('DER-XY')).toBeTruthy();
    expect(createQueryClient()).toBeInstanceOf(QueryClient);
  });
});
