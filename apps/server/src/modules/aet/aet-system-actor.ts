import { eq } from 'drizzle-orm';
import type { ItemActor } from '../../engine/items/item-actor.ts';
import type { Db } from '../../infra/db/database.ts';
import { users } from '../accounts/accounts.table.ts';

/** The account the AET's automatic steps are recorded under (the history names it; nobody signs in with it). */
export const AET_SYSTEM_LOGIN = 'sistema-aet';

/**
 * The AET's automatic steps (the daily expiry) as an actor of the one write path: a history row names who
 * changed an item, so they act as a real account — disabled, with no usable password, never a person's — and
 * with the administrator role the 'expirar' action is limited to (engine/workflow action-access.ts). Created on
 * first use (ON CONFLICT: two instances starting together create one).
 */
export async function aetSystemActor(db: Db): Promise<ItemActor> {
  const found = async () =>
    (await db.select({ id: users.id }).from(users).where(eq(users.login, AET_SYSTEM_LOGIN)).limit(1))[0];
  let account = await found();
  if (!account) {
    await db
      .insert(users)
      .values({
        kind: 'staff',
        login: AET_SYSTEM_LOGIN,
        name: 'Sistema de AET (processo automático)',
        email: 'sistema-aet@sistema.invalid',
        // Not a hash any password verifies against: the account cannot sign in, and it is disabled besides.
        passwordHash: '!',
        disabled: true,
        activated: false,
        hasChangePasswordPermission: false,
      })
      .onConflictDoNothing();
    account = await found();
  }
  return { userId: account!.id, isAdministrator: true, language: 'pt-BR' };
}
