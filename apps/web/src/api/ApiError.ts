/** An API call that failed: an HTTP error answer, a network failure (status 0) or an unreadable answer. */
export class ApiError extends Error {
  readonly status: number;
  /** The error code of the API's error body (`ErrorBody.code`), when the answer carried one. */
  readonly code: string | undefined;
  /** The parsed JSON error body, when there was one. */
  readonly body: unknown;

  constructor(message: string, options: { status: number; code?: string; body?: unknown; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.body = options.body;
  }
}
