import type { AppConfig } from '../config/env.ts';
import {
  createDefinitionsService,
  type DefinitionsService,
} from '../engine/definitions/definitions.service.ts';
import { createItemsService, type ItemsService } from '../engine/items/items.service.ts';
import {
  createItemRelationsService,
  type ItemRelationsService,
} from '../engine/links/item-relations.service.ts';
import { createProjectsService, type ProjectsService } from '../engine/projects/projects.service.ts';
import {
  createSigningCertificates,
  type SigningCertificates,
} from '../engine/signatures/signing-certificates.ts';
import type { AppSecrets } from '../infra/crypto/app-secrets.ts';
import { createSecretBox, type SecretBox } from '../infra/crypto/secret-box.ts';
import type { Database } from '../infra/db/database.ts';
import { createOutboxService, type OutboxService } from '../infra/outbox/outbox.service.ts';
import type { FileStore } from '../infra/storage/file-store.ts';
import { createAccountsRepo } from '../modules/accounts/accounts.repo.ts';
import { type AccountsService, createAccountsService } from '../modules/accounts/accounts.service.ts';
import {
  type AdditionalFieldsService,
  createAdditionalFieldsService,
} from '../modules/additional-fields/additional-fields.service.ts';
import { type AetService, createAetService } from '../modules/aet/aet.service.ts';
import { createApplicationsRepo } from '../modules/applications/applications.repo.ts';
import {
  type ApplicationsService,
  createApplicationsService,
} from '../modules/applications/applications.service.ts';
import { type AuditService, createAuditService } from '../modules/audit/audit.service.ts';
import { createAuthRepo } from '../modules/auth/auth.repo.ts';
import { type AuthService, createAuthService } from '../modules/auth/auth.service.ts';
import { createCompanyLinks } from '../modules/companies/company-links.ts';
import {
  createEmailServerService,
  type EmailServerService,
} from '../modules/email-server/email-server.service.ts';
import { createGroupsService, type GroupsService } from '../modules/groups/groups.service.ts';
import { createHealthService, type HealthService } from '../modules/health/health.service.ts';
import { createPasswordHasher, type PasswordHasher } from '../modules/identity/core/password-hasher.ts';
import { createMessagesRepo } from '../modules/messages/messages.repo.ts';
import { createMessageService, type MessageService } from '../modules/messages/messages.service.ts';
import { createPlanService, type PlanService } from '../modules/plan/plan.service.ts';
import { createPlatformRepo } from '../modules/platform/platform.repo.ts';
import { createPlatformService, type PlatformService } from '../modules/platform/platform.service.ts';
import { createProfileRepo } from '../modules/profile/profile.repo.ts';
import { createProfileService, type ProfileService } from '../modules/profile/profile.service.ts';
import { createPushService, type PushService } from '../modules/push/push.service.ts';
import {
  createSecuritySettingsRepo,
  createSecuritySettingsService,
  type SecuritySettingsService,
} from '../modules/sessions/security-settings.service.ts';
import { createSessionsRepo } from '../modules/sessions/sessions.repo.ts';
import { createSessionsService, type SessionsService } from '../modules/sessions/sessions.service.ts';
import { createTermsService, type TermsService } from '../modules/sessions/terms.service.ts';

export interface AppServices {
  platform: PlatformService;
  health: HealthService;
  audit: AuditService;
  outbox: OutboxService;
  /** One Argon2id hasher for the process: its concurrency limit must cover every caller. */
  passwordHasher: PasswordHasher;
  accounts: AccountsService;
  aet: AetService;
  securitySettings: SecuritySettingsService;
  sessions: SessionsService;
  terms: TermsService;
  auth: AuthService;
  groups: GroupsService;
  /** VAPID keys, push devices, and queuing pushes in the outbox (the worker sends them). */
  push: PushService;
  messages: MessageService;
  applications: ApplicationsService;
  profile: ProfileService;
  /** Administrator-defined fields of users, permissionários, requerentes and companies, and their validation. */
  additionalFields: AdditionalFieldsService;
  /** SMTP settings saved in the administration area (they win over SMTP_* for the outbox, see main.ts). */
  emailServer: EmailServerService;
  /** The contracted plan and its guards (assertCanAddApplications, assertCanStoreBytes …) for other modules. */
  plan: PlanService;
  /** Runtime engine: application definitions (import, export, versions). */
  definitions: DefinitionsService;
  /** Runtime engine: the item write side (create, update, delete, bulk; formatted IDs and version rows). */
  items: ItemsService;
  /** Runtime engine: projects and their permissions (spec §6). */
  projects: ProjectsService;
}

