/** `?value.<field>=<text>` on an insert form's address: a value the new item starts with. */
export const PREFILL_PARAM_PREFIX = 'value.';

/** Links between runtime screens (spec §2.9 sub-routes); titles are path segments, so they are encoded. */
export const runtimePaths = {
  editItem: (appId: string, componentId: number, itemId: number, form: string | number) =>
    `/runtime/${appId}/editItem/${componentId}/${itemId}/${form}`,
  /** `prefill`: values the new item starts with (`?value.<field>=…`, read by InsertItemRoute). */
  insertItem: (
    appId: string,
    componentId: number,
    projectId: number | null,
    form: string | number,
    prefill?: Readonly<Record<string, string>>,
  ) => {
    const path = `/runtime/${appId}/insertItem/${componentId}/${projectId ?? 0}/${form}`;
    const query = new URLSearchParams(
      Object.entries(prefill ?? {}).map(([field, value]) => [`${PREFILL_PARAM_PREFIX}${field}`, value]),
    ).toString();
    return query ? `${path}?${query}` : path;
  },
  project: (appId: string, projectId: number, title: string) =>
    `/runtime/${appId}/project/${projectId}/${encodeURIComponent(title)}`,
};

/** A positive id from a route segment; 0 for anything else (the menu links write 0 for "none"). */
export function routeIdOf(text: string | undefined): number {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : 0;
}
