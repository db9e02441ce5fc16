import type { ErrorCode, Language } from '@der/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { pickLanguage } from '../../i18n/language.ts';
import { translateError } from '../../i18n/messages.ts';
import { sessionOf } from '../../infra/auth/auth.plugin.ts';
import { AppError, isAppError } from '../../infra/http/app-error.ts';
import { renderError } from '../../infra/http/error-handler.plugin.ts';

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

/** An error whose translated Message has placeholders ('alterado por {name}', 'no máximo {limit}'). */
export function errorWithParams(code: ErrorCode, params: Record<string, string>): AppError {
  return new AppError(code, { params });
}

function paramsOf(details: unknown): Record<string, string> | null {
  if (!details || typeof details !== 'object' || !('params' in details)) return null;
  const params = (details as { params: unknown }).params;
  return params && typeof params === 'object' ? (params as Record<string, string>) : null;
}

/**
 * The administration modules' error handler: the product's one error shape, with the placeholders of
 * errorWithParams filled in (the shared handler fills only `{fields}`); everything else goes to it unchanged.
 */
export function renderAdminError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const params = isAppError(error) ? paramsOf(error.details) : null;
  if (!isAppError(error) || !params) return renderError(request, reply, error);
  const language = pickLanguage(request.headers['accept-language']);
  return reply
    .code(error.statusCode)
    .type('application/json; charset=utf-8')
    .send({
      Message: translateError(error.code, language, params),
      code: error.code,
      details: params,
      requestId: String(request.id),
    });
}

/** The constraint a PostgreSQL unique violation (23505) names, or null; Drizzle wraps the driver's error. */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505')
      return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    current = candidate.cause;
  }
  return null;
}

/** `{ field: { before, after } }` of the keys whose values differ (compared as JSON). */
export function diffFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      changes[key] = { before: before[key] ?? null, after: after[key] ?? null };
  }
  return changes;
}

/**
 * The object with its keys in order: PostgreSQL's jsonb reorders the keys it stores, and diffFields compares
 * JSON text, so an unchanged jsonb value read back would otherwise look changed.
 */
export function withSortedKeys(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * `{ additionalFields }` for an audit entry (keys sorted, see withSortedKeys), or nothing when there are no
 * values: records of entities without additional fields keep the audit entries they always had.
 */
export function auditedAdditionalFields(values: Record<string, unknown>): {
  additionalFields?: Record<string, unknown>;
} {
  return Object.keys(values).length > 0 ? { additionalFields: withSortedKeys(values) } : {};
}
