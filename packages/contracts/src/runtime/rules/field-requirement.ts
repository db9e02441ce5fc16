import type { FieldRequirementStage } from '../definition/field.ts';

/**
 * Whether a requirement (a field's `required`, a `required` rule) applies to an item at this stage: a draft is
 * an item in its workflow's initial status (or a new one) staying there; requirements from
 * 'leavingInitialStatus' wait for the action that takes it out (e.g. sending a request), and hold after.
 */
export function requirementApplies(
  requiredFrom: FieldRequirementStage | undefined,
  stage: { draft: boolean },
): boolean {
  return !(stage.draft && requiredFrom === 'leavingInitialStatus');
}

/** Whether a save keeps an item a draft: it is in (or, new, starts in) the initial status and stays there. */
export function isDraftSave(statuses: {
  initial: string | null;
  before: string | null;
  after: string | null;
}): boolean {
  return (
    statuses.initial !== null && statuses.before === statuses.initial && statuses.after === statuses.initial
  );
}
