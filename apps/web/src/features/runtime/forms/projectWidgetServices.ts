import { projectWidgetRoutes } from '@der/contracts';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { apiCall } from '../../../api/apiClient.ts';
import type { FormProjectServices } from '../../../shared/ui/FormRenderer/formRendererTypes.ts';

export interface ProjectWidgetScope {
  componentId: number;
  /** The saved item; null on an insert. */
  itemId: number | null;
  /** The project a new item goes into; null for none. */
  projectId: number | null;
  /** Where item routes start: `/runtime/{appID}` inside an application, '' on their own. */
  base: string;
}

/**
 * The server's project-widget calls for a form page. They are asked for the saved item; on an insert into a
 * project, for the project itself (its calendar, people and configuration are already known). Without
 * either there is nothing to ask about: undefined, and the widgets say to save first.
 */
export function projectWidgetServices(scope: ProjectWidgetScope): FormProjectServices | undefined {
  const { componentId, itemId, projectId, base } = scope;
  const askedFor = itemId ?? projectId;
  if (askedFor === null) return undefined;
  const editPath = (entryComponentId: number, entryItemId: number, formId: number | null) =>
    formId ? `${base}/editItem/${entryComponentId}/${entryItemId}/${formId}` : null;
  return {
    itemId,
    projectId: itemId === null ? projectId : null,
    componentId,
    loadCalendar: async (from, to) => {
      const calendar = await apiCall(projectWidgetRoutes.loadProjectCalendar, {
        query: { itemId: askedFor, from, to },
      });
      return {
        ...calendar,
        entries: calendar.entries.map((entry) => ({
          ...entry,
          editPath: editPath(entry.componentId, entry.itemId, entry.formId),
        })),
      };
    },
    loadResources: () => apiCall(projectWidgetRoutes.loadProjectResources, { query: { itemId: askedFor } }),
    loadConfiguration: () =>
      apiCall(projectWidgetRoutes.loadProjectConfiguration, { query: { itemId: askedFor } }),
    loadItemType: () => apiCall(projectWidgetRoutes.getItemTypeInfo, { query: { itemId: askedFor } }),
    loadItemTypeChoices: async () => {
      if (projectId === null) return [];
      const { choices } = await apiCall(projectWidgetRoutes.loadProjectItemTypeChoices, {
        query: { projectId },
      });
      // Spec §2.9 insert route: /runtime/{appID}/insertItem/{componentID}/{projectId}/{form}.
      return choices.map((choice) => ({
        componentId: choice.componentId,
        label: choice.label,
        insertPath: choice.formId
          ? `${base}/insertItem/${choice.componentId}/${projectId}/${choice.formId}`
          : null,
      }));
    },
  };
}

/** projectWidgetServices for the page's route (inside an application or on its own). */
export function useProjectWidgetServices(
  scope: Omit<ProjectWidgetScope, 'base'>,
): FormProjectServices | undefined {
  const { appID } = useParams();
  const base = appID !== undefined && /^\d+$/.test(appID) ? `/runtime/${appID}` : '';
  const { componentId, itemId, projectId } = scope;
  return useMemo(
    () => projectWidgetServices({ componentId, itemId, projectId, base }),
    [componentId, itemId, projectId, base],
  );
}
