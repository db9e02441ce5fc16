import type { ComponentDefinition, Language } from '@der/contracts';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { findActiveComponent, initialStatusOf } from '../definitions/components.repo.ts';
import { projectAccess } from '../projects/item-access.ts';
import type { ItemViewer } from '../query/item-visibility.ts';
import { insertItemsWithVersions } from './bulk-insert.ts';
import { nextFormattedIds } from './formatted-id.ts';
import { type CheckedChanges, checkChanges, type FieldIssue, validationError } from './item-changes.ts';
import { referenceChecker } from './item-references.ts';
import { applyDataChanges } from './item-versions.ts';
import type { RuntimeItemRow } from './items.table.ts';

/** Who writes: the viewer of the visibility rule, and the language refusals are worded in. */
export interface ItemActor extends ItemViewer {
  language: Language;
}

/** A new item (the forms' saveItem is a later issue; the seed, tests, bench and Excel import use this). */
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

export async function activeComponentOrThrow(tx: Db, componentId: number): Promise<ComponentDefinition> {
  const component = await findActiveComponent(tx, componentId);
  if (!component) throw new AppError('NOT_FOUND');
  return component;
}

/** The project new items go into must be one the actor may write in (404 when not visible, 403 read-only). */
async function checkProject(
  tx: Db,
  actor: ItemActor,
  component: ComponentDefinition,
  projectId: number,
): Promise<void> {
  if (component.isProject)
    throw validationError([{ field: 'projectId', message: 'invalidValue' }], actor.language);
  const access = await projectAccess(tx, actor, projectId);
  if (access === 'none') throw new AppError('NOT_FOUND');
  if (access === 'read') throw new AppError('ITEM_EDIT_FORBIDDEN');
}

function changesOf(input: CreateItemInput): Record<string, unknown> {
  const changes: Record<string, unknown> = { ...(input.data ?? {}) };
  if (input.title !== undefined) changes.Title = input.title;
  if (input.position !== undefined) changes.Position = input.position;
  return changes;
}

/**
 * Creates items of one component in one transaction (a savepoint inside the caller's): every input checked
 * against the definition (types, bounds, required fields, references) before anything is written, projects
 * checked once each, formatted IDs taken from the pattern's per-year sequence by one atomic upsert for the
 * whole batch, then multi-row inserts of the items (version 1), each statement with their version rows
 * (bulk-insert.ts). The actor is the creator; `now` the creation time.
 *
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
  const componentId = inputs[0]!.componentId;
  if (inputs.some((input) => input.componentId !== componentId))
    throw new Error('createItems: every input must be of the same component');
  return db.transaction(async (tx) => {
    const component = await activeComponentOrThrow(tx, componentId);
    const checked: CheckedChanges[] = inputs.map((input) =>
      checkChanges(component, changesOf(input), 'create'),
    );
    const isValid = await referenceChecker(
      tx,
      actor,
      checked.flatMap((entry) => entry.fields),
    );
    const issues: Array<FieldIssue & { row: number }> = [];
    checked.forEach((entry, row) => {
      for (const issue of entry.issues) issues.push({ ...issue, row });
      for (const fieldValue of entry.fields)
        if (!isValid(fieldValue)) issues.push({ field: fieldValue.field.key, message: 'invalidValue', row });
    });
    if (issues.length > 0) {
      const error = validationError(issues, actor.language);
      // Keep the row of each issue (validationError keeps only field and message).
      (error.details as Array<Record<string, unknown>>).forEach((detail, index) => {
        if (inputs.length > 1) detail.row = issues[index]!.row;
      });
      throw error;
    }
    for (const projectId of new Set(inputs.map((input) => input.projectId || null))) {
      if (projectId !== null) await checkProject(tx, actor, component, projectId);
    }

    const formattedIds = await nextFormattedIds(tx, component, now, inputs.length);
    const initialStatus = initialStatusOf(component);
    const values = inputs.map((input, index) => ({
      componentId: component.id,
      projectId: input.projectId || null,
      parentId: input.parentId || null,
      formattedId: formattedIds[index]!,
      title: checked[index]!.title ?? '',
      status: input.status === undefined ? initialStatus : input.status,
      responsibleId: input.responsibleId ?? null,
      creatorId: actor.userId,
      createdAt: now,
      modifierId: actor.userId,
      modifiedAt: now,
      version: 1,
      position: checked[index]!.position ?? 0,
      reason: input.reason ?? null,
      data: applyDataChanges({}, checked[index]!.data),
    }));
    return insertItemsWithVersions(tx, values, { changedBy: actor.userId, changedAt: now });
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
