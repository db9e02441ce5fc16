import { accept, type FieldValueResult, refuse } from './field-rule-types.ts';

// The §5 rules of values that point at records: positive ids, users and groups, each listed once.

export function positiveId(value: unknown): number | null {
  const id = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A list of positive ids (a single id counts as a list of one), each once. */
export function idsValue(raw: unknown): FieldValueResult {
  const ids: number[] = [];
  for (const entry of Array.isArray(raw) ? raw : [raw]) {
    const id = positiveId(entry);
    if (id === null) return refuse('invalidValue');
    if (!ids.includes(id)) ids.push(id);
  }
  return accept(ids);
}

/** USERS_OR_GROUPS: `{ kind: 'user' | 'group', id }` entries, each once. */
export function usersOrGroupsValue(raw: unknown): FieldValueResult {
  const entries: Array<{ kind: 'user' | 'group'; id: number }> = [];
  for (const entry of Array.isArray(raw) ? raw : [raw]) {
    if (!entry || typeof entry !== 'object') return refuse('invalidValue');
    const { kind, id } = entry as { kind?: unknown; id?: unknown };
    const checkedId = positiveId(id);
    if ((kind !== 'user' && kind !== 'group') || checkedId === null) return refuse('invalidValue');
    if (!entries.some((known) => known.kind === kind && known.id === checkedId))
      entries.push({ kind, id: checkedId });
  }
  return accept(entries);
}
