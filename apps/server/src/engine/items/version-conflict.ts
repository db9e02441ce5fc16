import type { ComponentDefinition, Language } from '@der/contracts';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import type { AppError } from '../../infra/http/app-error.ts';
import { errorWithParams } from '../../infra/http/app-error.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import { fieldLabel } from '../forms/form-definition.ts';
import { formatConflictInstant } from './conflict-time.ts';
import { type RuntimeItemRow, runtimeItemVersions } from './items.table.ts';

/**
 * 409 ITEM_VERSION_CONFLICT naming who saved the item last, when, and the version it is at now. Given the
 * component and the version the client loaded, `fields` (a param) also names the fields changed since, so the
 * user knows what reloading brings. The one builder of this answer (the one save, owner changes).
 */
export async function versionConflictError(
  tx: Db,
  item: RuntimeItemRow,
  language: Language,
  since?: { component: ComponentDefinition; loadedVersion: number },
): Promise<AppError> {
  const [modifier] =
    item.modifierId === null
      ? []
      : await tx.select({ name: users.name }).from(users).where(eq(users.id, item.modifierId));
  const params: Record<string, string> = {
    name: modifier?.name ?? (language === 'en' ? 'another user' : 'outro usuário'),
    when: formatConflictInstant(item.modifiedAt, language),
    version: String(item.version),
  };
  if (since) {
    const newer = await tx
      .select({ changes: runtimeItemVersions.changes })
      .from(runtimeItemVersions)
      .where(
        and(eq(runtimeItemVersions.itemId, item.id), gt(runtimeItemVersions.version, since.loadedVersion)),
      );
    const keys = [...new Set(newer.flatMap((row) => Object.keys(row.changes)))];
    params.fields = keys.map((key) => fieldLabel(since.component, key, language)).join(', ');
  }
  return errorWithParams('ITEM_VERSION_CONFLICT', params);
}
