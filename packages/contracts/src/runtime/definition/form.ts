import { z } from 'zod';
import { AddressComponentSchema, FIELD_INPUT_SCHEMAS, formComponentBase } from './form-inputs.ts';
import { WIDGET_SCHEMAS } from './form-widgets.ts';
import { LocalizedTextSchema } from './localized-text.ts';
import { DefinitionIdSchema, DefinitionKeySchema } from './primitives.ts';

/** Form mode codes of spec §3. */
export const FORM_MODES = { standard: 1, bulk: 3, filter: 4, fieldList: 5, filterFieldList: 6 } as const;
export type FormMode = (typeof FORM_MODES)[keyof typeof FORM_MODES];
export const FormModeSchema = z.union(Object.values(FORM_MODES).map((mode) => z.literal(mode)));

/** Form components without children. */
const LeafFormComponentSchema = z.discriminatedUnion('type', [
  ...FIELD_INPUT_SCHEMAS,
  AddressComponentSchema,
  ...WIDGET_SCHEMAS,
]);
type LeafFormComponent = z.output<typeof LeafFormComponentSchema>;
type LeafFormComponentInput = z.input<typeof LeafFormComponentSchema>;

// Containers hold further components. Their types are written out as interfaces because a recursive schema
// cannot infer its own type.
const PanelBaseSchema = z.object({
  ...formComponentBase,
  type: z.literal('panel'),
  /** Columns of the inner grid before components wrap. */
  columns: z.number().int().min(1).max(12).default(12),
});
const GroupBoxBaseSchema = z.object({
  ...formComponentBase,
  type: z.literal('groupBox'),
  title: LocalizedTextSchema,
  collapsible: z.boolean().default(false),
});
const TabBaseSchema = z.object({ key: DefinitionKeySchema.optional(), title: LocalizedTextSchema });
const TabControlBaseSchema = z.object({ ...formComponentBase, type: z.literal('tabControl') });
/**
 * A guided form in steps (a wizard): one step shown at a time with next and back, each step's errors shown on
 * it; moving on saves the item when `saveOnNext` (a draft the user comes back to), and `review`, when given,
 * titles a last step listing what was filled, step by step, before the form's own buttons act.
 */
const StepsBaseSchema = z.object({
  ...formComponentBase,
  type: z.literal('steps'),
  saveOnNext: z.boolean().default(false),
  review: LocalizedTextSchema.optional(),
});

export interface PanelComponent extends z.output<typeof PanelBaseSchema> {
  children: FormComponent[];
}
export interface GroupBoxComponent extends z.output<typeof GroupBoxBaseSchema> {
  children: FormComponent[];
}
export interface FormTab extends z.output<typeof TabBaseSchema> {
  children: FormComponent[];
}
export interface TabControlComponent extends z.output<typeof TabControlBaseSchema> {
  tabs: FormTab[];
}
export interface StepsComponent extends z.output<typeof StepsBaseSchema> {
  steps: FormTab[];
}
export type FormComponent =
  | LeafFormComponent
  | PanelComponent
  | GroupBoxComponent
  | TabControlComponent
  | StepsComponent;

export interface PanelComponentInput extends z.input<typeof PanelBaseSchema> {
  children: FormComponentInput[];
}
export interface GroupBoxComponentInput extends z.input<typeof GroupBoxBaseSchema> {
  children: FormComponentInput[];
}
export interface FormTabInput extends z.input<typeof TabBaseSchema> {
  children: FormComponentInput[];
}
export interface TabControlComponentInput extends z.input<typeof TabControlBaseSchema> {
  tabs: FormTabInput[];
}
export interface StepsComponentInput extends z.input<typeof StepsBaseSchema> {
  steps: FormTabInput[];
}
export type FormComponentInput =
  | LeafFormComponentInput
  | PanelComponentInput
  | GroupBoxComponentInput
  | TabControlComponentInput
  | StepsComponentInput;
export type FormComponentType = FormComponent['type'];

const childrenSchema = () => z.array(z.lazy(() => FormComponentSchema));

/** One node of a form's layout tree: a discriminated union on `type`, containers with children. */
export const FormComponentSchema: z.ZodType<FormComponent, FormComponentInput> = z.discriminatedUnion(
  'type',
  [
    ...LeafFormComponentSchema.options,
    PanelBaseSchema.extend({ children: childrenSchema() }),
    GroupBoxBaseSchema.extend({ children: childrenSchema() }),
    TabControlBaseSchema.extend({
      tabs: z.array(TabBaseSchema.extend({ children: childrenSchema() })).min(1),
    }),
    StepsBaseSchema.extend({
      steps: z
        .array(TabBaseSchema.extend({ children: childrenSchema() }))
        .min(1)
        .max(20),
    }),
  ],
);

/** The children of a component of the layout tree (tabs flattened), for walks over the tree. */
export function childrenOf(component: FormComponent): FormComponent[] {
  if (component.type === 'tabControl') return component.tabs.flatMap((tab) => tab.children);
  if (component.type === 'steps') return component.steps.flatMap((step) => step.children);
  if (component.type === 'panel' || component.type === 'groupBox') return component.children;
  return [];
}

/** A form of a component: the `{form}` of list, insertItem and editItem routes (spec §2.9). */
export const FormDefinitionSchema = z.object({
  id: DefinitionIdSchema,
  name: LocalizedTextSchema,
  mode: FormModeSchema.default(FORM_MODES.standard),
  layout: z.array(FormComponentSchema).min(1),
  /**
   * A form for drafts (a guided request in steps): once the item has left its workflow's initial status it
   * opens on this form of the component instead (the request as sent, with its workflow), never again as a
   * draft to fill in.
   */
  sentFormId: DefinitionIdSchema.optional(),
});
export type FormDefinition = z.infer<typeof FormDefinitionSchema>;
export type FormDefinitionInput = z.input<typeof FormDefinitionSchema>;
