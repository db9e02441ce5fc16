import { formatValidationMessage, type ValidationMessageKey } from '../../common/validation-messages.ts';
import type { Language } from '../../platform/platform.schemas.ts';
import type { BusinessRule } from '../definition/business-rule.ts';
import type { ComponentDefinition } from '../definition/component.ts';
import type { FieldDefinition, FieldRequirementStage } from '../definition/field.ts';
import type { LocalizedText } from '../definition/localized-text.ts';
import type { ReferenceTable } from '../definition/reference-table.ts';
import { requirementApplies } from './field-requirement.ts';
import { checkFieldRules } from './field-rules.ts';
import {
  evaluateRuleCondition,
  evaluateRuleExpression,
  type RuleContext,
  RuleExpressionError,
} from './rule-expression.ts';
import { referenceTableSource } from './rule-functions.ts';
import { isEmptyFieldValue, toRuleValue } from './rule-values.ts';

/** When form rules run (spec §7.6 executeFormBusinessRule): the form opens, a field changes, before saving. */
export const FORM_RULE_EVENTS = ['load', 'change', 'beforeSave'] as const;
export type FormRuleEvent = (typeof FORM_RULE_EVENTS)[number];

export interface FormRuleError {
  /** The field the message belongs to (a configured key, or a system key such as Title). */
  field: string;
  message: LocalizedText;
  /** The validation rule that refused the value; absent for the field rules of spec §5. */
  ruleId?: string;
  /** A field rule's message key (e.g. 'fillInThisField' for a missing required value). */
  code?: ValidationMessageKey;
}

/** The form's state after its rules ran: what the browser shows and what the server saves or refuses. */
export interface FormRulesResult {
  /** The item's values with constant and rule defaults (insert), computed values and action effects applied. */
  values: Record<string, unknown>;
  /** Every configured field: shown or hidden by `visibility` rules (shown when no rule names it). */
  visibility: Record<string, boolean>;
  /** Every configured field: required by the definition or by a `required` rule (a hidden field never is). */
  required: Record<string, boolean>;
  /**
   * For a draft: the fields not required yet that leaving the initial status will require (a checklist's
   * documents at 'Protocolar'), so the form can say so before the action refuses. Empty for a non-draft.
   */
  requiredLater: Record<string, boolean>;
  errors: FormRuleError[];
  /** Rules whose expression failed (syntax, timeout…); their effect falls back to the field's definition. */
  ruleFailures: Array<{ ruleId: string; code: string; message: string }>;
}

export interface FormRuleOptions extends RuleContext {
  /** A new item (insert): defaults fill empty fields on 'load'. Default: no `ID` among the values. */
  isNew?: boolean;
  /**
   * The item stays a draft in its workflow's initial status (isDraftSave): requirements from
   * 'leavingInitialStatus' do not apply yet. Default: they apply.
   */
  draft?: boolean;
}

/** Passes of computed values, so a computed value may depend on another one whatever their order. */
const COMPUTED_PASSES = 3;

/**
 * What the rules need of a component: its fields, its rules and the definition's reference tables its rules
 * read with $table (getForm sends just these to the browser).
 */
export type RuleComponent = Pick<ComponentDefinition, 'fields' | 'rules'> & {
  referenceTables?: ReadonlyArray<Pick<ReferenceTable, 'key' | 'rows'>> | undefined;
};

const bothLanguages = (key: ValidationMessageKey, params?: Record<string, unknown>): LocalizedText => ({
  'pt-BR': formatValidationMessage(key, 'pt-BR', params),
  en: formatValidationMessage(key, 'en', params),
});

/** A validation rule whose expression cannot be evaluated refuses the save: the server fails closed. */
const ruleNotEvaluated = (ruleId: string): LocalizedText => ({
  'pt-BR': `A regra ${ruleId} não pôde ser avaliada; avise o administrador da aplicação.`,
  en: `The rule ${ruleId} could not be evaluated; tell the application's administrator.`,
});

/** A message in the request language (pt-BR is the default). */
export function messageIn(text: LocalizedText, language: Language): string {
  return language === 'en' ? text.en : text['pt-BR'];
}

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

class RuleRun {
  readonly values: Record<string, unknown>;
  readonly failures: FormRulesResult['ruleFailures'] = [];
  readonly context: RuleContext;

  constructor(component: RuleComponent, values: Record<string, unknown>, context: RuleContext) {
    this.values = { ...values };
    for (const field of component.fields)
      if (Object.hasOwn(this.values, field.key))
        this.values[field.key] = toRuleValue(field, this.values[field.key]);
    this.context = context;
  }

  /** The expression's value, or `fallback` when it fails (the failure is recorded). */
  async value(rule: BusinessRule, expression: string): Promise<{ ok: boolean; value: unknown }> {
    try {
      return { ok: true, value: await evaluateRuleExpression(expression, this.values, this.context) };
    } catch (error) {
      this.recordFailure(rule, error);
      return { ok: false, value: undefined };
    }
  }

