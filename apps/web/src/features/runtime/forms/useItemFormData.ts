import { formRoutes, projectRoutes } from '@der/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../api/apiClient.ts';

export interface ItemFormKey {
  componentId: number;
  formId: number;
  /** Insert: the project the new item goes into (null for none). */
  projectId: number | null;
  /** Edit: the item. */
  itemId: number | null;
  /** Insert: values the new item starts with over the form's defaults (a kanban lane's option). */
  prefill?: Readonly<Record<string, string>> | undefined;
}

/** The values a form opens with; for a saved item, the version it was loaded at and whether it may change. */
export interface LoadedItemData {
  values: Record<string, unknown>;
  item: {
    id: number;
    formattedId: string;
    version: number;
    /** The item's workflow status key (null without a workflow): in the initial one it is a draft. */
    status: string | null;
    canEdit: boolean;
    /** The signed-in user filed it: the form offers its own actions (copy, renew an AET request). */
    createdByViewer: boolean;
    /** Fields this user may not write in the item's status (the server refuses them): drawn read-only. */
    readOnlyFields: readonly string[];
    /** Fields this user may not see in the item's status (the server leaves their values out): not drawn. */
    restrictedFields: readonly string[];
    /** The status deadline (engine/deadlines): shown in the workflows panel. */
    dueAt: string | null;
    dueSoonAt: string | null;
  } | null;
}

export const itemFormDataQueryKey = (key: ItemFormKey) =>
  [
    'runtime-form-data',
    key.componentId,
    key.formId,
    key.itemId ?? 0,
    key.projectId ?? 0,
    key.prefill ?? null,
  ] as const;

export const itemPermissionQueryKey = (key: ItemFormKey) =>
  ['runtime-form-permission', key.componentId, key.itemId ?? 0, key.projectId ?? 0] as const;

async function loadItemData(key: ItemFormKey): Promise<LoadedItemData> {
  if (key.itemId === null) {
    const initial = await apiCall(formRoutes.getFormInitialData, {
      query: { componentId: key.componentId, formId: key.formId, projectId: key.projectId ?? undefined },
    });
    // Only for fields the server's defaults name or the form has: the save sends the form's fields alone.
    return { values: { ...initial.values, ...key.prefill }, item: null };
  }
  // refreshItem: the item as stored now (a reload after a conflict shows the other user's values).
  const item = await apiCall(formRoutes.refreshItem, {
    body: { itemId: key.itemId, componentId: key.componentId },
  });
  return {
    values: item.values,
    item: {
      id: item.id,
      formattedId: item.formattedId,
      version: item.version,
      status: item.status,
      canEdit: item.canEdit,
      createdByViewer: item.createdByViewer ?? false,
      readOnlyFields: item.readOnlyFields ?? [],
      restrictedFields: item.restrictedFields ?? [],
      dueAt: item.dueAt ?? null,
      dueSoonAt: item.dueSoonAt ?? null,
    },
  };
}

/** What a form page loads: the form with its fields and rules, the values, and whether the user may save. */
export function useItemFormData(key: ItemFormKey) {
  const form = useQuery({
    queryKey: ['runtime-form', key.componentId, key.formId, key.projectId ?? 0],
    queryFn: () =>
      apiCall(formRoutes.getForm, {
        query: { componentId: key.componentId, formId: key.formId, projectId: key.projectId ?? undefined },
      }),
  });
  const data = useQuery({
    queryKey: itemFormDataQueryKey(key),
    queryFn: () => loadItemData(key),
    staleTime: 0,
  });
  // Spec §6 checkPermissionToUpdate: for a new item, whether the user may create one in the project.
  const permission = useQuery({
    queryKey: itemPermissionQueryKey(key),
    queryFn: () =>
      apiCall(projectRoutes.checkPermissionToUpdate, {
        body: { itemId: key.itemId ?? 0, project: key.projectId ?? undefined, component: key.componentId },
      }),
  });
  return { form, data, permission };
}
