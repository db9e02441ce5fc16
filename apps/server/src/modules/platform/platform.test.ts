import { PlatformSettingsSchema } from '@der/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { DEFAULT_PLATFORM_SETTINGS } from './platform.seed.ts';

const URL = '/api/application/getPlatformSettings';

/** The settings named in spec §1, in its order. */
const SPEC_FIELDS = [
  'theme',
  'font',
  'defaultLanguage',
  'brand',
  'bgLogin',
  'logo',
  'loginLogo',
  'logoWhite',
  'bg',
  'layout',
  'showFooter',
  'footerLogoRight',
  'footerLogoLeft',
  'enableRecaptcha',
  'recaptchaSiteKey',
  'requireTermsOfUse',
  'enableMultiLanguage',
  'enableBPMComponent',
  'maintenance',
  'primaryColor',
  'secondaryColor',
];

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('GET /api/application/getPlatformSettings', () => {
  it('answers every setting of spec §1, valid for the contract, without a session', async () => {
    const response = await app.inject({ method: 'GET', url: URL });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual([...SPEC_FIELDS].sort());
    expect(PlatformSettingsSchema.strict().parse(body)).toEqual(DEFAULT_PLATFORM_SETTINGS);
  });

  it('ships the department look: brand palette, Roboto, pt-BR and the brand images', async () => {
    const body = (await app.inject({ method: 'GET', url: URL })).json();
    expect(body).toMatchObject({
      theme: 'brand',
      font: 'Roboto',
      defaultLanguage: 'pt-BR',
      layout: 'left-sidebar',
      maintenance: false,
      logo: '/assets/brand/logo.svg',
      footerLogoRight: '/assets/brand/footer-right.svg',
      primaryColor: { light: '#4F83CC', main: '#01579B', dark: '#002F6C' },
      secondaryColor: { light: '#FFE54C', main: '#FFB300', dark: '#C68400' },
    });
  });

  it('answers the new values right after an update (the cache is invalidated)', async () => {
    expect((await app.inject({ method: 'GET', url: URL })).json().maintenance).toBe(false);
    await app.services.platform.updateSettings({ maintenance: true, brand: 'DER-UF · Manutenção' });
    const body = (await app.inject({ method: 'GET', url: URL })).json();
    expect(body).toMatchObject({ maintenance: true, brand: 'DER-UF · Manutenção', font: 'Roboto' });
    await app.services.platform.updateSettings({
      maintenance: false,
      brand: DEFAULT_PLATFORM_SETTINGS.brand,
    });
  });

  it('keeps the settings row to one, bumping its version on each update', async () => {
    const { platformSettings } = await import('./platform.table.ts');
    const before = await app.database.db.select().from(platformSettings);
    await app.services.platform.updateSettings({ font: 'Open Sans' });
    const after = await app.database.db.select().from(platformSettings);
    expect(after).toHaveLength(1);
    expect(after[0]!.version).toBe(before[0]!.version + 1);
    expect(after[0]!.font).toBe('Open Sans');
    await app.services.platform.updateSettings({ font: 'Roboto' });
  });
});
