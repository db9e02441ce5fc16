/**
 * The columns a person hid in one list, kept in localStorage under a key the owner gives (its user id and the
 * list's view), so the choice survives a reload. Stored with the columns known when it was made: a column
 * added to the list later keeps its own default visibility instead of being taken as 'shown by choice'.
 */
interface StoredColumnChoices {
  hidden: string[];
  known: string[];
}

const STORAGE_PREFIX = 'der.dataTable.columns.';

function defaultStorage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((entry) => typeof entry === 'string');
}

function readChoices(key: string, storage: Storage | undefined): StoredColumnChoices | null {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(STORAGE_PREFIX + key) ?? 'null');
    if (!parsed || typeof parsed !== 'object') return null;
    const { hidden, known } = parsed as Record<string, unknown>;
    return isStringArray(hidden) && isStringArray(known) ? { hidden, known } : null;
  } catch {
    // Unreadable (edited by hand, another version): the list's defaults apply.
    return null;
  }
}

/** The hidden columns to start with: the stored choice for known columns, each new column's own default. */
export function readHiddenColumns(
  key: string | undefined,
  columns: readonly { name: string; visible: boolean }[],
  storage: Storage | undefined = defaultStorage(),
): string[] {
  const stored = key ? readChoices(key, storage) : null;
  return columns
    .filter((column) =>
      stored?.known.includes(column.name) ? stored.hidden.includes(column.name) : !column.visible,
    )
    .map((column) => column.name);
}

export function writeHiddenColumns(
  key: string,
  columns: readonly { name: string }[],
  hidden: readonly string[],
  storage: Storage | undefined = defaultStorage(),
): void {
  const choices: StoredColumnChoices = { hidden: [...hidden], known: columns.map((column) => column.name) };
  try {
    storage?.setItem(STORAGE_PREFIX + key, JSON.stringify(choices));
  } catch {
    // Storage full or refused (private mode): the choice lasts until the page is left.
  }
}
