import type { PlatformSettings } from '@der/contracts';
import createCache from '@emotion/cache';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/AppProviders.tsx';
import { AppRoutes } from '../../../app/AppRoutes.tsx';
import { createAppI18n } from '../../../app/i18n.ts';
import { buildSettings } from '../../../test/buildSettings.ts';
import { json } from '../../auth/testing/fakeApi.ts';
import { setupAdminApi } from '../testing/adminTestApi.ts';

describe('platform settings editor (/administration/settings)', () => {
  it('saves the platform settings and reloads them so the look changes at once', async () => {
    let saved: PlatformSettings | null = null;
    const api = setupAdminApi({
      'POST /admin/savePlatformSettings': (request) => {
        saved = { ...buildSettings(), ...(request.body as Partial<PlatformSettings>) };
        return json(saved);
      },
      'GET /admin/getSecuritySettings': () =>
        json({
          platformMfaEnabled: false,
          passwordMinLength: 8,
          passwordMaxAgeDays: null,
          sessionIdleMinutes: 30,
          sessionAbsoluteHours: 12,
          recaptchaVerifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
          hasRecaptchaSecret: true,
        }),
      'GET /admin/terms/list': () => json([]),
    });
    const loadSettings = vi.fn(async () => saved ?? buildSettings({ logoWhite: '' }));
    render(
      <AppProviders
        emotionCache={createCache({ key: 'test' })}
        i18n={createAppI18n('pt-BR')}
        loadSettings={loadSettings}
        initialEntries={['/administration/settings']}
      >
        <AppRoutes />
      </AppProviders>,
    );
    const brand = await screen.findByRole('textbox', { name: /Nome do produto/ }, { timeout: 15_000 });
    expect(
      await screen.findByText(
        'Há uma chave armazenada; deixe em branco para mantê-la.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    const user = userEvent.setup();
    fireEvent.change(brand, { target: { value: 'DER-SP' } });
    await user.click(screen.getByRole('button', { name: 'Salvar configurações da plataforma' }));
    expect(
      await screen.findByText('Configurações salvas com sucesso.', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(api.find('POST', '/admin/savePlatformSettings')[0]!.body).toMatchObject({ brand: 'DER-SP' });
    await waitFor(() => expect(loadSettings).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(document.title).toBe('DER-SP - Configurações da plataforma'));
  }, 40_000);
});
