import type { Language } from '@der/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import type { AppError } from '../../infra/http/app-error.ts';
import { errorWithParams } from '../../infra/http/app-error.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import { formatConflictInstant } from './conflict-time.ts';
import type { RuntimeItemRow } from './items.table.ts';

/** 409 ITEM_VERSION_CONFLICT naming who saved the item last, when, and the version it is at now. */
export async function versionConflictError(
  tx: Db,
  item: RuntimeItemRow,
  language: Language,
): Promise<AppError> {
  const [modifier] =
    item.modifierId === null
      ? []
      : await tx.select({ name: users.name }).from(users).where(eq(users.id, item.modifierId));
  return errorWithParams('ITEM_VERSION_CONFLICT', {
    name: modifier?.name ?? (language === 'en' ? 'another user' : 'outro usuário'),
    when: formatConflictInstant(item.modifiedAt, language),
    version: String(item.version),
  });
}
