import type { PlatformSettings } from '@der/contracts';

export function buildSettings(overrides: Partial<PlatformSettings> = {}): PlatformSettings {
  return {
    theme: 'brand',
    font: 'Roboto',
    defaultLanguage: 'pt-BR',
    brand: 'DER',
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
    secondaryColor: { light: '#FFD95A', main: '#F9A825', dark: '#C17900' },
    ...overrides,
  };
}
