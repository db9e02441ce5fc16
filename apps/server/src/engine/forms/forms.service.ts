import {
  type AttributeChangesResult,
  type ChangesSinceCorrectionResult,
  type ComponentDefinition,
  type ExecuteFormBusinessRuleBody,
  evaluateComponentRules,
  type FormDefinition,
  type FormItem,
  type FormRulesResult,
  type FormState,
  type FormView,
  type HistoryResult,
  type RuleComponent,
  referencedTableKeys,
  type SaveItemBody,
  type SaveItemResult,
  type ShowHideFieldBody,
  type ShowHideFieldResult,
  SYSTEM_FIELD_KEYS,
} from '@der/contracts';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { referenceTablesLoader, referenceTablesOfComponent } from '../definitions/reference-tables.repo.ts';
import { accountStartValues } from '../items/account-values.ts';
import { grantedComponentOrThrow, writableComponentOrThrow } from '../items/application-grant.ts';
import { canEditWith, isExternalActor, readOnlyFieldsOf } from '../items/field-permissions.ts';
import { restrictedFieldsOf } from '../items/field-read-permissions.ts';
import { validationError } from '../items/item-changes.ts';
import { type ItemActor, toWriteResult } from '../items/items.service.ts';
import { type ItemSavedHook, saveItem as saveOneItem } from '../items/save-item.ts';
import { changesSinceCorrection } from './changes-since-correction.ts';
import { hiddenFieldsOf, setFieldVisibility } from './field-visibility.ts';
import { buildFormView, editableKeys, findForm, refusalOf } from './form-definition.ts';
import { attributeChanges, itemHistory } from './form-history.ts';
import { toFormItem, visibleItem } from './form-items.ts';

function stateOf(result: FormRulesResult): FormState {
  return {
    values: result.values,
    visibility: result.visibility,
    required: result.required,
    errors: result.errors,
  };
}

/** A component of a current definition whose application the actor was granted (404 otherwise). */
function activeComponentOrThrow(db: Db, actor: ItemActor, componentId: number): Promise<ComponentDefinition> {
  return writableComponentOrThrow(db, actor, componentId);
}

/** Any definition the component ever had (history of a removed component stays readable), if granted. */
async function anyComponentOrThrow(
  db: Db,
  actor: ItemActor,
  componentId: number,
): Promise<ComponentDefinition> {
  return (await grantedComponentOrThrow(db, actor, componentId, { active: false })).definition;
}

function formOrThrow(component: ComponentDefinition, formId: number): FormDefinition {
  const form = findForm(component, formId);
  if (!form) throw new AppError('NOT_FOUND');
  return form;
}

export type { ItemSavedHook };

