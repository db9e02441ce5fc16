import {
  type ColumnDefinition,
  type ColumnItem,
  type ComponentDefinition,
  columnDecimals,
  DATE_TIME_STEP_MINUTES,
  defaultColumnWidth,
  type FieldDefinition,
  type Language,
  type ListView,
  localize,
  SYSTEM_COLUMN_HEADERS,
  SYSTEM_COLUMNS,
  SYSTEM_FIELD_KEYS,
  type SystemFieldKey,
  storageKindOf,
} from '@der/contracts';

/** The statuses of a component's workflow as column items (name in the caller's language, colour). */
export function statusItems(component: ComponentDefinition, language: Language): ColumnItem[] {
  return (component.workflow?.statuses ?? []).map((status) => ({
    value: status.key,
    text: localize(status.name, language),
    color: status.color ?? null,
    image: null,
    isFontAwesome: false,
  }));
}

export function picklistItems(field: FieldDefinition, language: Language): ColumnItem[] {
  return field.options.map((option) => ({
    value: option.value,
    text: localize(option.text, language),
    color: option.color ?? null,
    image: null,
    isFontAwesome: false,
  }));
}

const hasDeadlines = (component: ComponentDefinition) =>
  component.workflow?.statuses.some((status) => status.sla !== undefined) ?? false;

function systemColumn(
  key: SystemFieldKey,
  component: ComponentDefinition,
  language: Language,
): ColumnDefinition {
  const { type, visible } = SYSTEM_COLUMNS[key];
  const isDate = type === 'DATE_TIME';
  return {
    name: key,
    header: SYSTEM_COLUMN_HEADERS[key][language],
    type,
    system: true,
    // Deadlines show by default where the workflow sets them; they sort (items without one last ascending)
    // on the partial index runtime_items_component_due_idx.
    visible: key === 'DueDate' ? hasDeadlines(component) : visible,
    sortable: true,
    filterable: true,
    items: key === 'StatusName' ? statusItems(component, language) : [],
    filterAsList: key === 'StatusName',
    isFileIndex: false,
    interval: isDate ? DATE_TIME_STEP_MINUTES : null,
    // System instants show with their time (format type 0, spec §9).
    dateTimeFormatType: isDate ? 0 : null,
    dateTimeFormat: null,
    decimals: columnDecimals(type),
    editInGrid: false,
    columnWidth: defaultColumnWidth(type, isDate ? 0 : null),
    givenName: null,
  };
}

function fieldColumn(
  field: FieldDefinition,
  component: ComponentDefinition,
  language: Language,
): ColumnDefinition {
  const kind = storageKindOf(field);
  const isDate = field.type === 'DATE_TIME';
  const items =
    field.type === 'PICKLIST'
      ? picklistItems(field, language)
      : field.type === 'ITEM_TYPE_STATUS'
        ? statusItems(component, language)
        : [];
  return {
    name: field.key,
    header: localize(field.label, language),
    type: field.type,
    system: false,
    visible: !field.deprecated,
    sortable: kind !== 'references' && kind !== 'files',
    filterable: true,
    items,
    filterAsList: field.filterAsList,
    isFileIndex: false,
    interval: isDate ? DATE_TIME_STEP_MINUTES : null,
    dateTimeFormatType: isDate ? field.dateTimeFormatType : null,
    dateTimeFormat: isDate ? (field.dateTimeFormat ?? null) : null,
    decimals: columnDecimals(field.type),
    editInGrid: field.editInGrid,
    columnWidth:
      field.columnWidth ?? defaultColumnWidth(field.type, isDate ? field.dateTimeFormatType : null),
    givenName: field.givenName ? localize(field.givenName, language) : null,
  };
}

/**
 * Every column a list of the component can show (spec §3 column definition, §9 widths): the code and title,
 * the configured fields, then the system fields. Without a view, the system columns of SYSTEM_COLUMNS and the
 * configured fields that are not deprecated are visible; a list view orders its columns first, shows exactly
 * its visible ones and may set their widths.
 */
export function listColumns(
  component: ComponentDefinition,
  language: Language,
  view?: ListView | undefined,
): ColumnDefinition[] {
  const leading: SystemFieldKey[] = ['FormattedID', 'Title'];
  const columns = [
    ...leading.map((key) => systemColumn(key, component, language)),
    ...component.fields.map((field) => fieldColumn(field, component, language)),
    ...SYSTEM_FIELD_KEYS.filter((key) => !leading.includes(key)).map((key) =>
      systemColumn(key, component, language),
    ),
  ];
  if (!view) return columns;
  const byName = new Map(columns.map((column) => [column.name, column]));
  const ordered: ColumnDefinition[] = view.columns.flatMap((entry) => {
    const column = byName.get(entry.field);
    if (!column) return [];
    byName.delete(entry.field);
    return [{ ...column, visible: entry.visible, columnWidth: entry.width ?? column.columnWidth }];
  });
  return [...ordered, ...[...byName.values()].map((column) => ({ ...column, visible: false }))];
}
