import type { Db } from '../../infra/db/database.ts';
import type { OutboxService } from '../../infra/outbox/outbox.service.ts';
import type { AdditionalFieldsService } from '../additional-fields/additional-fields.service.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { PasswordHasher } from '../identity/core/password-hasher.ts';
import type { PlanService } from '../plan/plan.service.ts';
import type { SessionsService } from '../sessions/sessions.service.ts';
import type { AdminUsersRepo } from './admin-users.repo.ts';

/** What every part of the user administration (reading, saving, deleting) is built from. */
export interface AdminUsersDeps {
  db: Db;
  repo: AdminUsersRepo;
  hasher: PasswordHasher;
  sessions: SessionsService;
  audit: AuditService;
  outbox: OutboxService;
  plan: PlanService;
  /** Checks the values of the administrator-defined fields of entity 'user' (server-authoritative). */
  additionalFields: Pick<AdditionalFieldsService, 'checkEditOrThrow'>;
  platformBrand: () => Promise<string>;
  publicUrl: string;
  now: () => Date;
}

/** Who can open the administration area (the requireAdmin rule) and can still sign in. */
export const isActiveAdmin = (user: {
  disabled: boolean;
  isAdministrator: boolean;
  hasPanelAdminPermission: boolean;
}) => !user.disabled && (user.isAdministrator || user.hasPanelAdminPermission);
