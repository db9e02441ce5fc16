import { type FieldDefinition, listingRoutes, organizationalUnitLabel } from '@der/contracts';
import { apiCall } from '../../../api/apiClient.ts';
import type { FormValues, TreeOption } from '../../../shared/ui/FormRenderer/formRendererTypes.ts';

/** A department's structure is a few dozen units: the whole tree comes in one answer (the lookup's maximum). */
const UNITS_LIMIT = 200;
/** Items offered as a tree: one page of the target component's list (the listing's maximum). */
const ITEMS_LIMIT = 500;

const storedIds = (value: unknown): number[] =>
  (Array.isArray(value) ? value : [value]).filter((entry): entry is number => typeof entry === 'number');

/**
 * The organisational units for a chooser: the active ones, plus a stored unit that was deactivated since
 * (the form must still show what the item holds).
 */
async function unitOptions(stored: unknown): Promise<TreeOption[]> {
  const { structures } = await apiCall(listingRoutes.loadOrganizationalStructures, {
    body: { limit: UNITS_LIMIT },
  });
  const missing = storedIds(stored).filter((id) => !structures.some((unit) => unit.id === id));
  const kept =
    missing.length > 0
      ? (await apiCall(listingRoutes.loadOrganizationalStructures, { body: { ids: missing } })).structures
      : [];
  return [...structures, ...kept].map((unit) => ({
    id: unit.id,
    label: organizationalUnitLabel(unit),
    parentId: unit.parentId ?? null,
  }));
}

/** Items of the target component the user sees, with their Parent (executeFilter rows carry it). */
async function itemOptions(targetComponentId: number): Promise<TreeOption[]> {
  const { rows } = await apiCall(listingRoutes.executeFilter, {
    body: { componentID: targetComponentId, rowsPerPage: ITEMS_LIMIT },
  });
  return rows.map((row) => ({
    id: row.ID,
    label: row.Title ? `${row.FormattedID} — ${row.Title}` : row.FormattedID,
    parentId: row.Parent,
  }));
}

/**
 * loadTreeOptions of a form page (tree dropdowns): organisational units for ORGANIZATIONAL_STRUCTURE fields,
 * items with their parents for GENERIC_ITEM_TYPE fields; other fields have no tree.
 */
export function treeOptionServices(
  fields: readonly FieldDefinition[],
  values: FormValues,
): (field: string) => Promise<TreeOption[]> {
  return async (key) => {
    const field = fields.find((candidate) => candidate.key === key);
    if (field?.type === 'ORGANIZATIONAL_STRUCTURE') return unitOptions(values[key]);
    if (field?.type === 'GENERIC_ITEM_TYPE' && field.targetComponentId !== undefined)
      return itemOptions(field.targetComponentId);
    return [];
  };
}
