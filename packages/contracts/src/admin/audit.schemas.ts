import { z } from 'zod';

/** Largest page of the audit trail list. */
export const AUDIT_PAGE_SIZE_MAX = 200;

const optionalFilterText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'tooLong' })
    .optional()
    .transform((value) => (value ? value : undefined));

/** An ISO instant (or date), checked to be a real date; empty means "no bound". */
const optionalInstant = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .refine((value) => value === undefined || !Number.isNaN(Date.parse(value)), { error: 'incorrectDate' });

/**
 * Filters of the audit trail (`/administration/log`), shared by the list and the CSV export. All optional.
 * `actor` is either a user id (digits only) or a text matched (case-insensitively, contains) against the
 * typed login and the user's name and login.
 */
export const AuditFiltersSchema = z.object({
  actor: optionalFilterText(200),
  /** Keeps actions starting with this text, e.g. `auth.login` or `admin.`. */
  actionPrefix: optionalFilterText(100),
  /** Inclusive lower bound (ISO instant). */
  from: optionalInstant,
  /** Inclusive upper bound (ISO instant). */
  to: optionalInstant,
});
export type AuditFilters = z.output<typeof AuditFiltersSchema>;
export type AuditFiltersInput = z.input<typeof AuditFiltersSchema>;

/** Body of `POST /admin/audit/list`: filters plus keyset paging (newest first, by id descending). */
export const AuditListBodySchema = AuditFiltersSchema.extend({
  /** Only rows with an id below this one: pass the previous page's `nextBeforeId`. */
  beforeId: z.number().int().positive().optional(),
  pageSize: z.number().int().min(1).max(AUDIT_PAGE_SIZE_MAX, { error: 'valueInRange' }).default(50),
});
export type AuditListBody = z.input<typeof AuditListBodySchema>;

/** Querystring of `GET /admin/audit/exportCsv`: the same filters, every row that matches (newest first). */
export const AuditExportQuerySchema = AuditFiltersSchema;

export const AuditRowSchema = z.object({
  id: z.number().int(),
  /** ISO instant. */
  at: z.string(),
  actorUserId: z.number().int().nullable(),
  /** Name of the acting user, null when unknown (failed logins) or deleted. */
  actorName: z.string().nullable(),
  /** The login of the acting user, or the login typed when no user is known. */
  actorLogin: z.string(),
  ip: z.string(),
  action: z.string(),
  target: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditRowView = z.infer<typeof AuditRowSchema>;

export const AuditListResultSchema = z.object({
  rows: z.array(AuditRowSchema),
  /** Pass as `beforeId` for the next page; null when this page is the last. */
  nextBeforeId: z.number().int().nullable(),
});
export type AuditListResult = z.infer<typeof AuditListResultSchema>;

/** Re-computation of the hash chain: `firstTamperedId` is the first row changed, or following a deletion. */
export const AuditVerifyResultSchema = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  firstTamperedId: z.number().int().optional(),
});
export type AuditVerifyResult = z.infer<typeof AuditVerifyResultSchema>;
