import { defineRoute } from '../common/route.ts';
import { PlatformSettingsSchema } from './platform.schemas.ts';

export const platformRoutes = {
  getPlatformSettings: defineRoute({
    method: 'GET',
    path: '/application/getPlatformSettings',
    access: 'public',
    summary: 'Platform settings that drive the look (spec §1)',
    tags: ['platform'],
    response: PlatformSettingsSchema,
  }),
};