  async condition(
    rule: BusinessRule,
    expression: string,
  ): Promise<{ ok: boolean; value: boolean | undefined }> {
    try {
      return { ok: true, value: await evaluateRuleCondition(expression, this.values, this.context) };
    } catch (error) {
      this.recordFailure(rule, error);
      return { ok: false, value: undefined };
    }
  }

  private recordFailure(rule: BusinessRule, error: unknown): void {
    if (!(error instanceof RuleExpressionError)) throw error;
    this.failures.push({ ruleId: rule.id, code: error.code, message: error.message });
  }
}

/** Defaults of a new item: the fields' constants, then `defaultValue` rules, for fields still empty. */
async function applyDefaults(run: RuleRun, component: RuleComponent): Promise<void> {
  for (const field of component.fields) {
    if (field.defaultValue !== undefined && isEmptyFieldValue(run.values[field.key]))
      run.values[field.key] = field.defaultValue;
  }
  for (const rule of component.rules) {
    if (rule.kind !== 'defaultValue' || !isEmptyFieldValue(run.values[rule.field])) continue;
    const result = await run.value(rule, rule.expression);
    if (result.ok && result.value !== undefined) run.values[rule.field] = result.value;
  }
}

function triggerMatches(rule: BusinessRule, event: FormRuleEvent, changedField?: string): boolean {
  if (rule.kind !== 'action') return false;
  const trigger = rule.trigger;
  if (trigger.on === 'change') return event === 'change' && trigger.field === changedField;
  return trigger.on === event;
}

/** `action` rules of the event: when their condition holds, their setField effects change the values. */
async function applyActions(
  run: RuleRun,
  component: RuleComponent,
  event: FormRuleEvent,
  changedField?: string,
): Promise<void> {
  for (const rule of component.rules) {
    if (rule.kind !== 'action' || !triggerMatches(rule, event, changedField)) continue;
    if (rule.condition !== undefined) {
      const condition = await run.condition(rule, rule.condition);
      if (condition.value !== true) continue;
    }
    // Notifications and documents are side effects of the saving transaction, not of the form's state.
    for (const effect of rule.effects) {
      if (effect.kind !== 'setField') continue;
      const result = await run.value(rule, effect.expression);
      if (result.ok) run.values[effect.field] = result.value ?? null;
    }
  }
}

/** `computedValue` rules, repeated until stable (or COMPUTED_PASSES) so their order does not matter. */
async function applyComputedValues(run: RuleRun, component: RuleComponent): Promise<void> {
  const computed = component.rules.filter((rule) => rule.kind === 'computedValue');
  for (let pass = 0; pass < COMPUTED_PASSES; pass++) {
    let changed = false;
    for (const rule of computed) {
      const result = await run.value(rule, rule.expression);
      if (!result.ok) continue;
      const value = result.value ?? null;
      if (!sameValue(run.values[rule.field], value)) {
        run.values[rule.field] = value;
        changed = true;
      }
    }
    if (!changed) return;
  }
}

/** Visibility: shown unless a `visibility` rule of the field is not true. A failing rule leaves it shown. */
async function visibilityOf(run: RuleRun, component: RuleComponent): Promise<Record<string, boolean>> {
  const visibility: Record<string, boolean> = {};
  for (const field of component.fields) visibility[field.key] = true;
  for (const rule of component.rules) {
    if (rule.kind !== 'visibility') continue;
    const result = await run.condition(rule, rule.expression);
    if (result.ok && result.value !== true) visibility[rule.field] = false;
  }
  return visibility;
}

/**
 * Required: by the definition, or while a `required` rule is true; never while hidden. `required` holds what
 * applies at the item's stage; for a draft, `later` holds what leaving its initial status will add (each rule
 * is evaluated once for both).
 */
async function requiredOf(
  run: RuleRun,
  component: RuleComponent,
  visibility: Record<string, boolean>,
  stage: { draft: boolean },
): Promise<{ required: Record<string, boolean>; later: Record<string, boolean> }> {
  const required: Record<string, boolean> = {};
  const later: Record<string, boolean> = {};
  const mark = (key: string, requiredFrom: FieldRequirementStage | undefined) => {
    if (requirementApplies(requiredFrom, stage)) required[key] = true;
    else if (!required[key]) later[key] = true;
  };
  for (const field of component.fields) {
    required[field.key] = false;
    if (field.required) mark(field.key, field.requiredFrom);
  }
  for (const rule of component.rules) {
    if (rule.kind !== 'required') continue;
    // A requirement of a later stage is only evaluated for a draft, which shows it as to come.
    if (!stage.draft && !requirementApplies(rule.requiredFrom, stage)) continue;
    const result = await run.condition(rule, rule.expression);
    if (result.value === true) mark(rule.field, rule.requiredFrom);
  }
  for (const key of Object.keys(required)) if (visibility[key] === false) required[key] = false;
  for (const key of Object.keys(later)) if (visibility[key] === false || required[key]) delete later[key];
  return { required, later };
}