/** What buildApp settled before any service exists: the caller's dependencies with their defaults applied. */
export interface AppCompositionDeps {
  config: AppConfig;
  database: Database;
  secrets: AppSecrets;
  now: () => Date;
  fileStore: FileStore;
  version: string;
}

/**
 * The services shared across the app and the wiring the plugin registrations need besides them. A service
 * that only one plugin uses is created where that plugin is registered, not here.
 */
export interface AppComposition extends AppCompositionDeps {
  services: AppServices;
  secretBox: SecretBox;
  /** The department's A1 certificates: they sign attachments, stamps and issued documents. */
  signingCertificates: SigningCertificates;
  /** Told by every writer of items (the one save, forms, workflow, bulk, repositories) after a save. */
  relations: ItemRelationsService;
}

/** Creates the shared services once, in dependency order; nothing here touches the Fastify instance. */
export function createAppComposition(deps: AppCompositionDeps): AppComposition {
  const { config, database, now } = deps;
  const secretBox = createSecretBox(deps.secrets.encryptionKey);
  const signingCertificates = createSigningCertificates({ db: database.db, secretBox, now });
  const platform = createPlatformService({ repo: createPlatformRepo(database.db) });
  const audit = createAuditService({ now });
  const outbox = createOutboxService({ secretBox, publicUrl: config.publicUrl });
  const passwordHasher = createPasswordHasher();
  const securitySettings = createSecuritySettingsService({
    repo: createSecuritySettingsRepo(database.db),
    secretBox,
  });
  const sessions = createSessionsService({
    repo: createSessionsRepo(database.db),
    settings: securitySettings,
    signingKey: deps.secrets.jwtSigningKey,
    now,
  });
  const terms = createTermsService({ db: database.db, now });
  const groups = createGroupsService();
  const push = createPushService({ db: database.db, secretBox });
  const messages = createMessageService({ repo: createMessagesRepo(database.db), groups, push, now });
  // Item relations: free links, predecessors, followers (told by a message when someone saves the item, by
  // whichever writer: the one save runs relations.itemSaved after the form's, the grid's and bulk saves).
  const relations = createItemRelationsService({ db: database.db, now, messages });
  const additionalFields = createAdditionalFieldsService({ db: database.db, audit, now });
  const emailServer = createEmailServerService({
    db: database.db,
    secretBox,
    audit,
    environment: config.smtp,
    now,
    platformName: async () => (await platform.getSettings()).brand,
  });
  const services: AppServices = {
    platform,
    health: createHealthService({ database, version: deps.version }),
    audit,
    outbox,
    passwordHasher,
    accounts: createAccountsService({
      db: database.db,
      repo: createAccountsRepo(),
      hasher: passwordHasher,
      audit,
      outbox,
      platform,
      groups,
      publicUrl: config.publicUrl,
      companies: createCompanyLinks(),
      now,
      additionalFields,
    }),
    aet: createAetService({
      db: database.db,
      publicUrl: config.publicUrl,
      now,
      signer: signingCertificates,
    }),
    securitySettings,
    sessions,
    terms,
    auth: createAuthService({
      db: database.db,
      repo: createAuthRepo(database.db),
      hasher: passwordHasher,
      sessions,
      securitySettings,
      platform,
      terms,
      audit,
      outbox,
      secretBox,
      now,
      publicUrl: config.publicUrl,
    }),
    groups,
    push,
    messages,
    applications: createApplicationsService({
      db: database.db,
      repo: createApplicationsRepo(database.db),
      groups,
      // Menu badges computed per user (applications.table.ts badgeSource).
      badgeSources: { unreadMessages: (userId: number) => messages.countUnread(userId) },
    }),
    profile: createProfileService({ db: database.db, repo: createProfileRepo(), audit, now }),
    additionalFields,
    emailServer,
    plan: createPlanService({ db: database.db, audit, now }),
    definitions: createDefinitionsService({ db: database.db, audit, publicUrl: config.publicUrl, now }),
    items: createItemsService({ db: database.db, now, onItemSaved: relations.itemSaved }),
    projects: createProjectsService({ db: database.db, audit }),
  };
  return { ...deps, services, secretBox, signingCertificates, relations };
}
