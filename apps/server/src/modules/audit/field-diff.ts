/**
 * The field changes an administration save writes to the audit trail: `{ field: { before, after } }`, and the
 * additional-field values recorded with the entry.
 */

/** `{ field: { before, after } }` of the keys whose values differ (compared as JSON). */
export function diffFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { before: unknown; after: unknown }> {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      changes[key] = { before: before[key] ?? null, after: after[key] ?? null };
  }
  return changes;
}

/**
 * The object with its keys in order: PostgreSQL's jsonb reorders the keys it stores, and diffFields compares
 * JSON text, so an unchanged jsonb value read back would otherwise look changed.
 */
export function withSortedKeys(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * `{ additionalFields }` for an audit entry (keys sorted, see withSortedKeys), or nothing when there are no
 * values: records of entities without additional fields keep the audit entries they always had.
 */
export function auditedAdditionalFields(values: Record<string, unknown>): {
  additionalFields?: Record<string, unknown>;
} {
  return Object.keys(values).length > 0 ? { additionalFields: withSortedKeys(values) } : {};
}
