import { type ComponentDefinition, type FieldDefinition, matchesFormattedIdPattern } from '@der/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { deadlineOnEntering, slaOf } from '../deadlines/item-deadline.ts';
import { initialStatusOf } from '../definitions/components.repo.ts';
import { referenceTablesLoader } from '../definitions/reference-tables.repo.ts';
import { fileRuleIssues } from '../files/accepted-file-types.ts';
import { valuesOfItem } from '../forms/form-items.ts';
import { parentItemCondition } from '../query/item-visibility.ts';
import { type ItemWorkCalendars, itemWorkCalendars } from '../work-calendars/item-work-calendars.ts';
import { checkTransition, type Transition, type TransitionRequest } from '../workflow/item-transition.ts';
import { runTransitionEffects } from '../workflow/transition-effects.ts';
import { bindAccountIdentity } from './account-values.ts';
import { writableComponentOrThrow } from './application-grant.ts';
import { type CreateItemInput, type ItemActor, startItemCreation } from './create-items.ts';
import { actionOnlyFieldIssues, readOnlyFieldIssues, readOnlyFieldsOf } from './field-permissions.ts';
import { formattedIdBlock } from './formatted-id.ts';
import { type CheckedChanges, checkChanges } from './item-changes.ts';
import { invalidReferenceFields } from './item-references.ts';
import { applyDataChanges, diffItem, updateItemWithVersion } from './item-versions.ts';
import { type ItemData, type RuntimeItemRow, runtimeItems } from './items.table.ts';
import { type LockedItem, lockItemForSave } from './locked-item.ts';
import { referencedItemsLoader } from './referenced-items.ts';
import { refusalOfIssue, SaveRefusedError } from './save-refusals.ts';
import { runSaveRules } from './save-rules.ts';
import { saveStageOf } from './save-stage.ts';
import { duplicateValueIssues } from './unique-values.ts';
import { versionConflictError } from './version-conflict.ts';

/**
 * Runs inside the save's transaction after the write (the followers' messages): a failure rolls the save back,
 * and a save that rolls back tells nobody. Called for a new item, and for a changed one that someone other
 * than the actor follows (read with the item's lock): an item nobody else follows has no one to tell.
 */
export type ItemSavedHook = (
  tx: Db,
  actor: ItemActor,
  item: RuntimeItemRow,
  created: boolean,
) => Promise<void>;

/** One item's save: a new item (no `itemId`) or the changes of a stored one at the version the writer holds. */
export interface SaveItemRequest {
  componentId: number;
  /** Absent: a new item. */
  itemId?: number;
  /** The version the writer holds (update): another one answers 409 ITEM_VERSION_CONFLICT, nothing written. */
  version?: number;
  /** Values by field key (and Title, Position): what the writer changes. */
  changes: Record<string, unknown>;
  /** A new item: its project, parent, status (default: the workflow's initial one), responsible, reason. */
  create?: Omit<CreateItemInput, 'componentId' | 'data' | 'title' | 'position'>;
  /** A workflow action run in the same save (engine/workflow/item-transition.ts). */
  transition?: TransitionRequest;
  /**
   * A stored item's new parent (null: none), e.g. a repository file moved to another folder: it must be an item
   * the actor may see, as for a new item's parent (refused naming `parentId` otherwise). Absent: unchanged.
   */
  parentId?: number | null;
}

/** What the save did: the row as stored now, the transition it applied, and whether anything was written. */
export interface SavedItem {
  row: RuntimeItemRow;
  transition: Transition | null;
  created: boolean;
  /** False when nothing differed: no new version was written (the writer's version stays current). */
  changed: boolean;
}

export interface SaveContext {
  now: Date;
  /** The component when the writer loaded it through grantedComponentOrThrow already (bulk writers load it once). */
  component?: ComponentDefinition;
  /** Put before each refused field's name (`items.3.` in a bulk update). */
  prefix?: string;
  /** After-save hook of the writer's app (the followers' messages). */
  onItemSaved?: ItemSavedHook | undefined;
  /**
   * The item as lockItemsForSave read and locked it earlier in this transaction for this actor and component
   * (a bulk chunk reads its items in one statement), when no write since can have changed it; otherwise the
   * save reads it itself.
   */
  locked?: LockedItem | undefined;
  /**
   * Where the deadlines of a status change count (the item's project's calendar): a bulk writer passes one for
   * all its saves, so that each project's calendar is read once; otherwise each save makes its own.
   */
  workCalendars?: ItemWorkCalendars | undefined;
}

/** Reference kinds whose values an item may keep once chosen, though no longer valid as a new choice. */
const KEPT_ONCE_HELD = new Set<FieldDefinition['type']>(['BINARY', 'ORGANIZATIONAL_STRUCTURE']);

/**
 * The values whose references a save must check: of files and organisational units only the ones the item does
 * not hold yet (a new file must be the actor's own upload, a new unit an active one); the ones it has stay
 * without a lookup — its files, a unit deactivated since it was chosen.
 */
