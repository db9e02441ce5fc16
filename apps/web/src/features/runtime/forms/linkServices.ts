import {
  type ItemLink,
  itemRelationRoutes,
  type LinkedItem,
  linkRoutes,
  listingRoutes,
  type Predecessor,
} from '@der/contracts';
import { ApiError } from '../../../api/ApiError.ts';
import { apiCall } from '../../../api/apiClient.ts';
import type {
  FormLinkServices,
  ItemLinkRow,
  ItemRelationServices,
  LinkedRow,
  PredecessorRow,
} from '../../../shared/ui/FormRenderer/formRendererTypes.ts';

/** Rows a data grid shows on the form; the list page of the component has them all. */
const QUERY_ITEMS_PAGE_SIZE = 50;

export interface LinkServicesOptions {
  /** The form's component and form: many-to-many widgets are named by the form that shows them. */
  componentId: number;
  formId: number;
  itemId: number;
  /** The item's version the page holds now (link changes move it on). */
  currentVersion: () => number | undefined;
  /** A link change saved a new version of the item. */
  onVersionChanged: (version: number) => void;
  /** The server refused a link change: the page says why (the conflict dialog, the §6 refusal, a message). */
  onRefused: (error: unknown) => void;
  /** The edit route of an item when a form of its component is known (`formId`: the widget's own). */
  editPathOf: (componentId: number, itemId: number, formId?: number) => string | null;
}

/** The server's linked-data calls of spec §7.6 for the saved item a form page shows. */
export function linkServices(options: LinkServicesOptions): FormLinkServices {
  const { componentId, formId, itemId } = options;
  const toRow =
    (childFormId?: number) =>
    (item: LinkedItem): LinkedRow => ({
      id: item.id,
      componentId: item.componentId,
      formattedId: item.formattedId,
      title: item.title,
      editPath: options.editPathOf(item.componentId, item.id, childFormId),
    });
  const widgetOf = (widget: { componentId: number; key?: string | undefined }) => ({
    componentId,
    formId,
    targetComponentId: widget.componentId,
    widgetKey: widget.key,
  });
  return {
    loadManyToMany: async (widget) => {
      const { items } = await apiCall(linkRoutes.loadManyToManyFormData, {
        body: { ...widgetOf(widget), itemId },
      });
      return items.map(toRow());
    },
    searchManyToMany: async (widget, search) => {
      const { items } = await apiCall(linkRoutes.loadManyToManyComboData, {
        body: { ...widgetOf(widget), search: search || undefined, limit: 20 },
      });
      return items;
    },
    setManyToMany: async (widget, linkedIds) => {
      try {
        const result = await apiCall(linkRoutes.refreshManyToManyItems, {
          // The version the form holds: a concurrent save answers 409 instead of being overwritten.
          body: { ...widgetOf(widget), itemId, version: options.currentVersion(), linkedIds },
        });
        options.onVersionChanged(result.saved.version);
        return result.items.map(toRow());
      } catch (error) {
        options.onRefused(error);
        return null;
      }
    },
    loadChildren: async (childComponentId, childFormId) => {
      const { items } = await apiCall(linkRoutes.loadOneToManyFormData, {
        body: { itemId, childComponentId },
      });
      return items.map(toRow(childFormId));
    },
    loadTimeline: async (childComponentId) => {
      const { entries } = await apiCall(linkRoutes.loadOneToManyTimelineFormData, {
        body: { itemId, childComponentId },
      });
      const row = toRow();
      return entries.map((entry) => ({ date: entry.date, row: row(entry.item) }));
    },
    loadItemLinks: async () => {
      const { links } = await apiCall(linkRoutes.loadItemLinksFormData, { body: { itemId } });
      const row = toRow();
      return links.map((link) => ({ linkId: link.linkId, direction: link.direction, row: row(link.item) }));
    },
    relations: relationServices(options, toRow()),
    loadQueryItems: async (gridComponentId, queryId, viewId) => {
      const page = await apiCall(listingRoutes.executeFilter, {
        body: { componentID: gridComponentId, queryId, viewId, rowsPerPage: QUERY_ITEMS_PAGE_SIZE },
      });
      return {
        rows: page.rows.map((listRow) => ({
          id: listRow.ID,
          componentId: gridComponentId,
          formattedId: listRow.FormattedID,
          title: listRow.Title,
          editPath: options.editPathOf(gridComponentId, listRow.ID),
        })),
        total: page.total,
        capped: page.capped,
      };
    },
  };
}

