import {
  type AttributeChangesResult,
  type ComponentDefinition,
  type ExecuteFormBusinessRuleBody,
  evaluateComponentRules,
  type FormDefinition,
  type FormItem,
  type FormRulesResult,
  type FormState,
  type FormView,
  type HistoryResult,
  type Language,
  type RuleComponent,
  type SaveItemBody,
  type SaveItemResult,
  type ShowHideFieldBody,
  type ShowHideFieldResult,
  SYSTEM_FIELD_KEYS,
} from '@der/contracts';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError, errorWithParams } from '../../infra/http/app-error.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import { findActiveComponent, findComponent } from '../definitions/components.repo.ts';
import { formatConflictInstant } from '../items/conflict-time.ts';
import { validationError } from '../items/item-changes.ts';
import { createItem, type ItemActor, toWriteResult, updateItem } from '../items/items.service.ts';
import { type RuntimeItemRow, runtimeItemVersions } from '../items/items.table.ts';
import { hiddenFieldsOf, setFieldVisibility } from './field-visibility.ts';
import { buildFormView, editableKeys, fieldLabel, findForm, refusalOf } from './form-definition.ts';
import { attributeChanges, itemHistory } from './form-history.ts';
import { toFormItem, valuesOfItem, visibleItem } from './form-items.ts';

/** Saving keys besides the configured fields: rules may set the title (e.g. a beforeSave action). */
const SAVED_SYSTEM_KEYS = new Set(['Title']);

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function stateOf(result: FormRulesResult): FormState {
  return {
    values: result.values,
    visibility: result.visibility,
    required: result.required,
    errors: result.errors,
  };
}

/** 400 naming each field a rule refused, the message in the request language. */
function ruleErrors(result: FormRulesResult, language: Language): AppError {
  return new AppError(
    'VALIDATION_FAILED',
    result.errors.map((error) => ({ field: error.field, message: error.message[language] })),
  );
}

async function activeComponentOrThrow(db: Db, componentId: number): Promise<ComponentDefinition> {
  const component = await findActiveComponent(db, componentId);
  if (!component) throw new AppError('NOT_FOUND');
  return component;
}

/** Any definition the component ever had (history of a removed component stays readable). */
async function anyComponentOrThrow(db: Db, componentId: number): Promise<ComponentDefinition> {
  const row = await findComponent(db, componentId);
  if (!row) throw new AppError('NOT_FOUND');
  return row.definition;
}

function formOrThrow(component: ComponentDefinition, formId: number): FormDefinition {
  const form = findForm(component, formId);
  if (!form) throw new AppError('NOT_FOUND');
  return form;
}

/**
 * 409 ITEM_VERSION_CONFLICT saying who saved the item last and when, and (params.fields) which fields changed
 * since the version the form loaded, so the user knows what reloading brings.
 */
async function versionConflict(
  db: Db,
  component: ComponentDefinition,
  item: RuntimeItemRow,
  loadedVersion: number,
  language: Language,
): Promise<AppError> {
  const [modifier] =
    item.modifierId === null
      ? []
      : await db.select({ name: users.name }).from(users).where(eq(users.id, item.modifierId));
  const newer = await db
    .select({ changes: runtimeItemVersions.changes })
    .from(runtimeItemVersions)
    .where(and(eq(runtimeItemVersions.itemId, item.id), gt(runtimeItemVersions.version, loadedVersion)));
  const keys = [...new Set(newer.flatMap((row) => Object.keys(row.changes)))];
  return errorWithParams('ITEM_VERSION_CONFLICT', {
    name: modifier?.name ?? (language === 'en' ? 'another user' : 'outro usuário'),
    when: formatConflictInstant(item.modifiedAt, language),
    version: String(item.version),
    fields: keys.map((key) => fieldLabel(component, key, language)).join(', '),
  });
}

/** The keys a save writes: what the form sent, and what the rules changed (computed values, effects). */
function changesToWrite(
  component: ComponentDefinition,
  sent: Record<string, unknown>,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, unknown> {
  const writable = new Set([
    ...component.fields.filter((field) => !field.deprecated).map((field) => field.key),
    ...SAVED_SYSTEM_KEYS,
  ]);
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (!writable.has(key)) continue;
    if (Object.hasOwn(sent, key) || !sameValue(value, before[key])) changes[key] = value ?? null;
  }
  return changes;
}

/**
 * Runs inside saveItem's transaction after the write (the followers' messages): a failure rolls the save back,
 * and a save that rolls back sends nothing.
 */
export type ItemSavedHook = (
  tx: Db,
  actor: ItemActor,
  item: RuntimeItemRow,
  created: boolean,
) => Promise<void>;

