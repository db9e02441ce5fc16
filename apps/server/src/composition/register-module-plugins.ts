import type { FastifyInstance } from 'fastify';
import { workCalendarsPlugin } from '../engine/work-calendars/work-calendars.plugin.ts';
import { createWorkCalendarsRepo } from '../engine/work-calendars/work-calendars.repo.ts';
import { createWorkCalendarsService } from '../engine/work-calendars/work-calendars.service.ts';
import { accountsPlugin } from '../modules/accounts/accounts.plugin.ts';
import { additionalFieldsPlugin } from '../modules/additional-fields/additional-fields.plugin.ts';
import { adminAuditPlugin } from '../modules/admin-audit/admin-audit.plugin.ts';
import { createAdminAuditService } from '../modules/admin-audit/admin-audit.service.ts';
import { adminGroupsPlugin } from '../modules/admin-groups/admin-groups.plugin.ts';
import { createAdminGroupsService } from '../modules/admin-groups/admin-groups.service.ts';
import { adminSettingsPlugin } from '../modules/admin-settings/admin-settings.plugin.ts';
import { createAdminSettingsService } from '../modules/admin-settings/admin-settings.service.ts';
import { adminTermsPlugin } from '../modules/admin-terms/admin-terms.plugin.ts';
import { createAdminTermsService } from '../modules/admin-terms/admin-terms.service.ts';
import { adminUsersPlugin } from '../modules/admin-users/admin-users.plugin.ts';
import { createAdminUsersRepo } from '../modules/admin-users/admin-users.repo.ts';
import { createAdminUsersService } from '../modules/admin-users/admin-users.service.ts';
import { aetPlugin } from '../modules/aet/aet.plugin.ts';
import { createAetRequestCopies } from '../modules/aet/copy-request.ts';
import { applicationsPlugin } from '../modules/applications/applications.plugin.ts';
import { authRoutesPlugin } from '../modules/auth/auth.plugin.ts';
import { companiesPlugin } from '../modules/companies/companies.plugin.ts';
import { createCompaniesService } from '../modules/companies/companies.service.ts';
import { emailServerPlugin } from '../modules/email-server/email-server.plugin.ts';
import { healthPlugin } from '../modules/health/health.plugin.ts';
import { messagesPlugin } from '../modules/messages/messages.plugin.ts';
import { organizationalUnitsPlugin } from '../modules/organizational-units/organizational-units.plugin.ts';
import { createOrganizationalUnitsService } from '../modules/organizational-units/organizational-units.service.ts';
import { paymentsPlugin } from '../modules/payments/payments.plugin.ts';
import { paymentsServiceFromConfig } from '../modules/payments/payments.service.ts';
import { planPlugin } from '../modules/plan/plan.plugin.ts';
import { platformPlugin } from '../modules/platform/platform.plugin.ts';
import { profilePlugin } from '../modules/profile/profile.plugin.ts';
import type { AppComposition } from './app-composition.ts';

/**
 * The domain modules: health, platform, identity (auth, accounts, AET, payments), messages, profile and the
 * administration area. After the infrastructure: their routes use its auth decorators and rate limits.
 */
export async function registerModulePlugins(
  app: FastifyInstance,
  composition: AppComposition,
): Promise<void> {
  const { config, database, now, services } = composition;
  const {
    platform,
    securitySettings,
    audit,
    outbox,
    passwordHasher,
    sessions,
    terms,
    groups,
    push,
    messages,
    additionalFields,
    emailServer,
  } = services;

  await app.register(healthPlugin, { service: services.health });
  await app.register(platformPlugin, { service: platform });
  await app.register(adminSettingsPlugin, {
    service: createAdminSettingsService({
      db: database.db,
      platform,
      securitySettings,
      audit,
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
  await app.register(workCalendarsPlugin, {
    service: createWorkCalendarsService({ db: database.db, repo: createWorkCalendarsRepo(), audit, now }),
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
}
