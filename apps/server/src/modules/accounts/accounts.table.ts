import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Every person who signs in: department staff, permissionários (faixa de domínio) and requerentes (AET).
 * One table so that login, sessions, messages and permissions treat them alike; the portal-specific data lives
 * in permissionario_profiles and requerente_profiles.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['staff', 'permissionario', 'requerente'] }).notNull(),
    /** What the user types at the login: lower-cased. External users sign in with their e-mail. */
    login: text('login').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    avatar: text('avatar').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A password an administrator issued (new user, forced reset) is created already expired, so the next login
     * goes through the change dialog. A reset the user asks for sets no password (password-reset links).
     */
    passwordExpiresAt: timestamp('password_expires_at', { withTimezone: true }),
    /** False until the e-mailed activation link is followed. */
    activated: boolean('activated').notNull().default(false),
    /** Disabled by an administrator, or "deleted" while history still references the user. */
    disabled: boolean('disabled').notNull().default(false),
    isAdministrator: boolean('is_administrator').notNull().default(false),
    hasPanelAdminPermission: boolean('has_panel_admin_permission').notNull().default(false),
    hasChangePasswordPermission: boolean('has_change_password_permission').notNull().default(true),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    /** The TOTP secret, encrypted at rest (infra/crypto/secret-box). */
    mfaSecret: text('mfa_secret'),
    /** Time-step counter of the last accepted code: a code is usable once. */
    mfaLastCounter: integer('mfa_last_counter'),
    /** The login portal the account belongs to; logout returns there. */
    loginPage: text('login_page', { enum: ['/', '/faixaDeDominio', '/aet'] })
      .notNull()
      .default('/'),
    companyId: integer('company_id'),
    timesheetType: text('timesheet_type').notNull().default('0'),
    autoTimesheetType: text('auto_timesheet_type').notNull().default('0'),
    /** Values of the administrator-defined fields of entity 'user' (additional_field_definitions), by name. */
    additionalFields: jsonb('additional_fields').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (table) => [
    uniqueIndex('users_login_unique').on(sql`lower(${table.login})`),
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
    index('users_name_idx').on(table.name),
  ],
);
export type UserRow = typeof users.$inferSelect;

/** Requester types of the AET portal (spec §7.1 getTipos): seeded, editable by administrators. */
export const tiposRequerente = pgTable('tipos_requerente', {
  id: serial('id').primaryKey(),
  nome: text('nome').notNull().unique(),
  active: boolean('active').notNull().default(true),
  position: integer('position').notNull().default(0),
});

/** Right-of-way permit holder data (spec §3 "Right-of-way registration"). */
export const permissionarioProfiles = pgTable('permissionario_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tipo: text('tipo', { enum: ['fisica', 'juridica'] }).notNull(),
  /** CPF (11 digits) or CNPJ (14 uppercase characters), without punctuation. */
  cpfCnpj: text('cpf_cnpj').notNull().unique(),
  atualizacao: boolean('atualizacao').notNull().default(false),
  rg: text('rg').notNull().default(''),
  orgaoExpedidor: text('orgao_expedidor').notNull().default(''),
  profissao: text('profissao').notNull().default(''),
  estadoCivil: text('estado_civil').notNull().default(''),
  nacionalidade: text('nacionalidade').notNull().default(''),
  inscricaoEstadual: text('inscricao_estadual').notNull().default(''),
  nomeFantasia: text('nome_fantasia').notNull().default(''),
  atividade: text('atividade').notNull().default(''),
  additionalFields: jsonb('additional_fields').$type<Record<string, unknown>>().notNull().default({}),
});

/** AET applicant data (spec §3 "AET applicant registration"). */
export const requerenteProfiles = pgTable('requerente_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tipo: text('tipo', { enum: ['fisica', 'juridica'] }).notNull(),
  cpfCnpj: text('cpf_cnpj').notNull().unique(),
  tipoRequerenteId: integer('tipo_requerente_id')
    .notNull()
    .references(() => tiposRequerente.id),
  rg: text('rg').notNull().default(''),
  orgaoExpedidor: text('orgao_expedidor').notNull().default(''),
  additionalFields: jsonb('additional_fields').$type<Record<string, unknown>>().notNull().default({}),
});

/**
 * Single-use e-mailed tokens (account activation, password reset), stored as SHA-256 hashes: a leaked table
 * grants nothing. `purpose` is a text column (the enum is TypeScript only): a new purpose needs no migration.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['activation', 'password-reset'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('account_tokens_user_idx').on(table.userId)],
);
