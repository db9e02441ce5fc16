import {
  ERROR_STATUS,
  type ErrorBody,
  type ErrorCode,
  type FieldIssue,
  formatValidationMessage,
  isValidationMessageKey,
  type Language,
} from '@der/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pickLanguage } from '../../i18n/language.ts';
import { translateError } from '../../i18n/messages.ts';
import { isAppError, messageParamsOf } from './app-error.ts';
import { dataExceptionIssues, isDataException } from './database-input-error.ts';

const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

const CONTEXT_NAMES: Record<string, string> = {
  querystring: 'query',
  body: 'body',
  params: 'params',
  headers: 'headers',
};

/** `query.appID`, `body.address.zip`: the dotted names the web app maps back onto its form fields. */
function toFieldIssues(error: FastifyError, language: Language): FieldIssue[] {
  const context = CONTEXT_NAMES[error.validationContext ?? ''] ?? error.validationContext ?? 'request';
  return (error.validation ?? []).map((issue) => {
    const segments = issue.instancePath.split('/').filter(Boolean);
    return {
      field: [context, ...segments].join('.'),
      message: translateIssue(issue.message, issue.params, language),
    };
  });
}

/** Contract schemas give keys of the shared validation messages (spec §5); zod's own texts pass through. */
function translateIssue(
  message: string | undefined,
  params: Record<string, unknown>,
  language: Language,
): string {
  if (message && isValidationMessageKey(message)) return formatValidationMessage(message, language, params);
  return message ?? 'invalid';
}

function isFieldIssueList(value: unknown): value is FieldIssue[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'object' && v !== null && 'field' in v);
}

interface Classified {
  code: ErrorCode;
  details?: unknown;
  /** The Message's placeholder values (errorWithParams); without them only `{fields}` is filled. */
  params?: Record<string, string>;
  /** Unexpected: logged at error level with the request id. */
  unexpected: boolean;
}

function classify(error: FastifyError, request: FastifyRequest, language: Language): Classified {
  if (isAppError(error)) {
    const params = messageParamsOf(error);
    if (params) return { code: error.code, details: params, params, unexpected: error.statusCode >= 500 };
    const details = isFieldIssueList(error.details)
      ? error.details.map((issue) => ({ ...issue, message: translateIssue(issue.message, {}, language) }))
      : error.details;
    return { code: error.code, details, unexpected: error.statusCode >= 500 };
  }
  if (error.validation)
    return { code: 'VALIDATION_FAILED', details: toFieldIssues(error, language), unexpected: false };
  if (isDataException(error)) {
    const details = dataExceptionIssues(request).map((issue) => ({
      ...issue,
      message: translateIssue(issue.message, {}, language),
    }));
    return { code: 'VALIDATION_FAILED', details, unexpected: false };
  }
  const status = error.statusCode ?? 500;
  const known = status < 500 ? CODE_BY_STATUS[status] : undefined;
  if (known) return { code: known, unexpected: false };
  return { code: 'INTERNAL_ERROR', unexpected: true };
}

export function renderError(request: FastifyRequest, reply: FastifyReply, error: FastifyError) {
  const language = pickLanguage(request.headers['accept-language']);
  const { code, details, params, unexpected } = classify(error, request, language);
  if (unexpected) request.log.error({ err: error }, `request failed: ${code}`);
  // A value the database refused: the client's fault, but a contract that let it through is worth a look.
  else if (isDataException(error))
    request.log.warn({ err: error }, 'the database refused a value of the request');

  const fields = isFieldIssueList(details) ? [...new Set(details.map((d) => d.field))].join(', ') : '';
  const body: ErrorBody = {
    Message: translateError(code, language, params ?? { fields }),
    code,
    requestId: String(request.id),
  };
  // Details of unexpected errors stay in the log: they may carry internals.
  if (details !== undefined && !unexpected) body.details = details;
  return reply.code(ERROR_STATUS[code]).type('application/json; charset=utf-8').send(body);
}

/**
 * The one error handler, for every route of every plugin (none installs its own): every failure leaves as
 * `{ Message, code, details?, requestId }`, its Message in the request's language with its placeholders filled.
 */
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => renderError(request, reply, error));
  },
  { name: 'error-handler' },
);