function newReferences(item: RuntimeItemRow, fields: CheckedChanges['fields']): CheckedChanges['fields'] {
  return fields.map((entry) => {
    if (!KEPT_ONCE_HELD.has(entry.field.type) || entry.value === null) return entry;
    const stored = item.data[entry.field.key];
    const held = new Set(Array.isArray(stored) ? stored : stored === undefined ? [] : [stored]);
    if (Array.isArray(entry.value)) return { ...entry, value: entry.value.filter((id) => !held.has(id)) };
    return held.has(entry.value) ? { ...entry, value: null } : entry;
  });
}

/**
 * THE save of an item: every writer (form save, updateItemField, bulkUpdateItems, operation effects, workflow
 * actions; the Excel import through createItems, the same steps a slice at a time) goes through it, inside the
 * caller's transaction, in this order: the component (granted application, current definition) loaded once;
 * the item locked; access (item visibility, write right; for a new item its project and parent); the version
 * (409 naming who changed what since); field write permission by role and status (field-permissions.ts); the
 * component's business rules ('load' defaults for a new item, 'beforeSave'); the transition (the action's
 * checks; its setField values join the changes — they are the action's, not subject to the write permission);
 * values and references; the write with its version row (responsible and group from the transition); then the
 * after-save effects in the same transaction (the followers hook, the transition's effects). Refusals throw
 * SaveRefusedError (400, their fields named with `context.prefix`); 404, 403 and 409 are errors.
 */
export async function saveItem(
  tx: Db,
  actor: ItemActor,
  request: SaveItemRequest,
  context: SaveContext,
): Promise<SavedItem> {
  const component = context.component ?? (await writableComponentOrThrow(tx, actor, request.componentId));
  if (request.itemId === undefined) return createOne(tx, actor, component, request, context);

  const { now } = context;
  const prefix = context.prefix ?? '';
  const current =
    context.locked?.item.id === request.itemId
      ? context.locked
      : await lockItemForSave(tx, actor, component.id, request.itemId);
  // Not visible and not existing answer alike: the id tells nothing.
  if (!current) throw new AppError('NOT_FOUND');
  // SQL three-valued logic: a null responsible makes the predicate null, not false.
  if (current.writable !== true) throw new AppError('ITEM_EDIT_FORBIDDEN');
  const item = current.item;
  if (request.version !== undefined && item.version !== request.version)
    throw await versionConflictError(tx, item, actor.language, {
      component,
      loadedVersion: request.version,
    });

  const before = valuesOfItem(item);
  const identity = await bindAccountIdentity(tx, actor, component, request.changes, false);
  if (identity.issues.length > 0)
    throw new SaveRefusedError(
      identity.issues.map((issue) => refusalOfIssue(issue, actor.language)),
      prefix,
    );
  const readOnly = await readOnlyFieldsOf(tx, actor, component, item);
  const forbidden = [
    ...readOnlyFieldIssues(readOnly, request.changes, before, component.fields),
    ...actionOnlyFieldIssues(component, item, request.changes, before, request.transition?.action),
  ];
  if (forbidden.length > 0)
    throw new SaveRefusedError(
      forbidden.map((issue) => refusalOfIssue(issue, actor.language)),
      prefix,
    );

  // A draft stays savable half-filled; the action leaving it (sending) needs every required value.
  const stage = saveStageOf(component, item.status, request.transition);
  const ruled = await runSaveRules(component, before, request.changes, {
    ...stage,
    now,
    isNew: false,
    language: actor.language,
    tables: referenceTablesLoader(tx, component.id),
    referencedItems: referencedItemsLoader(tx, actor),
  });
  if (ruled.refusals.length > 0) throw new SaveRefusedError(ruled.refusals, prefix);

  const transition = request.transition
    ? await checkTransition(tx, actor, component, item, request.transition, now, {
        approvalsOpen: current.approvalsOpen,
      })
    : null;
  const checked = checkChanges(component, { ...ruled.changes, ...transition?.setFields }, 'update', stage);
  if (checked.issues.length > 0)
    throw new SaveRefusedError(
      checked.issues.map((issue) => refusalOfIssue(issue, actor.language)),
      prefix,
    );
  const duplicates = await duplicateValueIssues(tx, component, [
    { itemId: item.id, creatorId: item.creatorId, data: checked.data },
  ]);
  if (duplicates.length > 0)
    throw new SaveRefusedError(
      duplicates.map(({ issue }) => refusalOfIssue(issue, actor.language)),
      prefix,
    );
  const added = newReferences(item, checked.fields);
  const invalid = await invalidReferenceFields(tx, actor, added);
  if (invalid.length > 0)
    throw new SaveRefusedError(
      invalid.map((field) => refusalOfIssue({ field: field.key, message: 'invalidValue' }, actor.language)),
      prefix,
    );
  const fileIssues = await fileRuleIssues(tx, component, checked.fields, added);
  if (fileIssues.length > 0)
    throw new SaveRefusedError(
      fileIssues.map((issue) => refusalOfIssue(issue, actor.language)),
      prefix,
    );

  const after = {
    data: applyDataChanges(item.data, checked.data),
    title: checked.title ?? item.title,
    position: checked.position ?? item.position,
  };
  const changes = diffItem(item, after);
  const status = transition?.to ?? item.status;
  const reason = transition ? transition.reason : item.reason;
  const responsibleId =
    transition?.responsibleId !== undefined ? transition.responsibleId : item.responsibleId;
  const responsibleGroupId =
    transition?.responsibleGroupId !== undefined ? transition.responsibleGroupId : item.responsibleGroupId;
  if (status !== item.status) changes.StatusName = { from: item.status, to: status };
  const formattedId = await formattedIdOnLeavingDraft(tx, component, item, status, now);
  if (formattedId !== item.formattedId) changes.FormattedId = { from: item.formattedId, to: formattedId };
  if (reason !== item.reason) changes.Reason = { from: item.reason, to: reason };
  if (responsibleId !== item.responsibleId)
    changes.ResponsibleName = { from: item.responsibleId, to: responsibleId };
  if (responsibleGroupId !== item.responsibleGroupId)
    changes.ResponsibleGroup = { from: item.responsibleGroupId, to: responsibleGroupId };

  const parentId = request.parentId !== undefined ? request.parentId : item.parentId;
  if (parentId !== item.parentId) {
    if (parentId !== null && !(await isPossibleParent(tx, actor, parentId)))
      throw new SaveRefusedError(
        [refusalOfIssue({ field: 'parentId', message: 'invalidValue' }, actor.language)],
        prefix,
      );
    changes.Parent = { from: item.parentId, to: parentId };
  }

  let row = item;
  // Nothing differs: no new version (the writer's version stays current).
  if (Object.keys(changes).length > 0) {
    // Entering a status gives the item that status's deadline, or none (engine/deadlines), on its project's calendar.
    const deadline =
      status !== item.status
        ? deadlineOnEntering(
            component,
            status,
            now,
            slaOf(component, status)
              ? await (context.workCalendars ?? itemWorkCalendars(tx)).of(component, {
                  projectId: item.projectId,
                  data: after.data,
                })
              : undefined,
          )
        : {};
    row = await updateItemWithVersion(
      tx,
      item,
      {
        data: after.data as ItemData,
        title: after.title,
        position: after.position,
        parentId,
        formattedId,
        status,
        reason,
        responsibleId,
        responsibleGroupId,
        modifierId: actor.userId,
        modifiedAt: now,
        version: item.version + 1,
        ...deadline,
      },
      changes,
    );
    if (current.othersFollow) await context.onItemSaved?.(tx, actor, row, false);
  }
  // An action that only recorded an approval (F's pendingApprovals) still runs its effects runner: it decides.
  if (transition) await runTransitionEffects(tx, actor, component, row, transition, now, saveItem);
  return { row, transition, created: false, changed: row !== item };
}

