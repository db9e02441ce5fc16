/**
 * The users and groups a USERS, GROUPS or USERS_OR_GROUPS value holds: USERS keeps a user id or an array of
 * them, USERS_OR_GROUPS `{ kind: 'user' | 'group', id }` objects (FieldStorageKind). Anything else holds none.
 */
export function principalsOfFieldValue(
  value: unknown,
  plain: 'user' | 'group' = 'user',
): { userIds: number[]; groupIds: number[] } {
  const userIds: number[] = [];
  const groupIds: number[] = [];
  for (const entry of Array.isArray(value) ? value : [value]) {
    if (typeof entry === 'number' && Number.isInteger(entry)) {
      (plain === 'user' ? userIds : groupIds).push(entry);
    } else if (entry && typeof entry === 'object' && 'kind' in entry && 'id' in entry) {
      const { kind, id } = entry as { kind: unknown; id: unknown };
      if (typeof id !== 'number') continue;
      if (kind === 'user') userIds.push(id);
      else if (kind === 'group') groupIds.push(id);
    }
  }
  return { userIds, groupIds };
}
