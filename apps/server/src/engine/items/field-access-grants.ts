import type { FieldAccessRole, FieldWriteGrant } from '@der/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { projectAccess } from '../projects/item-access.ts';
import { belongsToGroupNamed } from '../workflow/group-membership.ts';
import type { ItemActor } from './item-actor.ts';
import { runtimeItems } from './items.table.ts';

/** What of an item decides its field permissions (a new item: its initial status, the actor as creator). */
export interface FieldAccessSubject {
  status: string | null;
  creatorId: number | null;
  responsibleId: number | null;
  projectId: number | null;
  /** The item's stored values, which `readOnly` rules read (none for an item being created). */
  data?: Readonly<Record<string, unknown>>;
}

/** Portal accounts (permissionário, requerente); an actor without a kind acts for the department (seed, scripts). */
export function isExternalActor(actor: ItemActor): boolean {
  return !actor.isAdministrator && actor.kind !== undefined && actor.kind !== 'staff';
}

async function holdsRole(
  tx: Db,
  actor: ItemActor,
  subject: FieldAccessSubject,
  role: FieldAccessRole,
): Promise<boolean> {
  switch (role) {
    case 'external':
      return isExternalActor(actor);
    case 'staff':
      return !isExternalActor(actor);
    case 'administrator':
      return actor.isAdministrator;
    case 'creator':
      return subject.creatorId === actor.userId;
    case 'responsible':
      return subject.responsibleId === actor.userId;
    case 'projectManager': {
      if (subject.projectId === null) return false;
      const [project] = await tx
        .select({ managerId: runtimeItems.responsibleId })
        .from(runtimeItems)
        .where(eq(runtimeItems.id, subject.projectId));
      return project?.managerId === actor.userId;
    }
    case 'projectMember':
      return subject.projectId !== null && (await projectAccess(tx, actor, subject.projectId)) !== 'none';
  }
}

/** Whether the actor holds one of the grant's roles or belongs to one of its groups. */
export async function holdsGrant(
  tx: Db,
  actor: ItemActor,
  subject: FieldAccessSubject,
  grant: FieldWriteGrant,
): Promise<boolean> {
  for (const role of grant.roles) if (await holdsRole(tx, actor, subject, role)) return true;
  return belongsToGroupNamed(tx, actor.userId, grant.groups);
}
