import { setImmediate } from 'node:timers/promises';
import type { ComponentDefinition } from '@der/contracts';
import { and, inArray } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { startDeadlinesOfCreated } from '../deadlines/item-deadline.ts';
import { findActiveComponent, initialStatusOf } from '../definitions/components.repo.ts';
import { referenceTablesLoader } from '../definitions/reference-tables.repo.ts';
import { fileRuleIssues } from '../files/accepted-file-types.ts';
import { projectAccess } from '../projects/item-access.ts';
import { requestProjectIdOf } from '../projects/request-project.ts';
import { parentItemCondition } from '../query/item-visibility.ts';
import { itemWorkCalendars } from '../work-calendars/item-work-calendars.ts';
import { type AccountValues, bindAccountIdentity } from './account-values.ts';
import { writableComponentOrThrow } from './application-grant.ts';
import { INSERT_BATCH_ROWS, insertItemBatch, type NewItemRow, prepareItemBatch } from './bulk-insert.ts';
import { readOnlyFieldIssues, readOnlyFieldsOf } from './field-permissions.ts';
import { formattedIdBlock } from './formatted-id.ts';
import type { ItemActor } from './item-actor.ts';
import { type CheckedChanges, checkChanges, validationError } from './item-changes.ts';
import { referenceChecker } from './item-references.ts';
import { applyDataChanges } from './item-versions.ts';
import { type RuntimeItemRow, runtimeItems } from './items.table.ts';
import { referencedItemsLoader } from './referenced-items.ts';
import { refusalOfIssue, type SaveRefusal, SaveRefusedError } from './save-refusals.ts';
import { runSaveRules } from './save-rules.ts';
import { newItemStageOf } from './save-stage.ts';
import { duplicateValueIssues, hasUniqueFields } from './unique-values.ts';

export type { ItemActor };

/** A new item (saveItem, the seed, tests, the bench and the Excel import create items through this). */
export interface CreateItemInput {
  componentId: number;
  /** The project the item lives in (an item of an `isProject` component); none for project items. */
  projectId?: number | null;
  parentId?: number | null;
  title?: string;
  /** Default: the initial status of the component's workflow. */
  status?: string | null;
  responsibleId?: number | null;
  position?: number;
  reason?: string | null;
  /** Configured values by field key, checked like any save (required fields, types, references). */
  data?: Record<string, unknown>;
}

/**
 * Items of one component being created in one transaction, a slice at a time (see startItemCreation). `add`
 * checks a slice and, while every input so far is valid, starts writing it — the write runs while the caller
 * reads and checks the next slice; `finish` waits for the writes and throws the refusals of every input.
 */
export interface ItemCreation {
  add(inputs: readonly CreateItemInput[]): Promise<void>;
  /** The created rows in the order added; 400 VALIDATION_FAILED when any input was refused. */
  finish(): Promise<RuntimeItemRow[]>;
}

export async function activeComponentOrThrow(tx: Db, componentId: number): Promise<ComponentDefinition> {
  const component = await findActiveComponent(tx, componentId);
  if (!component) throw new AppError('NOT_FOUND');
  return component;
}

function changesOf(input: CreateItemInput): Record<string, unknown> {
  const changes: Record<string, unknown> = { ...(input.data ?? {}) };
  if (input.title !== undefined) changes.Title = input.title;
  if (input.position !== undefined) changes.Position = input.position;
  return changes;
}

/**
 * Starts creating items of a component in `tx`, which the caller rolls back when `finish` throws (so writes
 * of slices checked before a refused one are not kept). The steps of the one save (save-item.ts) for each
 * input: the component (granted application, current definition) loaded once; the projects items go into
 * (404 when not visible, 403 read-only) and the parents they hang on (refused when not visible) checked before
 * the first write; field write permission in the initial status; the component's rules ('load' defaults,
 * 'beforeSave'); values and references. Formatted IDs come from the pattern's per-year sequence, reserved as
 * one block (formattedIdBlock); rows and their version rows go in by bulk-insert.ts. The actor is the creator;
 * `now` the creation time. Refusals carry `row` (the input's index over every slice) when more than one input
 * was added, and `field` (the field key, after `options.prefix`).
 */