/**
 * The item's ID after the save: a draft ID (component.draftFormattedIdPattern) gives way to the final one — a
 * request's protocol number — when the item first leaves the initial status, in the same transaction.
 */
async function formattedIdOnLeavingDraft(
  tx: Db,
  component: ComponentDefinition,
  item: RuntimeItemRow,
  status: string | null,
  now: Date,
): Promise<string> {
  const draftPattern = component.draftFormattedIdPattern;
  if (draftPattern === undefined || status === item.status || item.status !== initialStatusOf(component))
    return item.formattedId;
  if (!matchesFormattedIdPattern(draftPattern, item.formattedId)) return item.formattedId;
  const [formattedId] = await formattedIdBlock(tx, component, now, 1).take(1);
  return formattedId!;
}

/** Whether the actor may hang an item on this parent (visible to them; a writable folder where access is restricted). */
async function isPossibleParent(tx: Db, actor: ItemActor, itemId: number): Promise<boolean> {
  const [found] = await tx
    .select({ id: runtimeItems.id })
    .from(runtimeItems)
    .where(and(eq(runtimeItems.id, itemId), parentItemCondition(actor)))
    .limit(1);
  return found !== undefined;
}

/** A new item through the creation of createItems (the same steps, for one input). */
async function createOne(
  tx: Db,
  actor: ItemActor,
  component: ComponentDefinition,
  request: SaveItemRequest,
  context: SaveContext,
): Promise<SavedItem> {
  if (request.transition) throw new Error('saveItem: a workflow action runs on a stored item');
  const { Title: title, Position: position, ...data } = request.changes;
  const creation = await startItemCreation(tx, actor, component.id, context.now, 1, {
    component,
    prefix: context.prefix ?? '',
  });
  await creation.add([
    {
      ...request.create,
      componentId: component.id,
      ...(title !== undefined ? { title: title as string } : {}),
      ...(position !== undefined ? { position: position as number } : {}),
      data,
    },
  ]);
  const [row] = await creation.finish();
  await context.onItemSaved?.(tx, actor, row!, true);
  return { row: row!, transition: null, created: true, changed: true };
}
