import { applicationRoutes } from '@der/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { apiCall } from '../../../api/apiClient.ts';
import type { FormLinkServices } from '../../../shared/ui/FormRenderer/formRendererTypes.ts';
import { applicationMenuQueryKey } from '../../shell/useApplicationMenu.ts';
import { formsByComponentOfMenu } from './componentForms.ts';
import { linkServices } from './linkServices.ts';
import type { ItemFormKey } from './useItemFormData.ts';

/** A link change's new version of the item, valid while the page still holds the version it came from. */
interface MovedVersion {
  itemId: number;
  from: number;
  to: number;
}

/**
 * The linked-data calls a form page gives its renderer for a saved item (none for a new one), and the item's
 * version the page holds now: changing many-to-many links saves a new version, and the next save of the form
 * must send that one, or it would be refused as stale.
 */
export function useLinkServices({
  formKey,
  item,
  onRefused,
}: {
  formKey: ItemFormKey;
  item: { id: number; version: number } | null;
  onRefused: (error: unknown) => void;
}): { links: FormLinkServices | undefined; version: number | undefined } {
  const { appID } = useParams();
  const inApplication = appID !== undefined && /^\d+$/.test(appID);
  // The shell's own menu query (same key): the forms its links open tell which form opens a linked item.
  const menu = useQuery({
    queryKey: applicationMenuQueryKey(appID ?? ''),
    queryFn: ({ signal }) =>
      apiCall(applicationRoutes.getApplicationMenu, { query: { appID: Number(appID) }, signal }),
    enabled: inApplication,
    retry: false,
    staleTime: 60_000,
  });
  const formsByComponent = useMemo(() => formsByComponentOfMenu(menu.data?.[0] ?? []), [menu.data]);
  const [moved, setMoved] = useState<MovedVersion | null>(null);
  const version =
    item && moved && moved.itemId === item.id && moved.from === item.version ? moved.to : item?.version;
  const versionRef = useRef(version);
  versionRef.current = version;
  const refusedRef = useRef(onRefused);
  refusedRef.current = onRefused;

  const itemId = item?.id ?? null;
  const loadedVersion = item?.version ?? 0;
  const { componentId, formId } = formKey;
  const links = useMemo(() => {
    if (itemId === null) return undefined;
    const base = inApplication ? `/runtime/${appID}` : '';
    return linkServices({
      componentId,
      formId,
      itemId,
      currentVersion: () => versionRef.current,
      onVersionChanged: (to) => setMoved({ itemId, from: loadedVersion, to }),
      onRefused: (error) => refusedRef.current(error),
      editPathOf: (linkedComponentId, linkedItemId, widgetFormId) => {
        const form =
          widgetFormId ??
          formsByComponent.get(linkedComponentId) ??
          (linkedComponentId === componentId ? formId : undefined);
        return form ? `${base}/editItem/${linkedComponentId}/${linkedItemId}/${form}` : null;
      },
    });
  }, [itemId, loadedVersion, componentId, formId, inApplication, appID, formsByComponent]);
  return { links, version };
}
