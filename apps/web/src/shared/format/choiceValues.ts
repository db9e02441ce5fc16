import type { ColumnItem, DisplayValue } from '@der/contracts';

/** A reference or choice as a cell shows it: its text, its colour (picklists, statuses) and a user's avatar. */
export interface CellChoice {
  id: number | string;
  text: string;
  color: string | null;
  avatar?: string;
}

function storedIds(value: unknown): Array<number | string> {
  const list = Array.isArray(value)
    ? value
    : value === null || value === undefined || value === ''
      ? []
      : [value];
  return list.flatMap((entry) => {
    if (typeof entry === 'number' || typeof entry === 'string') return [entry];
    // USERS_OR_GROUPS holds { kind, id } objects.
    if (entry && typeof entry === 'object' && 'id' in entry) {
      const id = (entry as { id: unknown }).id;
      if (typeof id === 'number' || typeof id === 'string') return [id];
    }
    return [];
  });
}

/**
 * The choices a picklist, status or reference cell shows: the server's display values when it sent them,
 * else the stored ids looked up in the column's items (a picklist's options), else the bare ids.
 */
export function resolveChoices(
  value: unknown,
  display: readonly (DisplayValue | CellChoice)[] | undefined,
  items: readonly ColumnItem[] = [],
): CellChoice[] {
  if (display && display.length > 0) return display.map((entry) => ({ ...entry }));
  return storedIds(value).map((id) => {
    const item = items.find((candidate) => candidate.value === String(id));
    return item ? { id, text: item.text, color: item.color } : { id, text: String(id), color: null };
  });
}

/** The texts of the choices, comma-separated (CSV, print, titles). */
export function formatChoices(choices: readonly CellChoice[]): string {
  return choices.map((choice) => choice.text).join(', ');
}
