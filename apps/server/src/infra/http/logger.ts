import type { FastifyServerOptions } from 'fastify';
import { serializeLoggedError } from './log-error.ts';

/**
 * Keys whose values never reach the log, wherever they appear in a logged object (headers, a body someone
 * logs by mistake, an error's context): credentials and personal data (architecture: "never logged").
 * Matched without regard to case, so `Password` and `CPF` are covered too.
 */
export const SENSITIVE_KEYS = [
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'newPassword',
  'cpf',
  'cpfCnpj',
  'token',
  'rg',
  'email',
];

const SENSITIVE = new Set(SENSITIVE_KEYS.map((key) => key.toLowerCase()));
// Any key that merely contains these (currentPassword, refreshToken, clientSecret) is censored as well.
const SENSITIVE_PARTS = ['password', 'token', 'secret'];

function isSensitiveKey(key: string): boolean {
  const lower = key.toLowerCase();
  return SENSITIVE.has(lower) || SENSITIVE_PARTS.some((part) => lower.includes(part));
}
const CENSOR = '[REDACTED]';
const MAX_DEPTH = 8;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * A copy of a logged value with sensitive keys censored at any depth (case-insensitive). Only plain objects and
 * arrays are walked: requests and replies go through their serializers, which emit no such fields. Errors, under
 * any key, become what serializeLoggedError keeps of them (no query parameters, no row data).
 * Runs only when a line is actually written — pino's path redaction instead runs on every per-request child
 * logger, and its wildcards cover fixed depths only.
 */
export function redactSensitive(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return value;
  if (value instanceof Error) return serializeLoggedError(value);
  if (Array.isArray(value)) return value.map((item) => redactSensitive(item, depth + 1));
  if (!isPlainObject(value)) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    copy[key] = isSensitiveKey(key) ? CENSOR : redactSensitive(inner, depth + 1);
  }
  return copy;
}

/**
 * Query values that are kept: short numbers (ids, page numbers) and booleans. Anything else may be what a person
 * typed (a search text, a name, a CEP) or a CPF, an e-mail, a token, so it is replaced, whatever the key.
 */
const HARMLESS_QUERY_VALUE = /^(\d{1,9}|true|false)$/;
const QUERY_KEY = /^[A-Za-z_][\w.[\]-]{0,63}$/;

/** A URL as it may be logged: path and query keys, but only the query values that cannot be personal data. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const key = equals < 0 ? pair : pair.slice(0, equals);
      // A key is a name the client chose (`?cpf=`), unless it is text in a key's place (`?maria@x.com`).
      const safeKey = QUERY_KEY.test(key) ? key : '[REDACTED]';
      if (equals < 0) return safeKey;
      const value = pair.slice(equals + 1);
      return `${safeKey}=${HARMLESS_QUERY_VALUE.test(value) ? value : '[REDACTED]'}`;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/** Where log lines go; tests pass one to read them. */
export interface LogStream {
  write(line: string): void;
}

export function buildLoggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    formatters: { log: (object) => redactSensitive(object) as Record<string, unknown> },
    serializers: {
      // Errors under `err` were already turned safe by the formatter above; this covers any left.
      err: (error) => serializeLoggedError(error),
      // Method, URL and caller only: never headers or bodies.
      req(request) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        };
      },
    },
  };
}
