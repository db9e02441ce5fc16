import { defineRoute } from '../common/route.ts';
import { PlatformSettingsSchema } from '../platform/platform.schemas.ts';
import {
  PlatformSettingsUpdateSchema,
  SecuritySettingsSchema,
  SecuritySettingsUpdateSchema,
} from './settings.schemas.ts';

/** Administration of the platform and security settings, applied without a restart. */
export const adminSettingsRoutes = {
  savePlatformSettings: defineRoute({
    method: 'POST',
    path: '/admin/savePlatformSettings',
    access: 'admin',
    summary: 'Changes platform settings (look, maintenance, captcha, terms requirement …)',
    tags: ['administration'],
    body: PlatformSettingsUpdateSchema,
    response: PlatformSettingsSchema,
  }),
  getSecuritySettings: defineRoute({
    method: 'GET',
    path: '/admin/getSecuritySettings',
    access: 'admin',
    summary: 'Security settings (two-step, password rules, session limits, reCAPTCHA verification)',
    tags: ['administration'],
    response: SecuritySettingsSchema,
  }),
  saveSecuritySettings: defineRoute({
    method: 'POST',
    path: '/admin/saveSecuritySettings',
    access: 'admin',
    summary: 'Changes security settings; the reCAPTCHA secret is write-only',
    tags: ['administration'],
    body: SecuritySettingsUpdateSchema,
    response: SecuritySettingsSchema,
  }),
};
