import { eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import type { ItemActor } from '../items/item-actor.ts';

/** An account automatic steps are recorded under: its login, and the name the history shows. */
export interface SystemAccount {
  login: string;
  name: string;
}

/** The platform's own automatic steps (a workflow's runCheck moving an item on its own). */
export const PROCESS_ACCOUNT: SystemAccount = { login: 'sistema', name: 'Sistema (processo automático)' };

/**
 * An automatic step as an actor of the one write path: a history row names who changed an item, so it acts as a
 * real account — disabled, with no usable password, never a person's — with the administrator role (actions
 * limited to administrators, or to the groups of the department, are the process's to run). Created on first
 * use (ON CONFLICT: two instances starting together create one).
 */
export async function systemAccountActor(db: Db, account: SystemAccount): Promise<ItemActor> {
  const found = async () =>
    (await db.select({ id: users.id }).from(users).where(eq(users.login, account.login)).limit(1))[0];
  let row = await found();
  if (!row) {
    await db
      .insert(users)
      .values({
        kind: 'staff',
        login: account.login,
        name: account.name,
        email: `${account.login}@sistema.invalid`,
        // Not a hash any password verifies against: the account cannot sign in, and it is disabled besides.
        passwordHash: '!',
        disabled: true,
        activated: false,
        hasChangePasswordPermission: false,
      })
      .onConflictDoNothing();
    row = await found();
  }
  return { userId: row!.id, isAdministrator: true, language: 'pt-BR', kind: 'staff' };
}
