// Every Drizzle table of the server, for drizzle-kit (migrations) and for the typed database handle.

export * from '../../engine/definitions/definitions.table.ts';
export * from '../../engine/excel/import-keys.table.ts';
export * from '../../engine/files/files.table.ts';
export * from '../../engine/forms/field-visibility.table.ts';
export * from '../../engine/items/items.table.ts';
export * from '../../engine/links/followers.table.ts';
export * from '../../engine/links/links.table.ts';
export * from '../../engine/projects/project-permissions.table.ts';
export * from '../../infra/crypto/key-check.table.ts';
export * from '../../infra/outbox/outbox.table.ts';
export * from '../../infra/push/push.table.ts';
export * from '../../modules/accounts/accounts.table.ts';
export * from '../../modules/additional-fields/additional-fields.table.ts';
export * from '../../modules/admin-users/admin-users.table.ts';
export * from '../../modules/aet/aet.table.ts';
export * from '../../modules/applications/applications.table.ts';
export * from '../../modules/audit/audit.table.ts';
export * from '../../modules/companies/companies.table.ts';
export * from '../../modules/email-server/email-server.table.ts';
export * from '../../modules/groups/groups.table.ts';
export * from '../../modules/messages/messages.table.ts';
export * from '../../modules/organizational-units/organizational-units.table.ts';
export * from '../../modules/plan/plan.table.ts';
export * from '../../modules/platform/platform.table.ts';
export * from '../../modules/sessions/sessions.table.ts';
export * from '../../seed/seed-runs.table.ts';
