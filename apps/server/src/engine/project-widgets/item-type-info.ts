import {
  FORM_MODES,
  type ItemTypeInfo,
  type Language,
  localize,
  type ProjectItemTypeChoices,
} from '@der/contracts';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { runtimeComponents } from '../definitions/definitions.table.ts';
import { visibleItem } from '../forms/form-items.ts';
import { findGrantedComponent } from '../items/application-grant.ts';
import type { ItemViewer } from '../query/item-visibility.ts';
import type { AllowedItemTypes } from './project-configuration.ts';
import { findVisibleProject, projectRefOf } from './project-scope.ts';

type Viewer = ItemViewer & { language: Language };

/** Spec §3 itemType of a saved item: its component, formatted-ID pattern and current status. */
export async function getItemTypeInfo(db: Db, viewer: Viewer, itemId: number): Promise<ItemTypeInfo> {
  const { item } = await visibleItem(db, viewer, itemId);
  // An item of an application not granted to the viewer answers as unknown.
  const component = await findGrantedComponent(db, viewer, item.componentId);
  if (!component) throw new AppError('NOT_FOUND');
  const { definition } = component;
  const status = item.status
    ? definition.workflow?.statuses.find((candidate) => candidate.key === item.status)
    : undefined;
  // The creator of an item may not be a member of its project: its title is only named to who may see it.
  const project = item.projectId === null ? null : await findVisibleProject(db, viewer, item.projectId);
  return {
    itemId: item.id,
    componentId: definition.id,
    name: definition.name,
    label: localize(definition.label, viewer.language),
    pluralLabel: localize(definition.pluralLabel, viewer.language),
    formattedId: item.formattedId,
    formattedIdPattern: definition.formattedIdPattern,
    isProject: definition.isProject,
    status: status
      ? {
          key: status.key,
          name: localize(status.name, viewer.language),
          color: status.color,
          final: status.final,
        }
      : null,
    project: projectRefOf(project),
  };
}

/**
 * The item types a new item of the project may be (getAllowedsProjectItemTypes: 404 for a project the viewer
 * may not see), each with its first standard form — the form its insert route opens, as list pages do.
 */
export async function loadProjectItemTypeChoices(
  db: Db,
  viewer: Viewer,
  projectId: number,
  allowedItemTypes: AllowedItemTypes,
): Promise<ProjectItemTypeChoices> {
  const { components } = await allowedItemTypes(viewer, projectId);
  if (components.length === 0) return { choices: [] };
  const rows = await db
    .select({ id: runtimeComponents.id, definition: runtimeComponents.definition })
    .from(runtimeComponents)
    .where(
      inArray(
        runtimeComponents.id,
        components.map((component) => component.id),
      ),
    );
  const formOf = new Map(
    rows.map((row) => [
      row.id,
      row.definition.forms.find((form) => form.mode === FORM_MODES.standard)?.id ?? null,
    ]),
  );
  return {
    choices: components.map((component) => ({
      componentId: component.id,
      label: component.label,
      formId: formOf.get(component.id) ?? null,
    })),
  };
}
