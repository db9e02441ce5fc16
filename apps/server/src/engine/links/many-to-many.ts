import type {
  ComboDataResult,
  LinkedItem,
  LoadManyToManyComboDataBody,
  LoadManyToManyFormDataBody,
  RefreshManyToManyItemsBody,
  RefreshManyToManyItemsResult,
} from '@der/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { visibleItem } from '../forms/form-items.ts';
import { writableComponentOrThrow } from '../items/application-grant.ts';
import type { ItemActor } from '../items/create-items.ts';
import { validationError } from '../items/item-changes.ts';
import { toWriteResult } from '../items/items.service.ts';
import { runtimeItems } from '../items/items.table.ts';
import type { ItemViewer } from '../query/item-visibility.ts';
import { searchItemChoices, toLinkedItem, visibleItemsAmong } from './linked-items.ts';
import { runtimeItemLinks } from './links.table.ts';
import { findManyToManyWidget, relationOf } from './many-to-many-widget.ts';
import { lockItemForChange, recordRelationChange } from './owner-change.ts';

/** The ids an item links to under a relation (visible or not: callers filter). */
async function linkedIds(db: Db, itemId: number, relation: string): Promise<number[]> {
  const rows = await db
    .select({ id: runtimeItemLinks.toItemId })
    .from(runtimeItemLinks)
    .where(and(eq(runtimeItemLinks.fromItemId, itemId), eq(runtimeItemLinks.relation, relation)));
  return rows.map((row) => row.id);
}

/** The linked items the viewer sees, by title then id (what the widget lists). */
async function visibleLinkedItems(
  db: Db,
  viewer: ItemViewer,
  itemId: number,
  relation: string,
  targetComponentId: number,
): Promise<LinkedItem[]> {
  const rows = await visibleItemsAmong(
    db,
    viewer,
    await linkedIds(db, itemId, relation),
    eq(runtimeItems.componentId, targetComponentId),
  );
  return rows.sort((a, b) => a.title.localeCompare(b.title, 'pt-BR') || a.id - b.id).map(toLinkedItem);
}

/**
 * Every id must be an item of the target component the actor sees, and not the owner itself; otherwise 400
 * naming `linkedIds.<index>` (an invisible item answers like an unknown one).
 */
async function assertLinkable(
  tx: Db,
  actor: ItemActor,
  ids: readonly number[],
  ownerId: number,
  targetComponentId: number,
): Promise<void> {
  const visible = new Set(
    (await visibleItemsAmong(tx, actor, ids, eq(runtimeItems.componentId, targetComponentId))).map(
      (row) => row.id,
    ),
  );
  const refused = ids.flatMap((id, index) =>
    visible.has(id) && id !== ownerId
      ? []
      : [{ field: `linkedIds.${index}`, message: 'invalidValue' as const }],
  );
  if (refused.length > 0) throw validationError(refused, actor.language);
}

export function createManyToMany(deps: { db: Db; now: () => Date }) {
  const { db } = deps;
  return {
    /** Candidates of the widget's component the user sees, matching the search on formatted ID or title. */
    async comboData(actor: ItemActor, body: LoadManyToManyComboDataBody): Promise<ComboDataResult> {
      const component = await writableComponentOrThrow(db, actor, body.componentId);
      const widget = findManyToManyWidget(component, body);
      const rows = await searchItemChoices(
        db,
        actor,
        and(
          eq(runtimeItems.componentId, widget.componentId),
          body.projectId ? eq(runtimeItems.projectId, body.projectId) : undefined,
        ),
        body.search,
        body.limit ?? 20,
      );
      return { items: rows };
    },

    async formData(actor: ItemActor, body: LoadManyToManyFormDataBody): Promise<{ items: LinkedItem[] }> {
      const component = await writableComponentOrThrow(db, actor, body.componentId);
      const widget = findManyToManyWidget(component, body);
      await visibleItem(db, actor, body.itemId, component.id);
      return {
        items: await visibleLinkedItems(db, actor, body.itemId, relationOf(widget), widget.componentId),
      };
    },

    /**
     * Sets the linked items in one transaction: the owner locked and checked (404, 403, 409), every id checked
     * (400, nothing written), then links added and removed, and one version row on the owner whose change,
     * keyed by the relation, lists the formatted IDs before and after. Links to items the actor does not see
     * are neither removed nor revealed. Nothing changed: no new version.
     */
    async refresh(actor: ItemActor, body: RefreshManyToManyItemsBody): Promise<RefreshManyToManyItemsResult> {
      const now = deps.now();
      return db.transaction(async (tx) => {
        const component = await writableComponentOrThrow(tx, actor, body.componentId);
        const widget = findManyToManyWidget(component, body);
        const relation = relationOf(widget);
        let owner = await lockItemForChange(tx, actor, body.itemId, body.version, body.componentId);
        const wanted = [...new Set(body.linkedIds)];
        await assertLinkable(tx, actor, wanted, owner.id, widget.componentId);

        const before = await linkedIds(tx, owner.id, relation);
        const seen = new Set((await visibleItemsAmong(tx, actor, before)).map((row) => row.id));
        const wantedSet = new Set(wanted);
        const beforeSet = new Set(before);
        const removed = before.filter((id) => seen.has(id) && !wantedSet.has(id));
        const added = wanted.filter((id) => !beforeSet.has(id));
        if (removed.length > 0 || added.length > 0) {
          if (removed.length > 0)
            await tx
              .delete(runtimeItemLinks)
              .where(
                and(
                  eq(runtimeItemLinks.fromItemId, owner.id),
                  eq(runtimeItemLinks.relation, relation),
                  inArray(runtimeItemLinks.toItemId, removed),
                ),
              );
          if (added.length > 0)
            await tx.insert(runtimeItemLinks).values(
              added.map((toItemId) => ({
                fromItemId: owner.id,
                toItemId,
                relation,
                createdBy: actor.userId,
                createdAt: now,
              })),
            );
          const removedSet = new Set(removed);
          const after = [...before.filter((id) => !removedSet.has(id)), ...added];
          owner = await recordRelationChange(tx, actor, owner, { key: relation, before, after }, now);
        }
        return {
          saved: toWriteResult(owner),
          items: await visibleLinkedItems(tx, actor, owner.id, relation, widget.componentId),
        };
      });
    },
  };
}
