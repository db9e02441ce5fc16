import type { ItemActor } from '../../engine/items/item-actor.ts';
import { systemAccountActor } from '../../engine/workflow/system-account.ts';
import type { Db } from '../../infra/db/database.ts';

/** The account the AET's automatic steps are recorded under (the history names it; nobody signs in with it). */
export const AET_SYSTEM_LOGIN = 'sistema-aet';

/** The AET's automatic steps (the daily expiry) as an actor of the one write path (engine/workflow system-account.ts). */
export function aetSystemActor(db: Db): Promise<ItemActor> {
  return systemAccountActor(db, { login: AET_SYSTEM_LOGIN, name: 'Sistema de AET (processo automático)' });
}
