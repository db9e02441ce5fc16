import { type LinkedItem, linkRoutes, listingRoutes } from '@der/contracts';
import { apiCall } from '../../../api/apiClient.ts';
import type { FormLinkServices, LinkedRow } from '../../../shared/ui/FormRenderer/formRendererTypes.ts';

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
