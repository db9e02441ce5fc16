import {
  type ComponentDefinition,
  childrenOf,
  type FieldDefinition,
  type FormComponent,
  type FormDefinition,
  type FormField,
  type FormView,
  type Language,
  localize,
  SYSTEM_COLUMN_HEADERS,
  SYSTEM_FIELD_KEYS,
  type SystemFieldKey,
  type ValidationMessageKey,
  WRITABLE_SYSTEM_FIELD_KEYS,
} from '@der/contracts';
import { initialStatusOf } from '../definitions/components.repo.ts';

const isSystemKey = (key: string): key is SystemFieldKey =>
  (SYSTEM_FIELD_KEYS as readonly string[]).includes(key);
const isWritableSystemKey = (key: string) => (WRITABLE_SYSTEM_FIELD_KEYS as readonly string[]).includes(key);

export function findForm(component: ComponentDefinition, formId: number): FormDefinition | null {
  return component.forms.find((form) => form.id === formId) ?? null;
}

/** A field the layout binds: its key and whether the binding component is read-only. */
interface Binding {
  key: string;
  readOnly: boolean;
}

/** Every field binding of the layout tree, in layout order (the address block binds one field per part). */
export function formBindings(layout: readonly FormComponent[]): Binding[] {
  const bindings: Binding[] = [];
  const walk = (components: readonly FormComponent[]) => {
    for (const component of components) {
      if (component.type === 'address') {
        for (const key of Object.values(component.fields))
          if (key) bindings.push({ key, readOnly: component.readOnly });
      } else if ('field' in component) {
        bindings.push({ key: component.field, readOnly: component.readOnly });
      }
      walk(childrenOf(component));
    }
  };
  walk(layout);
  return bindings;
}

/** Fields whose value a rule computes: shown, never typed. */
function computedKeys(component: ComponentDefinition): Set<string> {
  return new Set(component.rules.flatMap((rule) => (rule.kind === 'computedValue' ? [rule.field] : [])));
}

/**
 * The keys a save from this form may change: bound by a component that is not read-only, and a configured
 * field (not deprecated, not computed) or a writable system field (Title, Position).
 */
export function editableKeys(component: ComponentDefinition, form: FormDefinition): Set<string> {
  const fields = new Map(component.fields.map((field) => [field.key, field]));
  const computed = computedKeys(component);
  const editable = new Set<string>();
  for (const binding of formBindings(form.layout)) {
    const field = fields.get(binding.key);
    const configured = field !== undefined && !field.deprecated && !computed.has(binding.key);
    if (!binding.readOnly && (configured || isWritableSystemKey(binding.key))) editable.add(binding.key);
  }
  // A key bound twice (once read-only) stays editable through the other binding.
  return editable;
}

/** Why a key sent by a form is refused, or null when the form lets the user change it. */
export function refusalOf(
  key: string,
  component: ComponentDefinition,
  editable: ReadonlySet<string>,
): ValidationMessageKey | null {
  if (editable.has(key)) return null;
  const known = isSystemKey(key) || component.fields.some((field) => field.key === key);
  return known ? 'fieldNotEditable' : 'unknownField';
}

/** A field's caption in a language: its label, or the system field's header. */
export function fieldLabel(component: ComponentDefinition, key: string, language: Language): string {
  const field = component.fields.find((candidate) => candidate.key === key);
  if (field) return localize(field.label, language);
  if (isSystemKey(key)) return SYSTEM_COLUMN_HEADERS[key][language];
  return key;
}

function formField(
  key: string,
  field: FieldDefinition | undefined,
  component: ComponentDefinition,
  editable: ReadonlySet<string>,
  language: Language,
): FormField {
  return {
    key,
    type: field?.type ?? (key === 'Position' ? 'INTEGER' : 'STRING'),
    label: fieldLabel(component, key, language),
    required: field?.required ?? false,
    readOnly: !editable.has(key),
    multiple: field?.multiple ?? false,
    options: (field?.options ?? []).map((option) => ({
      value: option.value,
      text: localize(option.text, language),
      ...(option.color ? { color: option.color } : {}),
    })),
    ...(field?.minimum !== undefined ? { minimum: field.minimum } : {}),
    ...(field?.maximum !== undefined ? { maximum: field.maximum } : {}),
    ...(field?.maxLength !== undefined ? { maxLength: field.maxLength } : {}),
    ...(field?.mask !== undefined ? { mask: field.mask } : {}),
    uppercase: field?.uppercase ?? false,
    ...(field?.pattern !== undefined ? { pattern: field.pattern } : {}),
    dateTimeFormatType: field?.dateTimeFormatType ?? 1,
    ...(field?.dateTimeFormat !== undefined ? { dateTimeFormat: field.dateTimeFormat } : {}),
    ...(field?.targetComponentId !== undefined ? { targetComponentId: field.targetComponentId } : {}),
  };
}

/** Spec §7.6 getForm: the layout as defined, the bound fields resolved in the request language, the rules. */
export function buildFormView(
  component: ComponentDefinition,
  form: FormDefinition,
  language: Language,
): Omit<FormView, 'hiddenFields'> {
  const editable = editableKeys(component, form);
  const fields = new Map(component.fields.map((field) => [field.key, field]));
  const keys = [...new Set(formBindings(form.layout).map((binding) => binding.key))];
  return {
    componentId: component.id,
    formId: form.id,
    name: localize(form.name, language),
    componentLabel: localize(component.label, language),
    componentName: component.name,
    mode: form.mode,
    layout: form.layout,
    fields: keys.map((key) => formField(key, fields.get(key), component, editable, language)),
    rules: { fields: component.fields, rules: component.rules },
    draftStatus: initialStatusOf(component),
    ...(form.sentFormId === undefined ? {} : { sentFormId: form.sentFormId }),
  };
}