export function createFormsService(deps: { db: Db; now: () => Date; onItemSaved?: ItemSavedHook }) {
  const { db } = deps;

  const initialState = async (component: RuleComponent): Promise<FormState> =>
    stateOf(await evaluateComponentRules(component, {}, 'load', undefined, { now: deps.now(), isNew: true }));

  return {
    async getForm(
      actor: ItemActor,
      query: { componentId: number; formId: number; projectId?: number | undefined },
    ): Promise<FormView> {
      const component = await activeComponentOrThrow(db, query.componentId);
      const view = buildFormView(component, formOrThrow(component, query.formId), actor.language);
      const scope = { userId: actor.userId, componentId: component.id, projectId: query.projectId ?? 0 };
      return { ...view, hiddenFields: await hiddenFieldsOf(db, scope) };
    },

    /** Spec §7.6 showHideField: the field must be one of the component's (configured or system), else 400. */
    async showHideField(actor: ItemActor, body: ShowHideFieldBody): Promise<ShowHideFieldResult> {
      const component = await activeComponentOrThrow(db, body.componentid);
      const known =
        component.fields.some((field) => field.key === body.field) ||
        (SYSTEM_FIELD_KEYS as readonly string[]).includes(body.field);
      if (!known) throw validationError([{ field: 'field', message: 'unknownField' }], actor.language);
      const scope = { userId: actor.userId, componentId: component.id, projectId: body.projectId ?? 0 };
      await setFieldVisibility(db, { ...scope, field: body.field, isVisible: body.isVisible }, deps.now());
      return { field: body.field, isVisible: body.isVisible, hiddenFields: await hiddenFieldsOf(db, scope) };
    },

    async getFormInitialData(componentId: number, formId: number): Promise<FormState> {
      const component = await activeComponentOrThrow(db, componentId);
      formOrThrow(component, formId);
      return initialState(component);
    },

    /**
     * Spec §7.6 saveItem. In order: the form's allowed keys (400 naming any other), the item's access (404,
     * 403 with the §6 text) and version (409 naming who changed what), then the business rules on the server
     * over the stored values with the form's applied — defaults for a new item, 'beforeSave' actions and
     * computed values — whose errors answer 400 per field; finally the write side's own checks and version row.
     */
    async saveItem(actor: ItemActor, body: SaveItemBody): Promise<SaveItemResult> {
      const component = await activeComponentOrThrow(db, body.componentId);
      const form = formOrThrow(component, body.formId);
      const editable = editableKeys(component, form);
      const refused = Object.keys(body.values).flatMap((key) => {
        const message = refusalOf(key, component, editable);
        return message ? [{ field: key, message }] : [];
      });
      if (refused.length > 0) throw validationError(refused, actor.language);

      const now = deps.now();
      let current: RuntimeItemRow | null = null;
      if (body.itemId !== undefined) {
        const found = await visibleItem(db, actor, body.itemId, component.id);
        if (!found.writable) throw new AppError('ITEM_EDIT_FORBIDDEN');
        if (found.item.version !== body.version)
          throw await versionConflict(db, component, found.item, body.version ?? 0, actor.language);
        current = found.item;
      }

      const before = current ? valuesOfItem(current) : {};
      let values: Record<string, unknown> = { ...before, ...body.values };
      if (!current)
        values = (await evaluateComponentRules(component, values, 'load', undefined, { now, isNew: true }))
          .values;
      const checked = await evaluateComponentRules(component, values, 'beforeSave', undefined, {
        now,
        isNew: !current,
      });
      if (checked.errors.length > 0) throw ruleErrors(checked, actor.language);

      const changes = changesToWrite(component, body.values, before, checked.values);
      const { Title: title, ...data } = changes;
      const row = await db.transaction(async (tx) => {
        const written = current
          ? await updateItem(
              tx,
              actor,
              { itemId: current.id, componentId: component.id, version: current.version, changes },
              now,
            )
          : await createItem(
              tx,
              actor,
              {
                componentId: component.id,
                projectId: body.projectId || null,
                parentId: body.parentId ?? null,
                ...(typeof title === 'string' ? { title } : {}),
                data,
              },
              now,
            );
        // A save that changed nothing keeps the version: nothing to tell anyone.
        if (!current || written.version !== current.version)
          await deps.onItemSaved?.(tx, actor, written, !current);
        return written;
      });
      return {
        saved: toWriteResult(row),
        item: toFormItem(row, true),
        ...(body.saveAndClear ? { next: await initialState(component) } : {}),
      };
    },

    async refreshItem(actor: ItemActor, itemId: number, componentId: number): Promise<FormItem> {
      const { item, writable } = await visibleItem(db, actor, itemId, componentId);
      return toFormItem(item, writable);
    },

    /**
     * Spec §7.6 executeFormBusinessRule: the server's evaluation of a form event (the authority the browser
     * mirrors). With `ruleId`, a button's runRule: that action rule runs whatever its trigger.
     */
    async executeFormBusinessRule(body: ExecuteFormBusinessRuleBody): Promise<FormState> {
      const component = await activeComponentOrThrow(db, body.componentId);
      const options = { now: deps.now(), isNew: body.isNew ?? true };
      if (body.ruleId === undefined)
        return stateOf(
          await evaluateComponentRules(component, body.values, body.event, body.changedField, options),
        );
      const rule = component.rules.find((candidate) => candidate.id === body.ruleId);
      if (rule?.kind !== 'action') throw new AppError('NOT_FOUND');
      // Only this action, triggered now; defaults are for the 'load' of a new item, not for a button.
      const only: RuleComponent = {
        fields: component.fields,
        rules: [
          ...component.rules.filter((candidate) => candidate.kind !== 'action'),
          { ...rule, trigger: { on: 'beforeSave' } },
        ],
      };
      return stateOf(
        await evaluateComponentRules(only, body.values, 'beforeSave', undefined, {
          ...options,
          isNew: false,
        }),
      );
    },

    async getHistory(actor: ItemActor, itemId: number, full: boolean): Promise<HistoryResult> {
      const { item } = await visibleItem(db, actor, itemId);
      const component = await anyComponentOrThrow(db, item.componentId);
      return { versions: await itemHistory(db, component, item.id, actor.language, full) };
    },

    async getAttributeChanges(
      actor: ItemActor,
      query: { itemId: number; componentId: number; currentVersion: number; previousVersion: number },
    ): Promise<AttributeChangesResult> {
      const { item } = await visibleItem(db, actor, query.itemId, query.componentId);
      const component = await anyComponentOrThrow(db, item.componentId);
      return {
        changes: await attributeChanges(
          db,
          component,
          item.id,
          { current: query.currentVersion, previous: query.previousVersion },
          actor.language,
        ),
      };
    },
  };
}
export type FormsService = ReturnType<typeof createFormsService>;
