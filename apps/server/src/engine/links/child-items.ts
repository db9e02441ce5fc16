import type {
  ComponentDefinition,
  LinkedItemsResult,
  LoadOneToManyFormDataBody,
  LoadOneToManyTimelineFormDataBody,
  TimelineResult,
} from '@der/contracts';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { visibleItem } from '../forms/form-items.ts';
import { findGrantedComponent, grantedComponentItemCondition } from '../items/application-grant.ts';
import type { ItemActor } from '../items/create-items.ts';
import { validationError } from '../items/item-changes.ts';
import { runtimeItems } from '../items/items.table.ts';
import { visibleItemCondition } from '../query/item-visibility.ts';
import { toLinkedItem } from './linked-items.ts';

/** The creation date: what a timeline orders by when the child component has no DATE_TIME field. */
const CREATION_DATE = 'CreationDate';

/**
 * Child items of an item, as the definition's masterSlave and timeline widgets mean them: items of the child
 * component whose parent (runtime_items.parent_id) is the item — not items referencing it through a
 * GENERIC_ITEM_TYPE field. Only the children the viewer sees; the item itself must be visible (404).
 */
function childCondition(actor: ItemActor, itemId: number, childComponentId: number): SQL {
  return and(
    eq(runtimeItems.parentId, itemId),
    eq(runtimeItems.componentId, childComponentId),
    visibleItemCondition(actor),
    grantedComponentItemCondition(actor, runtimeItems.componentId),
  ) as SQL;
}

/** The child component, if its application is granted to the actor (404 like an unknown one). */
async function childComponentOrThrow(
  db: Db,
  actor: ItemActor,
  componentId: number,
): Promise<ComponentDefinition> {
  const row = await findGrantedComponent(db, actor, componentId);
  if (!row) throw new AppError('NOT_FOUND');
  return row.definition;
}

/** The DATE_TIME field a timeline orders by: the one asked for, else the first, else the creation date. */
function timelineField(component: ComponentDefinition, asked: string | undefined, actor: ItemActor): string {
  const dateFields = component.fields.filter((field) => field.type === 'DATE_TIME').map((field) => field.key);
  if (asked === undefined) return dateFields[0] ?? CREATION_DATE;
  if (asked === CREATION_DATE || dateFields.includes(asked)) return asked;
  throw validationError([{ field: 'dateField', message: 'invalidValue' }], actor.language);
}

export function createChildItems(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** Spec §7.6 loadOneToManyFormData: by position, then id (the order a master-slave grid shows). */
    async oneToMany(actor: ItemActor, body: LoadOneToManyFormDataBody): Promise<LinkedItemsResult> {
      await visibleItem(db, actor, body.itemId);
      const rows = await db
        .select()
        .from(runtimeItems)
        .where(childCondition(actor, body.itemId, body.childComponentId))
        .orderBy(asc(runtimeItems.position), asc(runtimeItems.id))
        .limit(body.limit ?? 500);
      return { items: rows.map(toLinkedItem) };
    },

    /**
     * Spec §7.6 loadOneToManyTimelineFormData: oldest first, items without the date last. Instants are kept
     * as fixed-width ISO UTC text, so text order is time order.
     */
    async timeline(actor: ItemActor, body: LoadOneToManyTimelineFormDataBody): Promise<TimelineResult> {
      await visibleItem(db, actor, body.itemId);
      const component = await childComponentOrThrow(db, actor, body.childComponentId);
      const dateField = timelineField(component, body.dateField, actor);
      // The key was checked against the definition above; it is still passed as a parameter.
      const date: SQL<string | null> =
        dateField === CREATION_DATE
          ? sql<
              string | null
            >`to_char(${runtimeItems.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
          : sql<string | null>`${runtimeItems.data}->>${dateField}`;
      const rows = await db
        .select({ item: runtimeItems, date })
        .from(runtimeItems)
        .where(childCondition(actor, body.itemId, body.childComponentId))
        .orderBy(sql`${date} asc nulls last`, asc(runtimeItems.id))
        .limit(body.limit ?? 500);
      return { dateField, entries: rows.map((row) => ({ date: row.date, item: toLinkedItem(row.item) })) };
    },
  };
}
