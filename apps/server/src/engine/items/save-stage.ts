import { type ComponentDefinition, isDraftSave, type LocalizedText } from '@der/contracts';
import { initialStatusOf } from '../definitions/components.repo.ts';
import type { TransitionRequest } from '../workflow/item-transition.ts';

/** What a save's requirements depend on: whether the item stays a draft, or the action taking it out of one. */
export interface SaveStage {
  /** The item is and stays in its workflow's initial status: requirements 'leavingInitialStatus' wait. */
  draft: boolean;
  /** The action of this save that takes the item out of its initial status (e.g. 'Enviar'), if any. */
  leavingBy?: LocalizedText;
}

/**
 * The stage of a save of a stored item in `status`, read before the action's own checks: the action's target
 * comes from the definition (an unknown or refused action is checkTransition's business, after the rules).
 */
export function saveStageOf(
  component: ComponentDefinition,
  status: string | null,
  transition: TransitionRequest | undefined,
): SaveStage {
  const initial = initialStatusOf(component);
  const action = transition
    ? component.workflow?.actions.find((candidate) => candidate.key === transition.action)
    : undefined;
  const after = action ? action.to : status;
  const draft = isDraftSave({ initial, before: status, after });
  const leaving = action !== undefined && status === initial && after !== initial;
  return leaving ? { draft, leavingBy: action.name } : { draft };
}

/** The stage of a new item created in `status` (default: the initial one): a draft when it starts there. */
export function newItemStageOf(component: ComponentDefinition, status: string | null | undefined): SaveStage {
  const initial = initialStatusOf(component);
  return { draft: isDraftSave({ initial, before: status ?? initial, after: status ?? initial }) };
}
