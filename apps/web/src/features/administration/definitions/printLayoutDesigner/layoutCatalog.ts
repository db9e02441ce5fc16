import {
  assertNever,
  type ComponentDefinitionInput,
  type LocalizedText,
  localize,
  PRINTABLE_SYSTEM_KEYS,
  type PrintTableRows,
  SYSTEM_COLUMN_HEADERS,
} from '@der/contracts';
import type { TableSeed } from './printLayoutFields.ts';

/** A key a binding may name, with the label the administrator reads for it. */
export interface CatalogKey {
  key: string;
  label: LocalizedText;
}

interface CatalogField extends CatalogKey {
  type: string;
  targetComponentId: number | undefined;
  columns: CatalogKey[];
}

interface CatalogComponent {
  id: number;
  label: LocalizedText;
  fields: CatalogField[];
}

/** What the designer offers to bind: the fields of the layout's component and the application's components. */
export interface LayoutCatalog {
  /** The layout's own component. */
  componentId: number | undefined;
  fields: CatalogField[];
  components: CatalogComponent[];
}

const SYSTEM_KEYS: CatalogKey[] = PRINTABLE_SYSTEM_KEYS.map((key) => ({
  key,
  label: SYSTEM_COLUMN_HEADERS[key],
}));

function catalogComponentOf(component: ComponentDefinitionInput): CatalogComponent {
  return {
    id: component.id,
    label: component.label,
    fields: (component.fields ?? []).map((field) => ({
      key: field.key,
      label: field.label,
      type: field.type,
      targetComponentId: field.targetComponentId,
      columns: (field.columns ?? []).map((column) => ({ key: column.key, label: column.label })),
    })),
  };
}

/** The catalog of the exported definition document, for the layout of its component at `componentIndex`. */
export function catalogOf(document: unknown, componentIndex: number): LayoutCatalog {
  const exported = (document as { components?: ComponentDefinitionInput[] } | undefined)?.components ?? [];
  const components = exported.map(catalogComponentOf);
  const own = components[componentIndex];
  return { componentId: own?.id, fields: own?.fields ?? [], components };
}

/** The keys an item-level binding may name: the component's fields, then the system keys. */
export function listItemKeys(fields: readonly CatalogKey[]): CatalogKey[] {
  return [...fields.map(({ key, label }) => ({ key, label })), ...SYSTEM_KEYS];
}

/** The keys a table column may name: those of the row's item, or a TABLE field's columns. */
export function listRowKeys(catalog: LayoutCatalog, rows: PrintTableRows): CatalogKey[] {
  switch (rows.kind) {
    case 'children':
      return listItemKeys(
        catalog.components.find((component) => component.id === rows.componentId)?.fields ?? [],
      );
    case 'linked': {
      const target = catalog.fields.find((field) => field.key === rows.field)?.targetComponentId;
      return listItemKeys(catalog.components.find((component) => component.id === target)?.fields ?? []);
    }
    case 'tableField':
      return catalog.fields.find((field) => field.key === rows.field)?.columns ?? [];
    default:
      return assertNever(rows);
  }
}

/** What a table's rows come from, named for the administrator: a component's or a field's label, else its id. */
export function rowsSourceName(catalog: LayoutCatalog, rows: PrintTableRows, language: string): string {
  switch (rows.kind) {
    case 'children': {
      const component = catalog.components.find((candidate) => candidate.id === rows.componentId);
      return component ? localize(component.label, language) : String(rows.componentId);
    }
    case 'linked':
    case 'tableField': {
      const field = catalog.fields.find((candidate) => candidate.key === rows.field);
      return field ? `${localize(field.label, language)} (${field.key})` : rows.field;
    }
    default:
      return assertNever(rows);
  }
}

const FORMATTED_ID: CatalogKey = { key: 'FormattedID', label: SYSTEM_COLUMN_HEADERS.FormattedID };

/**
 * How a new table of each source starts: the first candidate (a component, a reference field, a TABLE field
 * with columns) and a first column every row has; undefined when the definition offers no candidate.
 */
export function tableSeedOf(catalog: LayoutCatalog, kind: PrintTableRows['kind']): TableSeed | undefined {
  switch (kind) {
    case 'children': {
      // Children are items of another component (a request's vehicles, a route's segments) as a rule.
      const component =
        catalog.components.find((candidate) => candidate.id !== catalog.componentId) ?? catalog.components[0];
      return component && { rows: { kind, componentId: component.id }, column: FORMATTED_ID };
    }
    case 'linked': {
      const reference = catalog.fields.find(
        (field) => field.type === 'GENERIC_ITEM_TYPE' && field.targetComponentId !== undefined,
      );
      return reference && { rows: { kind, field: reference.key }, column: FORMATTED_ID };
    }
    case 'tableField': {
      const table = catalog.fields.find((field) => field.type === 'TABLE' && field.columns.length > 0);
      const column = table?.columns[0];
      return table && column && { rows: { kind, field: table.key }, column };
    }
    default:
      return assertNever(kind);
  }
}
