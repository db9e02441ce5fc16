import type { ComponentDefinition } from '@der/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { fieldValueExpression } from '../../engine/items/field-expression.ts';
import type { ItemData, RuntimeItemRow } from '../../engine/items/items.table.ts';
import { runtimeItems, runtimeItemVersions } from '../../engine/items/items.table.ts';
import type { Db } from '../../infra/db/database.ts';
import { findAetRequestComponent, ISSUED_STATUSES, type IssuedStatus } from './aet-component.ts';

/** The save that issued the AET: who ran 'emitir', when, and the request as it was issued. */
export interface IssuingSave {
  changedBy: number | null;
  changedAt: Date;
  formattedId: string;
  title: string;
  data: ItemData;
}

/**
 * An issued AET is the request that was issued (one source of truth): its workflow status is its validity,
 * its fields the issued data, its attachment the signed PDF, and the version row of the issuing save what was
 * issued (the public copy is drawn from it, so later edits of the fleet do not change it).
 */
export interface IssuedAet {
  component: ComponentDefinition;
  item: RuntimeItemRow & { status: IssuedStatus };
  issuing: IssuingSave;
}

/** The version row where the AET got its validation token: written once, by the 'emitir' action's save. */
async function issuingSave(db: Db, item: RuntimeItemRow): Promise<IssuingSave | null> {
  const [row] = await db
    .select({
      changedBy: runtimeItemVersions.changedBy,
      changedAt: runtimeItemVersions.changedAt,
      snapshot: runtimeItemVersions.snapshot,
    })
    .from(runtimeItemVersions)
    .where(
      and(
        eq(runtimeItemVersions.itemId, item.id),
        sql`jsonb_exists(${runtimeItemVersions.changes}, 'uidValidacao')`,
      ),
    )
    .orderBy(desc(runtimeItemVersions.version))
    .limit(1);
  if (!row) return null;
  const snapshot = row.snapshot as { formattedId?: string; title?: string; data?: ItemData };
  return {
    changedBy: row.changedBy,
    changedAt: row.changedAt,
    formattedId: snapshot.formattedId ?? item.formattedId,
    title: snapshot.title ?? item.title,
    data: snapshot.data ?? item.data,
  };
}

/**
 * The issued AET whose QR token is `uid`, or null (unknown, or a request not issued). The token field is
 * indexed (an expression index per component), so this is one index lookup; the status check keeps a token
 * typed into a draft by hand from ever validating anything.
 */
export async function findIssuedAetByUid(db: Db, uid: string): Promise<IssuedAet | null> {
  const component = await findAetRequestComponent(db);
  const uidField = component?.fields.find((field) => field.key === 'uidValidacao');
  if (!component || !uidField) return null;
  const [item] = await db
    .select()
    .from(runtimeItems)
    .where(
      and(
        eq(runtimeItems.componentId, component.id),
        eq(fieldValueExpression(uidField), uid),
        inArray(runtimeItems.status, [...ISSUED_STATUSES]),
      ),
    )
    .limit(1);
  if (!item) return null;
  const issuing = await issuingSave(db, item);
  if (!issuing || issuing.data.uidValidacao !== uid) return null;
  return { component, item: item as IssuedAet['item'], issuing };
}
