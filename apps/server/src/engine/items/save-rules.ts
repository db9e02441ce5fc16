import {
  type ComponentDefinition,
  evaluateComponentRules,
  formatValidationMessage,
  type Language,
  type LocalizedText,
  type ReferencedItemsSource,
  type ReferenceTableSource,
  resolveReferenceLookups,
  withEmptyLookups,
} from '@der/contracts';
import type { SaveRefusal } from './save-refusals.ts';

/** Saving keys besides the configured fields: rules may set the title (e.g. a beforeSave action). */
const SAVED_SYSTEM_KEYS = new Set(['Title', 'Position']);

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The keys a save writes: what the writer sent, and what the rules changed (computed values, effects). */
function changesToWrite(
  component: ComponentDefinition,
  sent: Readonly<Record<string, unknown>>,
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const writable = new Set([
    ...component.fields.filter((field) => !field.deprecated).map((field) => field.key),
    ...SAVED_SYSTEM_KEYS,
  ]);
  const changes: Record<string, unknown> = {};
  // Sent keys the rules engine does not know (unknown, system) stay in: checkChanges refuses them by name.
  for (const [key, value] of Object.entries(sent)) if (!writable.has(key)) changes[key] = value;
  for (const [key, value] of Object.entries(after)) {
    if (!writable.has(key)) continue;
    if (Object.hasOwn(sent, key) || !sameValue(value, before[key])) changes[key] = value ?? null;
  }
  return changes;
}

/** A value the leaving action needs, named with the field's label and the action's name in the actor's language. */
function requiredForActionRefusal(
  component: ComponentDefinition,
  fieldKey: string,
  action: LocalizedText,
  options: { language: Language; row?: number | null },
): SaveRefusal {
  const label = component.fields.find((field) => field.key === fieldKey)?.label ?? {
    'pt-BR': fieldKey,
    en: fieldKey,
  };
  return {
    row: options.row ?? null,
    field: fieldKey,
    code: 'requiredForAction',
    message: formatValidationMessage('requiredForAction', options.language, { field: label, action }),
  };
}

/**
 * The component's business rules over the item's values with the writer's changes applied — the same engine
 * as the browser: for a new item the 'load' defaults first, then the 'beforeSave' actions, computed values and
 * validations. Answers the changes to write (the sent ones plus what the rules computed) or the rules' errors
 * as refusals in the actor's language.
 */
export async function runSaveRules(
  component: ComponentDefinition,
  before: Readonly<Record<string, unknown>>,
  sent: Readonly<Record<string, unknown>>,
  options: {
    now: Date;
    isNew: boolean;
    language: Language;
    row?: number | null;
    /** The definition's reference tables the rules read with $table (referenceTablesLoader). */
    tables: ReferenceTableSource;
    /** The referenced items lookup fields read (referencedItemsLoader: the saver's visibility). */
    referencedItems: ReferencedItemsSource;
    /** The item stays a draft in its initial status (isDraftSave): later requirements wait. */
    draft?: boolean;
    /**
     * The workflow action taking the item out of its initial status in this save (e.g. 'Enviar'): a value it
     * lacks is refused naming the field and the action ('"Trechos" é obrigatório para Enviar').
     */
    leavingBy?: LocalizedText;
  },
): Promise<{ changes: Record<string, unknown>; refusals: SaveRefusal[] }> {
  const { now, isNew, tables } = options;
  const draft = options.draft === true;
  let values: Record<string, unknown> = { ...before, ...sent };
  if (isNew)
    values = (
      await evaluateComponentRules(component, values, 'load', undefined, { now, isNew, tables, draft })
    ).values;
  // Lookups are computed here from the stored units, whatever the writer sent for them (the browser's are shown
  // live, never trusted), before the rules that read them (PBTC ≤ the tractor's CMT).
  const looked = await resolveReferenceLookups(component, values, options.referencedItems);
  values = looked.values;
  // A new choice the saver cannot see (another owner's vehicle) is refused by name here, before rules would
  // judge weights that leave it out; one held before and hidden since does not block other changes.
  const unseen = looked.unresolved.filter((key) => !sameValue(values[key], before[key]));
  if (unseen.length > 0)
    return {
      changes: {},
      refusals: unseen.map((field) => ({
        row: options.row ?? null,
        field,
        code: 'invalidValue',
        message: formatValidationMessage('invalidValue', options.language),
      })),
    };
  const checked = await evaluateComponentRules(component, values, 'beforeSave', undefined, {
    now,
    isNew,
    tables,
    draft,
  });
  if (checked.errors.length > 0)
    return {
      changes: {},
      refusals: checked.errors.map((error) =>
        options.leavingBy && error.code === 'fillInThisField'
          ? requiredForActionRefusal(component, error.field, options.leavingBy, options)
          : {
              row: options.row ?? null,
              field: error.field,
              code: error.ruleId === undefined ? 'fieldRule' : 'rule',
              message: error.message[options.language],
            },
      ),
    };
  return {
    changes: changesToWrite(component, sent, before, withEmptyLookups(component, checked.values)),
    refusals: [],
  };
}
