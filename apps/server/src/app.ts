import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env.ts';
import { addressPlugin } from './engine/address/address.plugin.ts';
import { cepProviderFromConfig } from './engine/address/cep-provider.ts';
import { createAttachmentDownloads } from './engine/attachments/attachment-downloads.ts';
import { attachmentsPlugin } from './engine/attachments/attachments.plugin.ts';
import { createAttachmentsService } from './engine/attachments/attachments.service.ts';
import { createFileIndexesService } from './engine/attachments/file-indexes.service.ts';
import { createFileLinks } from './engine/attachments/file-links.ts';
import { bulkPlugin } from './engine/bulk/bulk.plugin.ts';
import { createBulkService } from './engine/bulk/bulk.service.ts';
import { type BulkWorker, createBulkWorker } from './engine/bulk/bulk.worker.ts';
import { definitionsPlugin } from './engine/definitions/definitions.plugin.ts';
import {
  createDefinitionsService,
  type DefinitionsService,
} from './engine/definitions/definitions.service.ts';
import { excelPlugin } from './engine/excel/excel.plugin.ts';
import { filesPlugin } from './engine/files/files.plugin.ts';
import { findFileContent } from './engine/files/files.repo.ts';
import { createFilesService } from './engine/files/files.service.ts';
import { formsPlugin } from './engine/forms/forms.plugin.ts';
import { createFormsService } from './engine/forms/forms.service.ts';
import { itemsPlugin } from './engine/items/items.plugin.ts';
import { createItemsService, type ItemsService } from './engine/items/items.service.ts';
import { kanbanPlugin } from './engine/kanban/kanban.plugin.ts';
import { createKanbanService } from './engine/kanban/kanban.service.ts';
import { createItemRelationsService } from './engine/links/item-relations.service.ts';
import { linksPlugin } from './engine/links/links.plugin.ts';
import { createLinksService } from './engine/links/links.service.ts';
import { applyOperationEffect } from './engine/operations/operation-effect.ts';
import { operationsPlugin } from './engine/operations/operations.plugin.ts';
import { createOperationsService } from './engine/operations/operations.service.ts';
import { setDocumentGeneration } from './engine/print-layouts/generate-document.ts';
import { printLayoutsPlugin } from './engine/print-layouts/print-layouts.plugin.ts';
import { createPrintLayoutsService } from './engine/print-layouts/print-layouts.service.ts';
import { projectWidgetsPlugin } from './engine/project-widgets/project-widgets.plugin.ts';
import { createProjectWidgetsService } from './engine/project-widgets/project-widgets.service.ts';
import { projectsPlugin } from './engine/projects/projects.plugin.ts';
import { createProjectsService, type ProjectsService } from './engine/projects/projects.service.ts';
import { listingPlugin } from './engine/query/listing.plugin.ts';
import { createListingService } from './engine/query/listing.service.ts';
import { lookupValuesPlugin } from './engine/query/lookup-values.plugin.ts';
import { createReportJobsService } from './engine/reports/report-jobs.service.ts';
import { createReportWorker, type ReportWorker } from './engine/reports/report-worker.ts';
import { reportsPlugin } from './engine/reports/reports.plugin.ts';
import { createReportsService } from './engine/reports/reports.service.ts';
import { attachDocumentWith } from './engine/repositories/attach-document.ts';
import { repositoriesPlugin } from './engine/repositories/repositories.plugin.ts';
import { createRepositoriesService } from './engine/repositories/repositories.service.ts';
import { signaturesPlugin } from './engine/signatures/signatures.plugin.ts';
import { createSignaturesService } from './engine/signatures/signatures.service.ts';
import { createSigningCertificates } from './engine/signatures/signing-certificates.ts';
import { setOperationRunner } from './engine/workflow/operation-runner.ts';
import { workflowPlugin } from './engine/workflow/workflow.plugin.ts';
import { createWorkflowService } from './engine/workflow/workflow.service.ts';
import { authPlugin } from './infra/auth/auth.plugin.ts';
import type { AppSecrets } from './infra/crypto/app-secrets.ts';
import { createSecretBox, type SecretBox } from './infra/crypto/secret-box.ts';
import type { Database } from './infra/db/database.ts';
import { compressionPlugin } from './infra/http/compression.plugin.ts';
import { errorHandlerPlugin } from './infra/http/error-handler.plugin.ts';
import { buildLoggerOptions, type LogStream } from './infra/http/logger.ts';
import { openApiPlugin } from './infra/http/openapi.plugin.ts';
import { requestContextPlugin } from './infra/http/request-context.plugin.ts';
import { securityHeadersPlugin } from './infra/http/security-headers.plugin.ts';
import { serializerCompilerWithCache } from './infra/http/serialized-json.ts';
import { createOutboxService, type OutboxService } from './infra/outbox/outbox.service.ts';
import { spaPlugin } from './infra/spa/spa.plugin.ts';
import { createFileStore } from './infra/storage/create-file-store.ts';
import type { FileStore } from './infra/storage/file-store.ts';
import { accountsPlugin } from './modules/accounts/accounts.plugin.ts';
import { createAccountsRepo } from './modules/accounts/accounts.repo.ts';
import { type AccountsService, createAccountsService } from './modules/accounts/accounts.service.ts';
import { additionalFieldsPlugin } from './modules/additional-fields/additional-fields.plugin.ts';
import {
  type AdditionalFieldsService,
  createAdditionalFieldsService,
} from './modules/additional-fields/additional-fields.service.ts';
import { adminAuditPlugin } from './modules/admin-audit/admin-audit.plugin.ts';
import { createAdminAuditService } from './modules/admin-audit/admin-audit.service.ts';
import { adminGroupsPlugin } from './modules/admin-groups/admin-groups.plugin.ts';
import { createAdminGroupsService } from './modules/admin-groups/admin-groups.service.ts';
import { adminSettingsPlugin } from './modules/admin-settings/admin-settings.plugin.ts';
import { createAdminSettingsService } from './modules/admin-settings/admin-settings.service.ts';
import { adminTermsPlugin } from './modules/admin-terms/admin-terms.plugin.ts';
import { createAdminTermsService } from './modules/admin-terms/admin-terms.service.ts';
import { adminUsersPlugin } from './modules/admin-users/admin-users.plugin.ts';
import { createAdminUsersRepo } from './modules/admin-users/admin-users.repo.ts';
import { createAdminUsersService } from './modules/admin-users/admin-users.service.ts';
import { aetPlugin } from './modules/aet/aet.plugin.ts';
import { type AetService, createAetService } from './modules/aet/aet.service.ts';
import { createAetRequestCopies } from './modules/aet/copy-request.ts';
import { applicationsPlugin } from './modules/applications/applications.plugin.ts';
import { createApplicationsRepo } from './modules/applications/applications.repo.ts';
import {
  type ApplicationsService,
  createApplicationsService,
} from './modules/applications/applications.service.ts';
import { type AuditService, createAuditService } from './modules/audit/audit.service.ts';
import { authRoutesPlugin } from './modules/auth/auth.plugin.ts';
import { createAuthRepo } from './modules/auth/auth.repo.ts';
import { type AuthService, createAuthService } from './modules/auth/auth.service.ts';
import { companiesPlugin } from './modules/companies/companies.plugin.ts';
import { createCompaniesService } from './modules/companies/companies.service.ts';
import { createCompanyLinks } from './modules/companies/company-links.ts';
import { emailServerPlugin } from './modules/email-server/email-server.plugin.ts';
import {
  createEmailServerService,
  type EmailServerService,
} from './modules/email-server/email-server.service.ts';
import { createGroupsService, type GroupsService } from './modules/groups/groups.service.ts';
import { healthPlugin } from './modules/health/health.plugin.ts';
import { createHealthService, type HealthService } from './modules/health/health.service.ts';
import { createPasswordHasher, type PasswordHasher } from './modules/identity/core/password-hasher.ts';
import { messagesPlugin } from './modules/messages/messages.plugin.ts';
import { createMessagesRepo } from './modules/messages/messages.repo.ts';
import { createMessageService, type MessageService } from './modules/messages/messages.service.ts';
import { organizationalUnitsPlugin } from './modules/organizational-units/organizational-units.plugin.ts';
import { createOrganizationalUnitsService } from './modules/organizational-units/organizational-units.service.ts';
import { paymentsPlugin } from './modules/payments/payments.plugin.ts';
import { paymentsServiceFromConfig } from './modules/payments/payments.service.ts';
import { planPlugin } from './modules/plan/plan.plugin.ts';
import { createPlanService, type PlanService } from './modules/plan/plan.service.ts';
import { platformPlugin } from './modules/platform/platform.plugin.ts';
import { createPlatformRepo } from './modules/platform/platform.repo.ts';
import { createPlatformService, type PlatformService } from './modules/platform/platform.service.ts';
import { profilePlugin } from './modules/profile/profile.plugin.ts';
import { createProfileRepo } from './modules/profile/profile.repo.ts';
import { createProfileService, type ProfileService } from './modules/profile/profile.service.ts';
import { createPushService, type PushService } from './modules/push/push.service.ts';
import {
  createSecuritySettingsRepo,
  createSecuritySettingsService,
  type SecuritySettingsService,
} from './modules/sessions/security-settings.service.ts';
import { createSessionsRepo } from './modules/sessions/sessions.repo.ts';
import { createSessionsService, type SessionsService } from './modules/sessions/sessions.service.ts';
import { createTermsService, type TermsService } from './modules/sessions/terms.service.ts';
import { SERVER_VERSION } from './version.ts';

