import { type ComponentDefinition, type Language, localize, type WorkflowStatusView } from '@der/contracts';

/** A status as the web app shows it, in the caller's language; null for an item without one (or unknown). */
export function statusView(
  component: ComponentDefinition,
  key: string | null,
  language: Language,
): WorkflowStatusView | null {
  if (key === null) return null;
  const status = component.workflow?.statuses.find((candidate) => candidate.key === key);
  if (!status) return { key, name: key, color: '#9E9E9E', initial: false, final: false };
  return {
    key,
    name: localize(status.name, language),
    color: status.color,
    initial: status.initial,
    final: status.final,
  };
}
