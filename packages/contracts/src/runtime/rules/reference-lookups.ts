import type { FieldDefinition, FieldLookup, LookupAggregate } from '../definition/field.ts';

/** The stored values of referenced items by id, as a lookup reads them. An item the reader may not see is absent. */
export type ReferencedItemValues = ReadonlyMap<number, Readonly<Record<string, unknown>>>;

/** What a lookup asks of its source: the `fields` of the items `ids` of component `componentId`. */
export interface ReferencedItemsRequest {
  componentId: number;
  /** The reference field holding the ids (the browser's source asks the server by it). */
  reference: string;
  ids: readonly number[];
  fields: readonly string[];
}

/**
 * Where lookups find the referenced items: on the server the items table within the saver's visibility, in
 * the browser the server's loadLookupValues call. Both answer only items the user may see.
 */
export type ReferencedItemsSource = (request: ReferencedItemsRequest) => Promise<ReferencedItemValues>;

type LookupField = FieldDefinition & { lookup: FieldLookup };

/** The component's lookup fields (fields with a `lookup`). */
export function lookupFieldsOf(component: { fields: readonly FieldDefinition[] }): LookupField[] {
  return component.fields.filter(
    (field): field is LookupField => field.lookup !== undefined && !field.deprecated,
  );
}

/** The keys of the referenced component that the lookups over reference field `reference` read. */
export function lookedUpKeysOf(
  component: { fields: readonly FieldDefinition[] },
  reference: string,
): string[] {
  const keys = lookupFieldsOf(component)
    .filter((field) => field.lookup.reference === reference)
    .map((field) => field.lookup.field);
  return [...new Set(keys)];
}

/** The ids a reference value holds, in its order (one id, or a list for a `multiple` field). */
export function referencedIdsOf(value: unknown): number[] {
  const entries = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  return entries.filter((entry): entry is number => typeof entry === 'number' && Number.isInteger(entry));
}

const isFilled = (value: unknown): boolean =>
  value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0);

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Decimal places of a number as written (1e-7 and the like: capped). */
function decimalsOf(value: number): number {
  const written = String(value);
  if (written.includes('e')) return 10;
  const point = written.indexOf('.');
  return point < 0 ? 0 : Math.min(10, written.length - point - 1);
}

/**
 * A sum without binary float drift (7.3 + 25.1 is 32.4, not 32.400000000000006): added as integers at the
 * largest scale among the terms. Weights in tonnes with 1–3 decimals compare exactly with limits then.
 */
function exactSum(values: readonly number[]): number {
  const scale = 10 ** Math.max(0, ...values.map(decimalsOf));
  return values.reduce((total, value) => total + Math.round(value * scale), 0) / scale;
}

/**
 * Folds the looked-up values of the referenced items (in the reference's order; undefined where an item has
 * no value): first/last — that item's value; sum/min/max — over the numbers present (null when none);
 * count — how many items were found; countFilled — how many of them have a value (a file list, a text: not
 * empty), e.g. the units of a combination whose CRLV is attached. Null: no value.
 */
export function aggregateLookup(aggregate: LookupAggregate, values: readonly unknown[]): unknown {
  const numbers = values.filter(isNumber);
  switch (aggregate) {
    case 'first':
      return values.length > 0 ? (values[0] ?? null) : null;
    case 'last':
      return values.length > 0 ? (values[values.length - 1] ?? null) : null;
    case 'count':
      return values.length;
    case 'countFilled':
      return values.filter(isFilled).length;
    case 'sum':
      return numbers.length > 0 ? exactSum(numbers) : null;
    case 'min':
      return numbers.length > 0 ? Math.min(...numbers) : null;
    case 'max':
      return numbers.length > 0 ? Math.max(...numbers) : null;
  }
}

/** Lookups applied: the values, and the reference fields holding ids the source did not answer. */
export interface ResolvedLookups {
  values: Record<string, unknown>;
  /** Reference fields with an item that is not there for the reader (hidden from them, removed). */
  unresolved: string[];
}

/**
 * The values with every lookup field computed from the items its reference field holds, read through
 * `source` once per reference field. Referenced items the source does not answer (not visible, removed) are
 * left out of the aggregates and their reference field reported. Run before the rules (browser and server
 * alike), so rules read lookups like any other value.
 */
export async function resolveReferenceLookups(
  component: { fields: readonly FieldDefinition[] },
  values: Readonly<Record<string, unknown>>,
  source: ReferencedItemsSource,
): Promise<ResolvedLookups> {
  const lookups = lookupFieldsOf(component);
  const result: Record<string, unknown> = { ...values };
  const unresolved: string[] = [];
  const references = new Set(lookups.map((field) => field.lookup.reference));
  for (const referenceKey of references) {
    const reference = component.fields.find((field) => field.key === referenceKey);
    if (reference?.targetComponentId === undefined) continue;
    const ids = referencedIdsOf(values[referenceKey]);
    const items =
      ids.length > 0
        ? await source({
            componentId: reference.targetComponentId,
            reference: referenceKey,
            ids,
            fields: lookedUpKeysOf(component, referenceKey),
          })
        : new Map<number, Record<string, unknown>>();
    const found = ids.flatMap((id) => {
      const item = items.get(id);
      return item ? [item] : [];
    });
    if (found.length < ids.length) unresolved.push(referenceKey);
    for (const field of lookups.filter((entry) => entry.lookup.reference === referenceKey)) {
      const value = aggregateLookup(
        field.lookup.aggregate,
        found.map((item) => item[field.lookup.field]),
      );
      // Empty as a stored empty field is (its key absent), so `$exists(cmtCavalo)` reads alike everywhere.
      if (value === null || value === undefined) delete result[field.key];
      else result[field.key] = value;
    }
  }
  return { values: result, unresolved };
}

/**
 * The values with every lookup field the values lack set to null: what a save writes (a lookup that became
 * empty clears the stored value) and what the form shows (the field emptied).
 */
export function withEmptyLookups(
  component: { fields: readonly FieldDefinition[] },
  values: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const result: Record<string, unknown> = { ...values };
  for (const field of lookupFieldsOf(component))
    if (result[field.key] === undefined) result[field.key] = null;
  return result;
}

/** resolveReferenceLookups' values alone (the browser shows what it can; the server checks the rest). */
export async function applyReferenceLookups(
  component: { fields: readonly FieldDefinition[] },
  values: Readonly<Record<string, unknown>>,
  source: ReferencedItemsSource,
): Promise<Record<string, unknown>> {
  return (await resolveReferenceLookups(component, values, source)).values;
}
