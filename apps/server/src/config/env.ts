import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_MAX_ATTACHMENTS, MAX_ATTACHMENTS_PER_COMPONENT } from '@der/contracts';
import { z } from 'zod';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits } from '../engine/excel/import-limits.ts';
import { PUBLIC_AUTH_RATE_LIMIT } from '../infra/auth/rate-limit.ts';
import { SMTP_SECURITY_MODES, type SmtpSettings } from '../infra/mail/mailer.ts';
import type { FileStorageSettings } from '../infra/storage/create-file-store.ts';

/** The repository root: relative paths in the environment (DATA_DIR, WEB_DIST_DIR) are read from here. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const booleanFromText = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no']))
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const cepProviderUrl = z
  .url({ protocol: /^https?$/ })
  .refine((url) => url.includes('{cep}'), 'expected a URL with the {cep} placeholder');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'expected a URL like postgres://user:password@host:5432/database')
    .optional(),
  SEED_DEMO_DATA: booleanFromText.default(true),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  WEB_DIST_DIR: z.string().min(1).default('apps/web/dist'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  SMTP_HOST: z.string().trim().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65_535).default(587),
  SMTP_SECURE: z.enum(SMTP_SECURITY_MODES).default('starttls'),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_FROM: z.string().trim().min(3).default('DER <nao-responda@der.local>'),
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(2000),
  BULK_ITEMS_PER_SECOND: z.coerce.number().int().min(0).max(100_000).default(0),
  ATTACHMENTS_MAX_FILES: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_ATTACHMENTS_PER_COMPONENT)
    .default(DEFAULT_MAX_ATTACHMENTS),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(PUBLIC_AUTH_RATE_LIMIT.limit),
  /** The VAPID contact (RFC 8292): a mailto: or https: URL. Default: PUBLIC_URL when https, else a mailto:. */
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'expected mailto:someone@example.com or an https:// URL')
    .optional(),
  /** Accept http:// push endpoints (a local push service in development); browsers' are https. */
  PUSH_ALLOW_HTTP_ENDPOINTS: booleanFromText.default(false),
  /** Address lookup by CEP: a ViaCEP-style JSON URL with a {cep} placeholder. */
  CEP_PROVIDER_URL: cepProviderUrl.default('https://viacep.com.br/ws/{cep}/json/'),
  CEP_FALLBACK_PROVIDER_URL: cepProviderUrl.optional(),
  /** The payment provider (PIX / bank slip charges); none: payments are confirmed by an analyst by hand. */
  PAYMENT_PROVIDER_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The secret shared with the provider: its notifications are HMAC-signed with it (required with the URL). */
  PAYMENT_WEBHOOK_SECRET: z.string().min(32, 'expected at least 32 characters').optional(),
  /** The receiver's name and city on the PIX BR Code. */
  PAYMENT_MERCHANT_NAME: z.string().trim().min(1).max(25).default('DER'),
  PAYMENT_MERCHANT_CITY: z.string().trim().min(1).max(15).default('Sao Paulo'),
  /** The spreadsheet import's safety limits (engine/excel/import-limits.ts). */
  IMPORT_MAX_UNCOMPRESSED_MIB: z.coerce
    .number()
    .int()
    .min(1)
    .max(4096)
    .default(DEFAULT_IMPORT_LIMITS.maxUncompressedBytes / (1024 * 1024)),
  IMPORT_MAX_COMPRESSION_RATIO: z.coerce
    .number()
    .int()
    .min(10)
    .max(1100)
    .default(DEFAULT_IMPORT_LIMITS.maxCompressionRatio),
  IMPORT_MAX_ZIP_ENTRIES: z.coerce
    .number()
    .int()
    .min(10)
    .max(65_534)
    .default(DEFAULT_IMPORT_LIMITS.maxEntries),
  IMPORT_MAX_CELL_CHARS: z.coerce
    .number()
    .int()
    .min(100)
    .max(1_000_000)
    .default(DEFAULT_IMPORT_LIMITS.maxCellChars),
  IMPORT_MAX_SHARED_STRINGS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(100_000_000)
    .default(DEFAULT_IMPORT_LIMITS.maxSharedStrings),
  IMPORT_MAX_COLUMNS: z.coerce.number().int().min(1).max(16_384).default(DEFAULT_IMPORT_LIMITS.maxColumns),
  /** Stored files in an S3-compatible bucket instead of DATA_DIR/files (set STORAGE_S3_BUCKET to use it). */
  STORAGE_S3_BUCKET: z.string().trim().min(3).max(63).optional(),
  STORAGE_S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  STORAGE_S3_REGION: z.string().trim().min(1).default('us-east-1'),
  STORAGE_S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  STORAGE_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Default: true with STORAGE_S3_ENDPOINT (MinIO and most self-hosted services), false for AWS itself. */
  STORAGE_S3_FORCE_PATH_STYLE: booleanFromText.optional(),
  /** How long an unreferenced stored file is kept before the housekeeper removes it. */
  FILES_ORPHAN_GRACE_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 365)
    .default(24),
});

