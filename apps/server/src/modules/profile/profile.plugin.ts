import { profileRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { pickLanguage } from '../../i18n/language.ts';
import { sessionOf } from '../../infra/auth/auth.plugin.ts';
import { registerRoute } from '../../infra/http/register-route.ts';
import type { ProfileService } from './profile.service.ts';

/** Spec §2.10 / §3 "Profile": the signed-in user's name, e-mail and picture. */
export const profilePlugin: FastifyPluginAsync<{ service: ProfileService }> = async (app, { service }) => {
  registerRoute(app, profileRoutes.updateProfile, (request) =>
    service.updateProfile(sessionOf(request).userId, request.body, {
      ip: request.ip,
      language: pickLanguage(request.headers['accept-language']),
    }),
  );
};