/** The messages of a 400 answer's field details (already in the user's language), or null. */
function refusedValues(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const details = (error.body as { details?: unknown } | undefined)?.details;
  if (!Array.isArray(details)) return null;
  const messages = details.flatMap((detail: { message?: unknown }) =>
    typeof detail?.message === 'string' ? [detail.message] : [],
  );
  return messages.length > 0 ? [...new Set(messages)].join('. ') : null;
}

/**
 * Free links, predecessors and following (spec §3 itemLinks, predecessorActivities, notifications). Link and
 * predecessor changes are new versions of the item, sent with the version the page holds (409 when stale).
 */
function relationServices(
  options: LinkServicesOptions,
  toRow: (item: LinkedItem) => LinkedRow,
): ItemRelationServices {
  const { itemId } = options;
  const toLink = (link: ItemLink): ItemLinkRow => ({
    linkId: link.linkId,
    direction: link.direction,
    row: toRow(link.item),
  });
  const toPredecessor = (predecessor: Predecessor): PredecessorRow => ({
    row: toRow(predecessor.item),
    statusName: predecessor.statusName,
    statusColor: predecessor.statusColor,
    finished: predecessor.finished,
  });
  /**
   * A change of the item: its new version is the page's. Refused values (400: a cycle, another project …)
   * reject with the server's own words for the widget to show; any other refusal is told by the page.
   */
  async function change<T>(call: () => Promise<{ saved: { version: number } } & T>): Promise<T | null> {
    try {
      const result = await call();
      options.onVersionChanged(result.saved.version);
      return result;
    } catch (error) {
      const reasons = refusedValues(error);
      if (reasons) throw new Error(reasons);
      options.onRefused(error);
      return null;
    }
  }
  return {
    searchLinkable: async (relation, search) => {
      const { items } = await apiCall(itemRelationRoutes.searchLinkableItems, {
        body: { itemId, relation, search: search || undefined, limit: 20 },
      });
      return items;
    },
    addItemLink: async (linkedItemId) => {
      const result = await change(() =>
        apiCall(itemRelationRoutes.saveItemLink, {
          body: { itemId, linkedItemId, version: options.currentVersion() },
        }),
      );
      return result ? result.links.map(toLink) : null;
    },
    removeItemLink: async (linkId) => {
      const result = await change(() =>
        apiCall(itemRelationRoutes.deleteItemLink, {
          body: { itemId, linkId, version: options.currentVersion() },
        }),
      );
      return result ? result.links.map(toLink) : null;
    },
    loadPredecessors: async () => {
      const { predecessors } = await apiCall(itemRelationRoutes.loadPredecessorActivities, {
        body: { itemId },
      });
      return predecessors.map(toPredecessor);
    },
    setPredecessors: async (predecessorIds) => {
      const result = await change(() =>
        apiCall(itemRelationRoutes.savePredecessorActivities, {
          body: { itemId, version: options.currentVersion(), predecessorIds },
        }),
      );
      return result ? result.predecessors.map(toPredecessor) : null;
    },
    loadFollowers: () => apiCall(itemRelationRoutes.loadItemNotifications, { body: { itemId } }),
    setFollowing: (follow) => apiCall(itemRelationRoutes.setItemNotification, { body: { itemId, follow } }),
  };
}