export async function startItemCreation(
  tx: Db,
  actor: ItemActor,
  componentId: number,
  now: Date,
  /** How many inputs will be added, when known or bounded: their formatted IDs are reserved at once. */
  expectedCount = 0,
  options: { component?: ComponentDefinition; prefix?: string } = {},
): Promise<ItemCreation> {
  const component = options.component ?? (await writableComponentOrThrow(tx, actor, componentId));
  // A component with draft IDs gives them to the items created as drafts (most are): those reserve the block.
  const hasDraftIds = component.draftFormattedIdPattern !== undefined;
  const finalIds = formattedIdBlock(tx, component, now, hasDraftIds ? 0 : expectedCount);
  const draftIds = hasDraftIds ? formattedIdBlock(tx, component, now, expectedCount, 'draft') : finalIds;
  // The inputs of one creation share the definition's reference tables ($table): read once, if at all.
  const tables = referenceTablesLoader(tx, component.id);
  const referencedItems = referencedItemsLoader(tx, actor);
  const initialStatus = initialStatusOf(component);
  // Where items created without a project land (portal requests reach the analysts); not access-checked.
  const landingProjectId = await requestProjectIdOf(tx, component);
  const common = { componentId, actorId: actor.userId, at: now };
  const refusals: SaveRefusal[] = [];
  const checkedProjects = new Set<number>();
  const readOnlyBySubject = new Map<string, Set<string>>();
  const created: RuntimeItemRow[] = [];
  let added = 0;
  let writing: Promise<void> = Promise.resolve();
  let writeFailure: { error: unknown } | null = null;

  async function checkProjects(inputs: readonly CreateItemInput[]): Promise<void> {
    for (const input of inputs) {
      const projectId = input.projectId || null;
      if (projectId === null || checkedProjects.has(projectId)) continue;
      if (component.isProject)
        throw validationError([{ field: 'projectId', message: 'invalidValue' }], actor.language);
      const access = await projectAccess(tx, actor, projectId);
      if (access === 'none') throw new AppError('NOT_FOUND');
      if (access === 'read') throw new AppError('ITEM_EDIT_FORBIDDEN');
      checkedProjects.add(projectId);
    }
  }

  /**
   * The parents among the inputs' that the actor may not hang a child on: one hidden from them, or a repository
   * folder their folder access leaves read-only (item-visibility.ts parentItemCondition).
   */
  async function forbiddenParents(inputs: readonly CreateItemInput[]): Promise<Set<number>> {
    const parentIds = [...new Set(inputs.flatMap((input) => (input.parentId ? [input.parentId] : [])))];
    if (parentIds.length === 0) return new Set();
    const visible = await tx
      .select({ id: runtimeItems.id })
      .from(runtimeItems)
      .where(and(inArray(runtimeItems.id, parentIds), parentItemCondition(actor)));
    const seen = new Set(visible.map((row) => row.id));
    return new Set(parentIds.filter((id) => !seen.has(id)));
  }

  /**
   * The keys the actor may not write in a new item (inputs of one import share them: read once). Always as
   * filed, in the initial status: a status given with the input places the item directly (the seed, tests),
   * which no route offers — it does not make the values of a final status unwritable at creation.
   */
  async function readOnlyFor(input: CreateItemInput): Promise<Set<string>> {
    const subject = {
      status: initialStatus,
      creatorId: actor.userId,
      responsibleId: input.responsibleId ?? null,
      projectId: input.projectId || landingProjectId,
    };
    const key = JSON.stringify(subject);
    let readOnly = readOnlyBySubject.get(key);
    if (!readOnly) {
      readOnly = await readOnlyFieldsOf(tx, actor, component, subject);
      readOnlyBySubject.set(key, readOnly);
    }
    return readOnly;
  }

  /** One input through permission, rules and value checks: its checked changes, or its refusals. */
  const accountCache: { account?: AccountValues } = {};

  async function checkInput(input: CreateItemInput, row: number): Promise<CheckedChanges | SaveRefusal[]> {
    // An external user files under their account's identity (account-values.ts).
    const identity = await bindAccountIdentity(tx, actor, component, changesOf(input), true, accountCache);
    if (identity.issues.length > 0)
      return identity.issues.map((issue) => refusalOfIssue(issue, actor.language, row));
    const sent = identity.changes;
    const forbidden = readOnlyFieldIssues(await readOnlyFor(input), sent, {});
    if (forbidden.length > 0) return forbidden.map((issue) => refusalOfIssue(issue, actor.language, row));
    const stage = newItemStageOf(component, input.status);
    const ruled = await runSaveRules(component, {}, sent, {
      ...stage,
      now,
      isNew: true,
      language: actor.language,
      row,
      tables,
      referencedItems,
    });
    if (ruled.refusals.length > 0) return ruled.refusals;
    return checkChanges(component, ruled.changes, 'create', stage);
  }

  async function write(inputs: readonly CreateItemInput[], checked: CheckedChanges[]): Promise<void> {
    // From the block reserved by the first slice: later slices do not wait for the one being written.
    const isDraft = inputs.map((input) => input.status === undefined || input.status === initialStatus);
    const drafts = await draftIds.take(isDraft.filter(Boolean).length);
    const finals = await finalIds.take(isDraft.filter((draft) => !draft).length);
    const rows: NewItemRow[] = inputs.map((input, index) => ({
      projectId: input.projectId || landingProjectId,
      parentId: input.parentId || null,
      formattedId: (isDraft[index] ? drafts : finals).shift()!,
      title: checked[index]!.title ?? '',
      status: input.status === undefined ? initialStatus : input.status,
      responsibleId: input.responsibleId ?? null,
      position: checked[index]!.position ?? 0,
      reason: input.reason ?? null,
      data: applyDataChanges({}, checked[index]!.data),
    }));
    for (let start = 0; start < rows.length; start += INSERT_BATCH_ROWS) {
      const batch = prepareItemBatch(common, rows.slice(start, start + INSERT_BATCH_ROWS));
      await writing;
      if (writeFailure) throw writeFailure.error;
      // Not awaited: the caller goes on with the next slice while the database writes this one.
      writing = insertItemBatch(tx, common, batch).then(
        (inserted) => {
          created.push(...inserted);
        },
        (error: unknown) => {
          writeFailure = { error };
        },
      );
      // Lets the statement reach the database before the caller goes on with synchronous work (reading and
      // checking the next slice): it is sent from a chain of promise callbacks, which that work would hold up.
      // Not when no more inputs are expected (a single save): nothing would overlap.
      if (added < expectedCount) await setImmediate();
    }
  }

  return {
    async add(inputs) {
      if (inputs.some((input) => input.componentId !== componentId))
        throw new Error('startItemCreation: every input must be of the same component');
      const firstRow = added;
      added += inputs.length;
      await checkProjects(inputs);
      const hiddenParents = await forbiddenParents(inputs);
      const refusalCount = refusals.length;
      const checked: CheckedChanges[] = [];
      for (const [index, input] of inputs.entries()) {
        const row = firstRow + index;
        if (input.parentId && hiddenParents.has(input.parentId)) {
          refusals.push(refusalOfIssue({ field: 'parentId', message: 'invalidValue' }, actor.language, row));
          continue;
        }
        const entry = await checkInput(input, row);
        if (Array.isArray(entry)) refusals.push(...entry);
        else checked.push(entry);
      }
      const isValid = await referenceChecker(
        tx,
        actor,
        checked.flatMap((entry) => entry.fields),
      );
      // Rows of `checked` are the inputs without refusals so far; only a slice wholly valid is written.
      const refusedRows = new Set(refusals.slice(refusalCount).map((refusal) => refusal.row));
      let checkedIndex = 0;
      for (const index of inputs.keys()) {
        if (refusedRows.has(firstRow + index)) continue;
        const entry = checked[checkedIndex++]!;
        for (const issue of [
          ...entry.issues,
          ...(await fileRuleIssues(tx, component, entry.fields, entry.fields)),
        ])
          refusals.push(refusalOfIssue(issue, actor.language, firstRow + index));
        for (const fieldValue of entry.fields)
          if (!isValid(fieldValue))
            refusals.push(
              refusalOfIssue(
                { field: fieldValue.field.key, message: 'invalidValue' },
                actor.language,
                firstRow + index,
              ),
            );
      }
      // Unique values (a plate in the creator's fleet): against the stored items and the earlier inputs.
      if (refusals.length === refusalCount && hasUniqueFields(component)) {
        // The earlier slices' rows must be in the table to be compared with.
        await writing;
        const duplicates = await duplicateValueIssues(
          tx,
          component,
          checked.map((entry) => ({ itemId: null, creatorId: actor.userId, data: entry.data })),
        );
        for (const { index, issue } of duplicates)
          refusals.push(refusalOfIssue(issue, actor.language, firstRow + index));
      }
      // After a refusal nothing more is written (the rest is only checked, for the list of refusals).
      if (refusalCount === 0 && refusals.length === 0) await write(inputs, checked);
    },

    async finish() {
      await writing;
      if (writeFailure) throw writeFailure.error;
      if (refusals.length > 0)
        throw new SaveRefusedError(
          added > 1 ? refusals : refusals.map((refusal) => ({ ...refusal, row: null })),
          options.prefix ?? '',
        );
      await finalIds.release();
      if (draftIds !== finalIds) await draftIds.release();
      // Items created in a status with an SLA get its deadline (engine/deadlines).
      const calendars = itemWorkCalendars(tx);
      await startDeadlinesOfCreated(tx, component, created, now, (row) => calendars.of(component, row));
      return created;
    },
  };
}

/** Inputs per slice when createItems is handed many at once: the next slice is checked while one is written. */
const SLICE_ROWS = INSERT_BATCH_ROWS;

/**
 * Creates items of one component in one transaction (a savepoint inside the caller's): see startItemCreation.
 * A refused value answers 400 VALIDATION_FAILED whose details carry `row` (the input's index) and `field`
 * (the field key) — nothing is written then.
 */
export async function createItems(
  db: Db,
  actor: ItemActor,
  inputs: readonly CreateItemInput[],
  now: Date = new Date(),
): Promise<RuntimeItemRow[]> {
  if (inputs.length === 0) return [];
  return db.transaction(async (tx) => {
    const creation = await startItemCreation(tx, actor, inputs[0]!.componentId, now, inputs.length);
    for (let start = 0; start < inputs.length; start += SLICE_ROWS)
      await creation.add(inputs.slice(start, start + SLICE_ROWS));
    return creation.finish();
  });
}

/** Creates one item (see createItems): 400 details name the field key. */
export async function createItem(
  db: Db,
  actor: ItemActor,
  input: CreateItemInput,
  now: Date = new Date(),
): Promise<RuntimeItemRow> {
  const [row] = await createItems(db, actor, [input], now);
  return row!;
}
