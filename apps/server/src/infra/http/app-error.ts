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