export type LogLevel = (typeof LOG_LEVELS)[number];

export interface AppConfig {
  port: number;
  host: string;
  /** Absolute. */
  dataDir: string;
  /** Where the embedded PostgreSQL (PGlite) keeps its files: DATA_DIR/pglite. */
  pgliteDir: string;
  /** Held by the one process that has PGlite open: DATA_DIR/pglite.lock. */
  pgliteLockFile: string;
  /** Stored files (attachments, uploads): DATA_DIR/files. */
  filesDir: string;
  /** Where the bytes of stored files go (infra/storage): the folder filesDir, or STORAGE_S3_* when set. */
  fileStorage: FileStorageSettings;
  /** FILES_ORPHAN_GRACE_HOURS in ms: how long a file no row references is kept (housekeeping/orphan-files.ts). */
  orphanFileGraceMs: number;
  /** When set, PostgreSQL at this URL instead of PGlite. */
  databaseUrl: string | undefined;
  seedDemoData: boolean;
  logLevel: LogLevel;
  /** Absolute path of the built web app (Vite's dist). */
  webDistDir: string;
  /** The address users reach the server at, without a trailing slash. */
  publicUrl: string;
  shutdownTimeoutMs: number;
  /** The mail server, from SMTP_*; null without SMTP_HOST (e-mails then wait in the outbox). */
  smtp: SmtpSettings | null;
  /** How often the outbox worker looks for messages to send. */
  outboxPollMs: number;
  /** BULK_ITEMS_PER_SECOND: the most items each instance's bulk worker writes per second; 0 = no limit. */
  bulkItemsPerSecond: number;
  /** ATTACHMENTS_MAX_FILES: the count cap of an attachments component that configures no maxFiles. */
  attachmentsMaxFiles: number;
  /** VAPID subject of web push (VAPID_SUBJECT), undefined for the default (modules/push/push.sender.ts). */
  vapidSubject: string | undefined;
  /** PUSH_ALLOW_HTTP_ENDPOINTS: accept push subscriptions whose endpoint is http:// (not https://). */
  pushAllowHttpEndpoints: boolean;
  /** Requests a minute per address on each group of public auth routes (login, reset, registration …). */
  authRateLimitPerMinute: number;
  /** CEP_PROVIDER_URL and CEP_FALLBACK_PROVIDER_URL: ViaCEP-style lookups, `{cep}` replaced by the digits. */
  cepProviderUrl: string;
  cepFallbackProviderUrl: string | undefined;
  /** PAYMENT_*: the payment provider (null without PAYMENT_PROVIDER_URL) and the PIX receiver's name and city. */
  payments: {
    provider: { url: string; secret: string } | null;
    merchantName: string;
    merchantCity: string;
  };
  /** IMPORT_MAX_*: the spreadsheet import's safety limits. */
  importLimits: ImportLimits;
}

const S3_ONLY_KEYS = [
  'STORAGE_S3_ENDPOINT',
  'STORAGE_S3_ACCESS_KEY_ID',
  'STORAGE_S3_SECRET_ACCESS_KEY',
  'STORAGE_S3_FORCE_PATH_STYLE',
] as const;

/** The STORAGE_S3_* settings, or the local folder; the problems of a half-configured S3 store otherwise. */
function fileStorageOf(
  e: z.infer<typeof EnvSchema>,
  filesDir: string,
): { settings: FileStorageSettings } | { issues: string[] } {
  if (!e.STORAGE_S3_BUCKET) {
    const stray = S3_ONLY_KEYS.filter((key) => e[key] !== undefined);
    return stray.length === 0
      ? { settings: { kind: 'local', dir: filesDir } }
      : {
          issues: stray.map((key) => `${key}: set STORAGE_S3_BUCKET too (or remove it) to store files in S3`),
        };
  }
  if ((e.STORAGE_S3_ACCESS_KEY_ID === undefined) !== (e.STORAGE_S3_SECRET_ACCESS_KEY === undefined))
    return {
      issues: ['STORAGE_S3_SECRET_ACCESS_KEY: give both STORAGE_S3_ACCESS_KEY_ID and it, or neither'],
    };
  return {
    settings: {
      kind: 's3',
      bucket: e.STORAGE_S3_BUCKET,
      endpoint: e.STORAGE_S3_ENDPOINT,
      region: e.STORAGE_S3_REGION,
      accessKeyId: e.STORAGE_S3_ACCESS_KEY_ID,
      secretAccessKey: e.STORAGE_S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.STORAGE_S3_FORCE_PATH_STYLE ?? e.STORAGE_S3_ENDPOINT !== undefined,
    },
  };
}

