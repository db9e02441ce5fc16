import { inArray } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import {
  DEMO_ADMIN_LOGIN,
  DEMO_ANALYST_LOGIN,
  DEMO_PERMISSIONARIO_LOGIN,
  DEMO_REQUERENTE_LOGIN,
} from '../../seed/demo-accounts.ts';
import { users } from '../accounts/accounts.table.ts';
import { PORTAL_GROUPS } from './groups.service.ts';
import { groupMembers, userGroups } from './groups.table.ts';

export const DEMO_GROUP_ADMINISTRADORES = 'Administradores';
export const DEMO_GROUP_ANALISTAS = 'Analistas DER';
export const DEMO_GROUP_PERMISSIONARIOS = PORTAL_GROUPS.permissionario;
export const DEMO_GROUP_REQUERENTES = PORTAL_GROUPS.requerente;

/** The demo groups and who is in each, by login (the demo accounts of demo-accounts.ts). */
const DEMO_GROUPS: ReadonlyArray<{ name: string; logins: readonly string[] }> = [
  { name: DEMO_GROUP_ADMINISTRADORES, logins: [DEMO_ADMIN_LOGIN] },
  { name: DEMO_GROUP_ANALISTAS, logins: [DEMO_ANALYST_LOGIN] },
  { name: DEMO_GROUP_PERMISSIONARIOS, logins: [DEMO_PERMISSIONARIO_LOGIN] },
  { name: DEMO_GROUP_REQUERENTES, logins: [DEMO_REQUERENTE_LOGIN] },
];

/** Demo step (after the demo accounts): the four groups with their members. */
export async function seedDemoGroups(tx: Db): Promise<void> {
  const inserted = await tx
    .insert(userGroups)
    .values(DEMO_GROUPS.map((group) => ({ name: group.name })))
    .returning({ id: userGroups.id, name: userGroups.name });
  const groupIds = new Map(inserted.map((row) => [row.name, row.id]));
  const logins = DEMO_GROUPS.flatMap((group) => group.logins);
  const found = await tx
    .select({ id: users.id, login: users.login })
    .from(users)
    .where(inArray(users.login, logins));
  const userIds = new Map(found.map((row) => [row.login, row.id]));
  const members = DEMO_GROUPS.flatMap((group) =>
    group.logins.flatMap((login) => {
      const userId = userIds.get(login);
      return userId === undefined ? [] : [{ groupId: groupIds.get(group.name)!, userId }];
    }),
  );
  if (members.length > 0) await tx.insert(groupMembers).values(members);
}
