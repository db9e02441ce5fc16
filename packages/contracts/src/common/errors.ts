import { z } from 'zod';

/**
 * Every error the API can answer, with its HTTP status. One exhaustive map: a new code without a status is a
 * compile error, and the web app can switch over the same codes.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  SERVER_SHUTTING_DOWN: 503,
  AUTH_TERMS_NOT_ACCEPTED: 403,
  AUTH_TERMS_MUST_BE_ACCEPTED: 400,
  AUTH_MFA_REQUIRED: 403,
  AUTH_MFA_CODE_INVALID: 400,
  AUTH_MFA_ATTEMPTS_EXCEEDED: 401,
  AUTH_MFA_NOT_SET_UP: 409,
  AUTH_WRONG_PASSWORD: 400,
  AUTH_EXPIRED_PASSWORD_CHANGE_REFUSED: 400,
  AUTH_PASSWORD_CHANGE_NOT_ALLOWED: 403,
  AUTH_RESET_LINK_INVALID: 400,
  ACCOUNT_DUPLICATE_DOCUMENT: 409,
  ACCOUNT_DUPLICATE_EMAIL: 409,
  ACCOUNT_TOKEN_INVALID: 400,
  ACCOUNT_TOKEN_EXPIRED: 410,
  ACCOUNT_TIPO_REQUERENTE_INVALID: 400,
  ADMIN_LAST_ADMINISTRATOR: 409,
  ADMIN_CANNOT_DELETE_SELF: 409,
  ADMIN_DUPLICATE_LOGIN: 409,
  ADMIN_USER_VERSION_CONFLICT: 409,
  ADMIN_GROUP_DUPLICATE_NAME: 409,
  COMPANY_DUPLICATE_CNPJ: 409,
  ORGANIZATIONAL_UNIT_HAS_CHILDREN: 409,
  ORGANIZATIONAL_UNIT_IN_USE: 409,
  WORK_CALENDAR_IN_USE: 409,
  PLAN_LIMIT_REACHED: 409,
  ADDITIONAL_FIELD_DUPLICATE_NAME: 409,
  EMAIL_SERVER_NOT_CONFIGURED: 409,
  DEFINITION_INVALID: 400,
  DEFINITION_VERSION_NOT_NEWER: 409,
  ITEM_VERSION_CONFLICT: 409,
  ITEM_EDIT_FORBIDDEN: 403,
  BULK_OPERATION_FORBIDDEN: 403,
  BULK_SELECTION_EMPTY: 400,
  ITEM_PROJECT_NOT_EMPTY: 409,
  REPOSITORY_FOLDER_NOT_EMPTY: 409,
  REPOSITORY_NAME_TAKEN: 409,
  CEP_NOT_FOUND: 404,
  CEP_SERVICE_UNAVAILABLE: 503,
  PAYMENT_PROVIDER_NOT_CONFIGURED: 409,
  PAYMENT_PROVIDER_UNAVAILABLE: 503,
  PAYMENT_NOT_AWAITING: 409,
  PAYMENT_FEE_MISSING: 409,
  PAYMENT_WEBHOOK_REFUSED: 401,
  FILE_TOO_LARGE: 413,
  FILE_TYPE_NOT_ALLOWED: 415,
  ATTACHMENT_LIMIT_REACHED: 409,
  ATTACHMENT_INVALID_FILE: 400,
  FILE_LINK_EXPIRED: 410,
  FILE_CONTENT_DAMAGED: 500,
  FILE_STORAGE_UNAVAILABLE: 503,
  SIGNATURE_CERTIFICATE_PASSWORD_WRONG: 400,
  SIGNATURE_CERTIFICATE_INVALID: 400,
  SIGNATURE_CERTIFICATE_EXPIRED: 400,
  SIGNATURE_CERTIFICATE_MISSING: 409,
  SIGNATURE_NOT_PDF: 415,
  SIGNATURE_NEEDS_SAVED_ITEM: 409,
  SIGNATURE_PROTOCOL_TEMPLATE_MISSING: 409,
  STAMP_NOT_PDF: 415,
  STAMP_ALREADY_STAMPED: 409,
  STAMP_AFTER_SIGNATURE: 409,
  PRINT_LAYOUT_INVALID: 409,
  IMPORT_LIMIT_EXCEEDED: 413,
  IMPORT_KEY_REUSED: 409,
  IMPORT_IN_PROGRESS: 409,
  RESOURCE_CHANGE_FORBIDDEN: 403,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export const FieldIssueSchema = z.object({
  /** Dotted path of the offending field, e.g. `body.email` or `query.appID`. */
  field: z.string(),
  message: z.string(),
  /** A refused save's reason as data (the validation message key, `rule`, `fieldNotEditable`…; issue 15). */
  code: z.string().optional(),
  /** The input a refusal belongs to, in saves of several items (import rows, bulk updates). */
  row: z.number().int().optional(),
});
export type FieldIssue = z.infer<typeof FieldIssueSchema>;

/** The one error shape of the API (architecture: "Errors"). `Message` is already translated. */
export const ErrorBodySchema = z.object({
  Message: z.string(),
  code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
  details: z.unknown().optional(),
  requestId: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/**
 * The marker of spec §8: the part of a message after it is diagnostic detail for the console, never shown.
 */
export const DETAILED_ERROR_MARKER = '##DETAILEDERROR##';