const isLocalizedText = (value: unknown): value is LocalizedText =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Record<string, unknown>)['pt-BR'] === 'string' &&
  typeof (value as Record<string, unknown>).en === 'string';

/**
 * The message of a failed validation: its `messageExpression`'s text when it gives one in both languages (a
 * message naming the value and the limit it broke), else the rule's fixed message.
 */
async function messageOf(
  run: RuleRun,
  rule: Extract<BusinessRule, { kind: 'validation' }>,
): Promise<LocalizedText> {
  if (rule.messageExpression === undefined) return rule.message;
  const result = await run.value(rule, rule.messageExpression);
  return result.ok && isLocalizedText(result.value)
    ? { 'pt-BR': result.value['pt-BR'], en: result.value.en }
    : rule.message;
}

/**
 * Errors of the visible fields: the §5 field rules first (one per field), then `validation` rules on fields
 * that hold a value (emptiness is the business of `required`). A validation fails when its expression is
 * false; undefined (it names a missing value) does not fail; an expression that cannot run fails closed.
 */
async function errorsOf(
  run: RuleRun,
  component: RuleComponent,
  visibility: Record<string, boolean>,
  required: Record<string, boolean>,
): Promise<FormRuleError[]> {
  const errors: FormRuleError[] = [];
  const fieldsByKey = new Map<string, FieldDefinition>(component.fields.map((field) => [field.key, field]));
  for (const field of component.fields) {
    if (visibility[field.key] === false || field.deprecated) continue;
    const checked = checkFieldRules(field, run.values[field.key], required[field.key] ?? field.required);
    if (!checked.ok)
      errors.push({
        field: field.key,
        message: bothLanguages(checked.issue.message, checked.issue.params),
        code: checked.issue.message,
      });
  }
  for (const rule of component.rules) {
    if (rule.kind !== 'validation') continue;
    if (visibility[rule.field] === false || errors.some((error) => error.field === rule.field)) continue;
    if (fieldsByKey.has(rule.field) && isEmptyFieldValue(run.values[rule.field])) continue;
    const result = await run.condition(rule, rule.expression);
    if (!result.ok) errors.push({ field: rule.field, message: ruleNotEvaluated(rule.id), ruleId: rule.id });
    else if (result.value === false)
      errors.push({ field: rule.field, message: await messageOf(run, rule), ruleId: rule.id });
  }
  return errors;
}

/**
 * Runs a component's business rules for a form event — the SAME code in the browser (instant feedback) and on
 * the server (the authority before saving):
 *
 * 1. 'load' of a new item: constant defaults and `defaultValue` rules fill empty fields;
 * 2. `action` rules of the event ('change' only those of `changedField`) apply their setField effects;
 * 3. `computedValue` rules, until stable;
 * 4. visibility, required-ness, then errors (§5 field rules and `validation` rules) over the final values.
 */
export async function evaluateComponentRules(
  component: RuleComponent,
  values: Record<string, unknown>,
  event: FormRuleEvent,
  changedField?: string,
  options: FormRuleOptions = {},
): Promise<FormRulesResult> {
  const tables =
    options.tables ?? (component.referenceTables && referenceTableSource(component.referenceTables));
  const run = new RuleRun(component, values, tables ? { ...options, tables } : options);
  const isNew = options.isNew ?? isEmptyFieldValue(values.ID);
  if (event === 'load' && isNew) await applyDefaults(run, component);
  await applyActions(run, component, event, changedField);
  await applyComputedValues(run, component);
  const visibility = await visibilityOf(run, component);
  const { required, later: requiredLater } = await requiredOf(run, component, visibility, {
    draft: options.draft === true,
  });
  const errors = await errorsOf(run, component, visibility, required);
  return { values: run.values, visibility, required, requiredLater, errors, ruleFailures: run.failures };
}

/** evaluateComponentRules for a component of an application definition (by id); throws when it is absent. */
export function evaluateFormRules(
  definition: {
    components: ReadonlyArray<RuleComponent & { id: number }>;
    referenceTables?: RuleComponent['referenceTables'];
  },
  componentId: number,
  values: Record<string, unknown>,
  event: FormRuleEvent,
  changedField?: string,
  options: FormRuleOptions = {},
): Promise<FormRulesResult> {
  const component = definition.components.find((candidate) => candidate.id === componentId);
  if (!component) throw new Error(`component ${componentId} is not in the definition`);
  const tables = options.tables ?? referenceTableSource(definition.referenceTables ?? []);
  return evaluateComponentRules(component, values, event, changedField, { ...options, tables });
}
