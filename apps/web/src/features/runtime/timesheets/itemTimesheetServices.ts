import { resourceRoutes, timesheetRoutes } from '@der/contracts';
import { apiCall } from '../../../api/apiClient.ts';
import type { FormTimesheetServices } from '../../../shared/ui/FormRenderer/formRendererTypes.ts';
import { refusalText } from '../forms/serverFieldErrors.ts';

/** The timesheets component's calls for a saved item of an application; refusals come back as their text. */
export function itemTimesheetServices(itemId: number, applicationId: number): FormTimesheetServices {
  return {
    load: () => apiCall(timesheetRoutes.loadItemTimesheet, { query: { itemId } }),
    enter: async (entry) => {
      try {
        await apiCall(timesheetRoutes.saveTimesheet, {
          body: { applicationId, entries: [{ itemId, ...entry }], deletions: [] },
        });
      } catch (error) {
        throw new Error(refusalText(error));
      }
    },
  };
}

/** The activityResource component's call for a saved item. */
export const activityResourcesOf = (itemId: number) => () =>
  apiCall(resourceRoutes.getActivityResources, { query: { itemId } });