export class ConfigError extends Error {
  readonly issues: string[];

  constructor(issues: string[]) {
    super(
      `Invalid configuration (check the environment or .env):\n${issues.map((i) => `  - ${i}`).join('\n')}`,
    );
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

/**
 * Parses the environment once. Every problem is listed together, so a broken deployment is fixed in one pass.
 * Values are never echoed back: DATABASE_URL may carry a password.
 */
export function loadConfig(env: Record<string, string | undefined>, rootDir: string = REPO_ROOT): AppConfig {
  // An empty value (`PORT=` in .env) means "use the default", as most tools read it.
  const known: Record<string, string> = {};
  for (const key of Object.keys(EnvSchema.shape)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') known[key] = value;
  }

  const parsed = EnvSchema.safeParse(known);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }

  const e = parsed.data;
  const dataDir = path.resolve(rootDir, e.DATA_DIR);
  const filesDir = path.join(dataDir, 'files');
  const fileStorage = fileStorageOf(e, filesDir);
  if ('issues' in fileStorage) throw new ConfigError(fileStorage.issues);
  // A provider whose notifications cannot be verified would let anyone mark a fee paid.
  if (e.PAYMENT_PROVIDER_URL && !e.PAYMENT_WEBHOOK_SECRET)
    throw new ConfigError(['PAYMENT_WEBHOOK_SECRET: required with PAYMENT_PROVIDER_URL']);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    pgliteLockFile: path.join(dataDir, 'pglite.lock'),
    filesDir,
    fileStorage: fileStorage.settings,
    orphanFileGraceMs: e.FILES_ORPHAN_GRACE_HOURS * 60 * 60 * 1000,
    databaseUrl: e.DATABASE_URL,
    seedDemoData: e.SEED_DEMO_DATA,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(rootDir, e.WEB_DIST_DIR),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    smtp: e.SMTP_HOST
      ? {
          host: e.SMTP_HOST,
          port: e.SMTP_PORT,
          secure: e.SMTP_SECURE,
          user: e.SMTP_USER ?? null,
          password: e.SMTP_PASSWORD ?? null,
          from: e.SMTP_FROM,
        }
      : null,
    outboxPollMs: e.OUTBOX_POLL_MS,
    bulkItemsPerSecond: e.BULK_ITEMS_PER_SECOND,
    attachmentsMaxFiles: e.ATTACHMENTS_MAX_FILES,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    vapidSubject: e.VAPID_SUBJECT,
    pushAllowHttpEndpoints: e.PUSH_ALLOW_HTTP_ENDPOINTS,
    cepProviderUrl: e.CEP_PROVIDER_URL,
    cepFallbackProviderUrl: e.CEP_FALLBACK_PROVIDER_URL,
    payments: {
      provider:
        e.PAYMENT_PROVIDER_URL && e.PAYMENT_WEBHOOK_SECRET
          ? { url: e.PAYMENT_PROVIDER_URL, secret: e.PAYMENT_WEBHOOK_SECRET }
          : null,
      merchantName: e.PAYMENT_MERCHANT_NAME,
      merchantCity: e.PAYMENT_MERCHANT_CITY,
    },
    importLimits: {
      ...DEFAULT_IMPORT_LIMITS,
      maxUncompressedBytes: e.IMPORT_MAX_UNCOMPRESSED_MIB * 1024 * 1024,
      maxCompressionRatio: e.IMPORT_MAX_COMPRESSION_RATIO,
      maxEntries: e.IMPORT_MAX_ZIP_ENTRIES,
      maxCellChars: e.IMPORT_MAX_CELL_CHARS,
      maxSharedStrings: e.IMPORT_MAX_SHARED_STRINGS,
      maxColumns: e.IMPORT_MAX_COLUMNS,
    },
  };
}
