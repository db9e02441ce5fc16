import {
  assertNever,
  type ColumnDefinition,
  type ListRow,
  type ListUser,
  SYSTEM_FIELD_KEYS,
  type SystemFieldKey,
} from '@der/contracts';
import type { CellChoice } from '../../../shared/format/choiceValues.ts';
import type { DataTableRow } from '../../../shared/ui/DataTable/dataTableTypes.ts';

function isSystemKey(name: string): name is SystemFieldKey {
  return (SYSTEM_FIELD_KEYS as readonly string[]).includes(name);
}

function named(text: string | null, id: number | string | null = text): CellChoice[] {
  return text ? [{ id: id ?? text, text, color: null }] : [];
}

/** The value and display of a system field (spec §3) in a list row. */
function systemCell(
  row: ListRow,
  key: SystemFieldKey,
  users: Record<string, ListUser>,
): { value: unknown; display?: CellChoice[] } {
  switch (key) {
    case 'ID':
      return { value: row.ID };
    case 'FormattedID':
      return { value: row.FormattedID };
    case 'Title':
      return { value: row.Title };
    case 'Parent':
      return { value: row.Parent };
    case 'CreationDate':
      return { value: row.CreationDate };
    case 'LastModify':
      return { value: row.LastModify };
    case 'Version':
      return { value: row.Version };
    case 'Position':
      return { value: row.Position };
    case 'Reason':
      return { value: row.Reason };
    case 'StatusName':
      // The status key is what a status filter compares; the workflow's name and colour are what shows.
      return {
        value: row.Status,
        display: row.StatusName
          ? [{ id: row.Status ?? row.StatusName, text: row.StatusName, color: row.StatusColor }]
          : [],
      };
    case 'ResponsibleName': {
      const user = row.ResponsibleID === null ? undefined : users[String(row.ResponsibleID)];
      return {
        value: row.ResponsibleID,
        display: row.ResponsibleName
          ? [
              {
                id: row.ResponsibleID ?? row.ResponsibleName,
                text: row.ResponsibleName,
                color: null,
                avatar: user?.avatar,
              },
            ]
          : [],
      };
    }
    case 'ProjectName':
      return { value: row.ProjectID, display: named(row.ProjectName, row.ProjectID) };
    case 'ProjectManager':
      return { value: row.ProjectManager, display: named(row.ProjectManager) };
    case 'CreatorName':
      return { value: row.CreatorName, display: named(row.CreatorName) };
    case 'ModifierName':
      return { value: row.ModifierName, display: named(row.ModifierName) };
    case 'DueDate':
      return { value: row.DueDate ?? null };
    default:
      return assertNever(key);
  }
}

/**
 * A row of executeFilter as the shared data table reads it: values and display by column name (system fields
 * under their keys), user avatars from the answer's `users`, and the row fields of spec §3.
 */
export function toDataTableRow(
  row: ListRow,
  columns: readonly ColumnDefinition[],
  users: Record<string, ListUser>,
): DataTableRow {
  const values: Record<string, unknown> = {};
  const display: Record<string, CellChoice[]> = {};
  for (const column of columns) {
    if (column.system && isSystemKey(column.name)) {
      const cell = systemCell(row, column.name, users);
      values[column.name] = cell.value;
      if (cell.display) display[column.name] = row.display[column.name] ?? cell.display;
      continue;
    }
    values[column.name] = row.values[column.name];
    const shown = row.display[column.name];
    if (shown) {
      display[column.name] =
        column.type === 'USERS' || column.type === 'USERS_OR_GROUPS'
          ? shown.map((entry) => ({ ...entry, avatar: users[String(entry.id)]?.avatar }))
          : shown;
    }
  }
  return {
    id: row.ID,
    version: row.Version,
    label: row.FormattedID || row.Title || `#${row.ID}`,
    values,
    display,
    hasAttachment: row.HasAttachment,
    hasDigitalContent: row.HasDigitalContent,
    statusColor: row.StatusColor,
    position: row.Position,
    dueSoonAt: row.DueSoonDate ?? null,
  };
}
