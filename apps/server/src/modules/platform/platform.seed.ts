import type { PlatformSettings } from '@der/contracts';
import type { PlatformRepo } from './platform.repo.ts';

/** The department's look out of the box; the admin editor changes it later. */
export const DEFAULT_PLATFORM_SETTINGS: PlatformSettings = {
  theme: 'brand',
  font: 'Roboto',
  defaultLanguage: 'pt-BR',
  brand: 'DER-UF · Portal de Serviços',
  bgLogin: '/assets/brand/bg-login.svg',
  logo: '/assets/brand/logo.svg',
  loginLogo: '/assets/brand/login-logo.svg',
  logoWhite: '/assets/brand/logo-white.svg',
  bg: '/assets/brand/bg.svg',
  layout: 'left-sidebar',
  showFooter: true,
  footerLogoRight: '/assets/brand/footer-right.svg',
  footerLogoLeft: '/assets/brand/footer-left.svg',
  enableRecaptcha: false,
  recaptchaSiteKey: '',
  requireTermsOfUse: false,
  enableMultiLanguage: true,
  enableBPMComponent: false,
  maintenance: false,
  primaryColor: { light: '#4F83CC', main: '#01579B', dark: '#002F6C' },
  secondaryColor: { light: '#FFE54C', main: '#FFB300', dark: '#C68400' },
};

/** The settings row is required (every page reads it), with or without demo data. Idempotent. */
export function ensurePlatformSettings(repo: PlatformRepo): Promise<boolean> {
  return repo.insertSettingsIfMissing(DEFAULT_PLATFORM_SETTINGS);
}