export interface AppDeps {
  config: AppConfig;
  /** Opened and migrated by the caller, who also closes it (after the app). */
  database: Database;
  /** The instance's keys (JWT signing, encryption at rest): loadAppSecrets in main.ts, random in tests. */
  secrets: AppSecrets;
  /** The clock every service reads; tests pass a fixed one. */
  now?: () => Date;
  version?: string;
  /** Where log lines go (default stdout); tests pass one to read them. */
  logStream?: LogStream;
  /** Where stored files' bytes go; default: the one config.fileStorage names (closed with the app). */
  fileStore?: FileStore;
}

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

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    services: AppServices;
    secretBox: SecretBox;
    now: () => Date;
    /** This instance's runner of bulk jobs: main.ts starts it, tests run its rounds themselves. */
    bulkWorker: BulkWorker;
    /** This instance's runner of report exports: main.ts starts it, tests run its rounds themselves. */
    reportWorker: ReportWorker;
    /** The bytes of stored files (infra/storage); services that store or read files receive it. */
    fileStore: FileStore;
  }
}

/**
 * The whole HTTP application: infrastructure plugins first, then the domain modules, then the SPA (its
 * not-found handler is the fallback of every other path). No listen and no process.*: main.ts and the tests
 * own those. Not yet `ready()`: a test may still add routes before its first inject.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const version = deps.version ?? SERVER_VERSION;

  const app = Fastify({
    logger: buildLoggerOptions(config.logLevel, deps.logStream),
    genReqId: () => randomUUID(),
    // In-flight requests finish and new ones get our JSON 503 (request-context), not Fastify's plain one.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompilerWithCache);

  const now = deps.now ?? (() => new Date());
  const ownFileStore = deps.fileStore ? undefined : createFileStore(config.fileStorage);
  const fileStore = deps.fileStore ?? ownFileStore!;
  app.decorate('fileStore', fileStore);
  app.addHook('onClose', async () => ownFileStore?.close());
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
    health: createHealthService({ database, version }),
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
  app.decorate('database', database);
  app.decorate('services', services);
  app.decorate('secretBox', secretBox);
  app.decorate('now', now);

  // First: it hooks every route added after it (brotli/gzip of JSON and pages, see compression.plugin.ts).
  await app.register(compressionPlugin);
  await app.register(requestContextPlugin);
  await app.register(securityHeadersPlugin, { hsts: config.publicUrl.startsWith('https://') });
  await app.register(errorHandlerPlugin);
  await app.register(authPlugin, {
    sessions,
    securitySettings,
    platform,
    rateLimitPerMinute: config.authRateLimitPerMinute,
  });
  // Required identity rows (security settings, terms of use v1), not demo data: written at every start once
  // the migrations ran (main.ts migrates before listen; tests before buildApp). Idempotent.
  app.addHook('onReady', async () => {
    await securitySettings.ensure();
    await terms.ensure();
  });
  await app.register(openApiPlugin, { version, publicUrl: config.publicUrl });

  await app.register(healthPlugin, { service: services.health });
  await app.register(platformPlugin, { service: services.platform });
  await app.register(adminSettingsPlugin, {
    service: createAdminSettingsService({
      db: database.db,
      platform: services.platform,
      securitySettings: services.securitySettings,
      audit: services.audit,
    }),
  });
  await app.register(authRoutesPlugin, { service: services.auth, terms });
  await app.register(accountsPlugin, {
    service: services.accounts,
    rateLimit: app.publicAuthRateLimit('registration'),
  });
  await app.register(aetPlugin, {
    service: services.aet,
    copies: createAetRequestCopies({ db: database.db, now }),
    rateLimit: app.publicAuthRateLimit('aet-validation'),
  });
  await app.register(paymentsPlugin, {
    service: paymentsServiceFromConfig(config, database.db, now, (message) => app.log.warn(message)),
  });

  // The VAPID key pair is created on the first start (the web app subscribes with its public half).
  app.addHook('onReady', async () => {
    await push.ensureVapidKeys();
  });
  await app.register(applicationsPlugin, { service: services.applications });
  await app.register(messagesPlugin, {
    service: messages,
    push,
    audit,
    db: database.db,
    allowHttpPushEndpoints: config.pushAllowHttpEndpoints,
  });
  await app.register(profilePlugin, { service: services.profile });

  // Administration area: users, groups, companies and the contracted plan (access 'admin').
  const { plan } = services;
  await app.register(planPlugin, { service: plan });
  await app.register(adminUsersPlugin, {
    service: createAdminUsersService({
      db: database.db,
      repo: createAdminUsersRepo(),
      hasher: passwordHasher,
      sessions,
      audit,
      outbox,
      plan,
      additionalFields,
      platformBrand: async () => (await platform.getSettings()).brand,
      publicUrl: config.publicUrl,
      now,
    }),
  });
  await app.register(adminGroupsPlugin, {
    service: createAdminGroupsService({ db: database.db, groups, audit, now }),
  });
  await app.register(companiesPlugin, {
    service: createCompaniesService({ db: database.db, audit, additionalFields, now }),
  });
  await app.register(organizationalUnitsPlugin, {
    service: createOrganizationalUnitsService({ db: database.db, audit, now }),
  });
  await app.register(adminAuditPlugin, {
    service: createAdminAuditService({ db: database.db, audit }),
    now,
  });
  await app.register(additionalFieldsPlugin, { service: additionalFields });
  await app.register(emailServerPlugin, { service: emailServer });
  await app.register(adminTermsPlugin, {
    service: createAdminTermsService({ db: database.db, terms, audit }),
  });
  app.addHook('onClose', async () => emailServer.close());

  // Runtime engine (W-STORE): definitions (admin), the item write side and projects (/genericItem/...).
  await app.register(definitionsPlugin, { service: services.definitions });
  await app.register(itemsPlugin, { service: services.items });
  await app.register(projectsPlugin, { service: services.projects });

  // Runtime engine (W-QUERY): the listing calls and spreadsheet export/import (/genericItem/...).
  const listing = createListingService({ db: database.db });
  await app.register(listingPlugin, { service: listing });
  await app.register(lookupValuesPlugin, { db: database.db });
  await app.register(excelPlugin, { listing, database, importLimits: config.importLimits });
  // Reports (issue 18): grouped and listed through the listing layer's scope, exported by a job that the
  // worker runs (woken when one is queued; other instances find it at their next poll); onClose stops it.
  const reports = createReportsService({
    db: database.db,
    databaseKind: database.kind === 'postgres' ? 'postgres' : 'pglite',
  });
  const reportWorker = createReportWorker({
    db: database.db,
    now,
    log: app.log.child({ component: 'reports' }),
    pollMs: 1000,
    databaseKind: database.kind === 'postgres' ? 'postgres' : 'pglite',
  });
  app.decorate('reportWorker', reportWorker);
  app.addHook('onClose', () => reportWorker.stop());
  await app.register(reportsPlugin, {
    service: reports,
    jobs: createReportJobsService({ db: database.db, now, reports, wake: () => reportWorker.wake() }),
  });

  // Runtime engine (W-RULES): address lookup by CEP and the form calls (/genericItem/...).
  const cepProvider = cepProviderFromConfig(config, (url, reason) =>
    app.log.warn({ provider: url, reason }, 'CEP provider failed; trying the next one'),
  );
  await app.register(addressPlugin, { provider: cepProvider });
  await app.register(formsPlugin, {
    service: createFormsService({ db: database.db, now, onItemSaved: relations.itemSaved }),
  });
  // Workflow (issue 15): actions through the one save, approvals, delegations, 'Minhas pendências'. Its
  // runOperation effect runs the operations engine, wired here (an import would be a cycle: operation-runner.ts).
  setOperationRunner(applyOperationEffect);
  setDocumentGeneration({ fileStore, signer: signingCertificates, publicUrl: config.publicUrl });
  await app.register(workflowPlugin, {
    service: createWorkflowService({ db: database.db, now, onItemSaved: relations.itemSaved }),
  });
  // Kanban boards (issue 16): lanes over the list machinery, a drop through the workflow or the one save.
  await app.register(kanbanPlugin, {
    service: createKanbanService({
      db: database.db,
      workflow: createWorkflowService({ db: database.db, now, onItemSaved: relations.itemSaved }),
      items: services.items,
    }),
  });
  // Project document repositories (issue 17): folders and files are items, written through the one save.
  await app.register(repositoriesPlugin, {
    service: createRepositoriesService({
      db: database.db,
      fileStore,
      now,
      audit,
      items: services.items,
      attachDocument: attachDocumentWith(now),
      onItemSaved: relations.itemSaved,
    }),
  });
  // Bulk jobs (issue 16): started here, run item by item through the one save by the worker, which the
  // service wakes when a job starts (other instances find it at their next poll); onClose stops it.
  const bulkWorker = createBulkWorker({
    db: database.db,
    now,
    log: app.log.child({ component: 'bulk' }),
    pollMs: 1000,
    // PGlite has one connection; on PostgreSQL a few items at once, leaving the pool to the requests.
    concurrency: database.kind === 'postgres' ? 4 : 1,
    itemsPerSecond: config.bulkItemsPerSecond,
    onItemSaved: relations.itemSaved,
  });
  app.decorate('bulkWorker', bulkWorker);
  app.addHook('onClose', () => bulkWorker.stop());
  await app.register(bulkPlugin, {
    service: createBulkService({ db: database.db, now, wake: () => bulkWorker.wake() }),
  });
  await app.register(linksPlugin, { service: createLinksService({ db: database.db, now }), relations });
  // Attachments and file indexes (issue 17); their versions download through filesPlugin's downloadFile.
  const attachmentDownloads = createAttachmentDownloads({
    db: database.db,
    links: createFileLinks(deps.secrets.jwtSigningKey, now),
    readContent: (fileId) => findFileContent(database.db, fileStore, fileId),
  });
  await app.register(attachmentsPlugin, {
    service: createAttachmentsService({ db: database.db, now, defaultMaxFiles: config.attachmentsMaxFiles }),
    fileIndexes: createFileIndexesService({ db: database.db }),
    downloads: attachmentDownloads,
  });
  await app.register(filesPlugin, {
    service: createFilesService({ db: database.db, now, fileStore }),
    attachments: attachmentDownloads,
  });
  // Signatures and stamps of attachments (issue 17); the department's A1 also signs issued documents.
  await app.register(signaturesPlugin, {
    db: database.db,
    service: createSignaturesService({
      db: database.db,
      fileStore,
      certificates: signingCertificates,
      publicUrl: config.publicUrl,
      now,
    }),
    certificates: signingCertificates,
    rateLimit: app.publicAuthRateLimit('document-validation'),
  });
  // Print layouts (issue 18): the print-layout viewer of spec §7.7 and the administrators' layout preview.
  await app.register(printLayoutsPlugin, {
    service: createPrintLayoutsService({ db: database.db, publicUrl: config.publicUrl, now }),
  });
  await app.register(projectWidgetsPlugin, {
    service: createProjectWidgetsService({
      db: database.db,
      allowedItemTypes: (viewer, projectId) => listing.getAllowedsProjectItemTypes(viewer, projectId),
    }),
  });
  // Runtime engine (OPS): application operations (/genericItem/executeOperation...).
  await app.register(operationsPlugin, {
    service: createOperationsService({ db: database.db, now, audit }),
  });

  await app.register(spaPlugin, { distDir: config.webDistDir });
  return app;
}
