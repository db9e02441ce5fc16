import type { Language } from '@der/contracts';
import type { FastifyRequest } from 'fastify';
import { pickLanguage } from '../../i18n/language.ts';
import { sessionOf } from '../../infra/auth/auth.plugin.ts';

/** Who acts in an administration call, for the audit trail and the translated answers. */
export interface AdminContext {
  actorUserId: number;
  ip: string;
  language: Language;
}

export function adminContextOf(request: FastifyRequest): AdminContext {
  return {
    actorUserId: sessionOf(request).userId,
    ip: request.ip,
    language: pickLanguage(request.headers['accept-language']),
  };
}
