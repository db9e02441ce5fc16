/** Links between runtime screens (spec §2.9 sub-routes); titles are path segments, so they are encoded. */
export const runtimePaths = {
  editItem: (appId: string, componentId: number, itemId: number, form: string | number) =>
    `/runtime/${appId}/editItem/${componentId}/${itemId}/${form}`,
  insertItem: (appId: string, componentId: number, projectId: number | null, form: string | number) =>
    `/runtime/${appId}/insertItem/${componentId}/${projectId ?? 0}/${form}`,
  project: (appId: string, projectId: number, title: string) =>
    `/runtime/${appId}/project/${projectId}/${encodeURIComponent(title)}`,
};

/** A positive id from a route segment; 0 for anything else (the menu links write 0 for "none"). */
export function routeIdOf(text: string | undefined): number {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : 0;
}
