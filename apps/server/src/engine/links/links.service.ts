import {
  type ExecuteWindowCallResultFunctionBody,
  evaluateComponentRules,
  type FormRulesResult,
  type FormState,
  type ImageNameResult,
  type ItemLinksResult,
} from '@der/contracts';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { findComponent } from '../definitions/components.repo.ts';
import { referenceTablesLoader } from '../definitions/reference-tables.repo.ts';
import { listFileMetas, toStoredFile } from '../files/files.repo.ts';
import { visibleItem } from '../forms/form-items.ts';
import { writableComponentOrThrow } from '../items/application-grant.ts';
import type { ItemActor } from '../items/create-items.ts';
import { validationError } from '../items/item-changes.ts';
import { createChildItems } from './child-items.ts';
import { defaultValueFromQuery } from './default-value-query.ts';
import { loadItemLinks } from './item-links.ts';
import { createManyToMany } from './many-to-many.ts';

/** Keys a dialog may return besides the configured fields. */
const WINDOW_RESULT_SYSTEM_KEYS = new Set(['Title']);

function stateOf(result: FormRulesResult): FormState {
  return {
    values: result.values,
    visibility: result.visibility,
    required: result.required,
    errors: result.errors,
  };
}

/** Spec §7.6 linked data (many-to-many, one-to-many, timeline, free links) and the remaining form calls. */
export function createLinksService(deps: { db: Db; now: () => Date }) {
  const { db } = deps;
  const manyToMany = createManyToMany(deps);
  const children = createChildItems(deps);
  return {
    loadManyToManyComboData: manyToMany.comboData,
    loadManyToManyFormData: manyToMany.formData,
    refreshManyToManyItems: manyToMany.refresh,
    loadOneToManyFormData: children.oneToMany,
    loadOneToManyTimelineFormData: children.timeline,
    loadItemLinksFormData: (actor: ItemActor, itemId: number): Promise<ItemLinksResult> =>
      loadItemLinks(db, actor, itemId),
    getDefaultValueQuery: (
      actor: ItemActor,
      query: { componentId: number; field: string; queryId: number },
    ) => defaultValueFromQuery(db, actor, query),

    /**
     * Spec §7.6 executeWindowCallResultFunction: the dialog's values (configured, non-deprecated fields or
     * Title; any other key answers 400 naming `result.<key>`) are applied to the form's values, then the rules
     * run once per returned field as a 'change' of it — the same evaluator the browser and saveItem use.
     */
    async executeWindowCallResultFunction(
      actor: ItemActor,
      body: ExecuteWindowCallResultFunctionBody,
    ): Promise<FormState> {
      const component = await writableComponentOrThrow(db, actor, body.componentId);
      const known = new Set([
        ...component.fields.filter((field) => !field.deprecated).map((field) => field.key),
        ...WINDOW_RESULT_SYSTEM_KEYS,
      ]);
      const unknown = Object.keys(body.result).filter((key) => !known.has(key));
      if (unknown.length > 0)
        throw validationError(
          unknown.map((key) => ({ field: `result.${key}`, message: 'unknownField' as const })),
          actor.language,
        );
      const options = {
        now: deps.now(),
        isNew: body.isNew ?? true,
        tables: referenceTablesLoader(db, component.id),
      };
      let values: Record<string, unknown> = { ...body.values, ...body.result };
      const changed = Object.keys(body.result);
      let result = await evaluateComponentRules(component, values, 'change', changed[0], options);
      for (const key of changed.slice(1)) {
        values = result.values;
        result = await evaluateComponentRules(component, values, 'change', key, options);
      }
      return stateOf(result);
    },

    /**
     * Spec §7.6 getImageName: the stored files of a BINARY field of a visible item (404 otherwise; 400 naming
     * 'field' when it is not one), in the field's order; `fileName` is the first one's (the image shown).
     */
    async getImageName(actor: ItemActor, query: { itemId: number; field: string }): Promise<ImageNameResult> {
      const { item } = await visibleItem(db, actor, query.itemId);
      const component = await findComponent(db, item.componentId);
      if (!component) throw new AppError('NOT_FOUND');
      const field = component.definition.fields.find((candidate) => candidate.key === query.field);
      if (field?.type !== 'BINARY')
        throw validationError([{ field: 'field', message: 'invalidValue' }], actor.language);
      const stored = item.data[field.key];
      const fileIds = (Array.isArray(stored) ? stored : []).filter(
        (id): id is number => Number.isSafeInteger(id) && (id as number) > 0,
      );
      const files = (await listFileMetas(db, fileIds)).map(toStoredFile);
      return { fileIds, fileName: files[0]?.name ?? null, files };
    },
  };
}
export type LinksService = ReturnType<typeof createLinksService>;
