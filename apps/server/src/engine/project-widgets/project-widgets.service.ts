import type { Language } from '@der/contracts';
import type { Db } from '../../infra/db/database.ts';
import type { ItemViewer } from '../query/item-visibility.ts';
import { getItemTypeInfo, loadProjectItemTypeChoices } from './item-type-info.ts';
import { loadProjectCalendar } from './project-calendar.ts';
import { type AllowedItemTypes, loadProjectConfiguration } from './project-configuration.ts';
import { loadProjectResources } from './project-resources.ts';

type Viewer = ItemViewer & { language: Language };

/**
 * Spec §3 project widgets of forms: projectCalendar, projectResource, configuration and itemType. The item
 * types of a project come from the listing service (getAllowedsProjectItemTypes), so both answer the same.
 */
export function createProjectWidgetsService(deps: { db: Db; allowedItemTypes: AllowedItemTypes }) {
  const { db, allowedItemTypes } = deps;
  return {
    loadProjectCalendar: (viewer: Viewer, query: { itemId: number; from: string; to: string }) =>
      loadProjectCalendar(db, viewer, query),
    loadProjectResources: (viewer: Viewer, itemId: number) => loadProjectResources(db, viewer, itemId),
    loadProjectConfiguration: (viewer: Viewer, itemId: number) =>
      loadProjectConfiguration(db, viewer, itemId, allowedItemTypes),
    getItemTypeInfo: (viewer: Viewer, itemId: number) => getItemTypeInfo(db, viewer, itemId),
    loadProjectItemTypeChoices: (viewer: Viewer, projectId: number) =>
      loadProjectItemTypeChoices(db, viewer, projectId, allowedItemTypes),
  };
}
export type ProjectWidgetsService = ReturnType<typeof createProjectWidgetsService>;