export function createFormsService(deps: { db: Db; now: () => Date; onItemSaved?: ItemSavedHook }) {
  const { db } = deps;

  // A new item starts with the signed-in account's values (the requerente's own name and CPF/CNPJ).
  const initialState = async (component: ComponentDefinition, actor: ItemActor): Promise<FormState> =>
    stateOf(
      await evaluateComponentRules(
        component,
        await accountStartValues(db, actor, component),
        'load',
        undefined,
        {
          now: deps.now(),
          isNew: true,
          tables: referenceTablesLoader(db, component.id),
        },
      ),
    );

  return {
    async getForm(
      actor: ItemActor,
      query: { componentId: number; formId: number; projectId?: number | undefined },
    ): Promise<FormView> {
      const component = await activeComponentOrThrow(db, actor, query.componentId);
      const view = buildFormView(component, formOrThrow(component, query.formId), actor.language);
      const scope = { userId: actor.userId, componentId: component.id, projectId: query.projectId ?? 0 };
      // Department fields are read-only for external users whatever the item's status (what depends on the
      // status comes with the item: FormItem.readOnlyFields).
      const external = isExternalActor(actor);
      const departmentOnly = new Set(
        component.fields.filter((field) => field.departmentOnly).map((field) => field.key),
      );
      const fields = view.fields.map((field) =>
        external && departmentOnly.has(field.key) ? { ...field, readOnly: true } : field,
      );
      // The browser runs the same rules: it gets the reference tables they (and the indicators) read, no other.
      const used = referencedTableKeys(component);
      const referenceTables =
        used.size === 0
          ? []
          : (await referenceTablesOfComponent(db, component.id)).filter((table) => used.has(table.key));
      return {
        ...view,
        fields,
        rules: { ...view.rules, referenceTables },
        hiddenFields: await hiddenFieldsOf(db, scope),
      };
    },

    /** Spec §7.6 showHideField: the field must be one of the component's (configured or system), else 400. */
    async showHideField(actor: ItemActor, body: ShowHideFieldBody): Promise<ShowHideFieldResult> {
      const component = await activeComponentOrThrow(db, actor, body.componentid);
      const known =
        component.fields.some((field) => field.key === body.field) ||
        (SYSTEM_FIELD_KEYS as readonly string[]).includes(body.field);
      if (!known) throw validationError([{ field: 'field', message: 'unknownField' }], actor.language);
      const scope = { userId: actor.userId, componentId: component.id, projectId: body.projectId ?? 0 };
      await setFieldVisibility(db, { ...scope, field: body.field, isVisible: body.isVisible }, deps.now());
      return { field: body.field, isVisible: body.isVisible, hiddenFields: await hiddenFieldsOf(db, scope) };
    },

    async getFormInitialData(actor: ItemActor, componentId: number, formId: number): Promise<FormState> {
      const component = await activeComponentOrThrow(db, actor, componentId);
      formOrThrow(component, formId);
      return initialState(component, actor);
    },

    /**
     * Spec §7.6 saveItem: the form's allowed keys (400 naming any other), then the one save (save-item.ts) with
     * the form's values — access (404, 403 with the §6 text), version (409 naming who changed what), field
     * permissions, the business rules, values and references, the write and the followers hook, in one
     * transaction. Answers the item as the form shows it again, with the fields now read-only for this user.
     */
    async saveItem(actor: ItemActor, body: SaveItemBody): Promise<SaveItemResult> {
      const now = deps.now();
      const { component, row, readOnly, restricted } = await db.transaction(async (tx) => {
        const component = await activeComponentOrThrow(tx, actor, body.componentId);
        const form = formOrThrow(component, body.formId);
        const editable = editableKeys(component, form);
        const refused = Object.keys(body.values).flatMap((key) => {
          const message = refusalOf(key, component, editable);
          return message ? [{ field: key, message }] : [];
        });
        if (refused.length > 0) throw validationError(refused, actor.language);
        const saved = await saveOneItem(
          tx,
          actor,
          {
            componentId: component.id,
            ...(body.itemId === undefined ? {} : { itemId: body.itemId, version: body.version ?? 0 }),
            changes: body.values,
            create: { projectId: body.projectId || null, parentId: body.parentId ?? null },
          },
          { now, component, onItemSaved: deps.onItemSaved },
        );
        return {
          component,
          row: saved.row,
          readOnly: await readOnlyFieldsOf(tx, actor, component, saved.row),
          restricted: await restrictedFieldsOf(tx, actor, component, saved.row),
        };
      });
      return {
        saved: toWriteResult(row),
        item: toFormItem(row, canEditWith(component, true, readOnly), readOnly, restricted, actor.userId),
        ...(body.saveAndClear ? { next: await initialState(component, actor) } : {}),
      };
    },

    async refreshItem(actor: ItemActor, itemId: number, componentId: number): Promise<FormItem> {
      const component = await anyComponentOrThrow(db, actor, componentId);
      const { item, writable } = await visibleItem(db, actor, itemId, componentId);
      const readOnly = await readOnlyFieldsOf(db, actor, component, item);
      const restricted = await restrictedFieldsOf(db, actor, component, item);
      return toFormItem(item, canEditWith(component, writable, readOnly), readOnly, restricted, actor.userId);
    },

    /**
     * Spec §7.6 executeFormBusinessRule: the server's evaluation of a form event (the authority the browser
     * mirrors). With `ruleId`, a button's runRule: that action rule runs whatever its trigger.
     */
    async executeFormBusinessRule(actor: ItemActor, body: ExecuteFormBusinessRuleBody): Promise<FormState> {
      const component = await activeComponentOrThrow(db, actor, body.componentId);
      const options = {
        now: deps.now(),
        isNew: body.isNew ?? true,
        tables: referenceTablesLoader(db, component.id),
      };
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
      const component = await anyComponentOrThrow(db, actor, item.componentId);
      const restricted = await restrictedFieldsOf(db, actor, component, item);
      return { versions: await itemHistory(db, component, item.id, actor.language, full, restricted) };
    },

    /** Issue 20: the creator's changes since the last request for correction (changes-since-correction.ts). */
    async getChangesSinceCorrection(actor: ItemActor, itemId: number): Promise<ChangesSinceCorrectionResult> {
      const { item } = await visibleItem(db, actor, itemId);
      const component = await anyComponentOrThrow(db, actor, item.componentId);
      const restricted = await restrictedFieldsOf(db, actor, component, item);
      return {
        ...(await changesSinceCorrection(db, component, item, actor.language, restricted)),
        readerIsStaff: !isExternalActor(actor),
      };
    },

    async getAttributeChanges(
      actor: ItemActor,
      query: { itemId: number; componentId: number; currentVersion: number; previousVersion: number },
    ): Promise<AttributeChangesResult> {
      const component = await anyComponentOrThrow(db, actor, query.componentId);
      const { item } = await visibleItem(db, actor, query.itemId, query.componentId);
      return {
        changes: await attributeChanges(
          db,
          component,
          item.id,
          { current: query.currentVersion, previous: query.previousVersion },
          actor.language,
          await restrictedFieldsOf(db, actor, component, item),
        ),
      };
    },
  };
}
export type FormsService = ReturnType<typeof createFormsService>;
