import { ERROR_STATUS, type ErrorCode } from '@der/contracts';

/**
 * The one error a service throws. The HTTP status comes from the exhaustive map in contracts, and the
 * user-facing text from the message catalogue (src/i18n), chosen by the request's language.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details: unknown;

  /** `cause` is logged (with 5xx codes), never sent to the client. */
  constructor(code: ErrorCode, details?: unknown, options?: { cause?: unknown }) {
    super(code, options);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.details = details;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** An error whose translated Message has placeholders ('alterado por {name}', 'no máximo {limit}'). */
export function errorWithParams(code: ErrorCode, params: Record<string, string>): AppError {
  return new AppError(code, { params });
}

/**
 * The placeholder values of an error made by errorWithParams (or carrying `{ params }` the same way), or null.
 * The error handler fills the Message with them and answers them as `details`.
 */
export function messageParamsOf(error: AppError): Record<string, string> | null {
  const details = error.details;
  if (!details || typeof details !== 'object' || !('params' in details)) return null;
  const params = (details as { params: unknown }).params;
  return params && typeof params === 'object' ? (params as Record<string, string>) : null;
}
