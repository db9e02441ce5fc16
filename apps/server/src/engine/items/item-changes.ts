import {
  type ComponentDefinition,
  type FieldDefinition,
  formatValidationMessage,
  type Language,
  requirementApplies,
  SYSTEM_FIELD_KEYS,
  WRITABLE_SYSTEM_FIELD_KEYS,
  type WritableSystemFieldKey,
} from '@der/contracts';
import { AppError } from '../../infra/http/app-error.ts';
import { checkFieldValue, type ValueIssue } from './field-values.ts';

/** Longest item title. */
export const ITEM_TITLE_MAX = 500;

export interface FieldIssue extends ValueIssue {
  /** The field key as the caller named it (`Title`, `pesoBrutoTotal`). */
  field: string;
}

/** Changes of a save, checked and in storage form. */
export interface CheckedChanges {
  /** Configured fields: key → value to store (null: remove the key). */
  data: Record<string, unknown>;
  /** The configured fields changed, for the reference checks. */
  fields: Array<{ field: FieldDefinition; value: unknown }>;
  title?: string;
  position?: number;
  issues: FieldIssue[];
}

const isWritableSystemKey = (key: string): key is WritableSystemFieldKey =>
  (WRITABLE_SYSTEM_FIELD_KEYS as readonly string[]).includes(key);
const isSystemKey = (key: string) => (SYSTEM_FIELD_KEYS as readonly string[]).includes(key);

function checkSystemValue(
  key: WritableSystemFieldKey,
  raw: unknown,
  result: CheckedChanges,
): ValueIssue | null {
  if (key === 'Title') {
    if (raw !== null && raw !== undefined && typeof raw !== 'string') return { message: 'invalidValue' };
    const title = (raw ?? '').trim();
    if (title.length > ITEM_TITLE_MAX) return { message: 'tooLong', params: { maximum: ITEM_TITLE_MAX } };
    result.title = title;
    return null;
  }
  const position = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof position !== 'number' || !Number.isSafeInteger(position) || position < 0)
    return { message: 'integerOnly' };
  result.position = position;
  return null;
}

/**
 * Checks the changes of a save against the component's definition: configured field keys (not deprecated)
 * with values their type accepts, and the writable system keys (Title, Position). Any other key — unknown,
 * deprecated, or a system field the server keeps (Version, CreatorName …) — is an issue naming it. On create,
 * required fields left out are issues too; an update checks only what it changes (a field made required by a
 * newer definition does not block saving other fields of old items).
 */
export function checkChanges(
  component: ComponentDefinition,
  changes: Readonly<Record<string, unknown>>,
  mode: 'create' | 'update',
  /** A draft save (isDraftSave): fields required only from leaving the initial status may stay empty. */
  stage: { draft: boolean } = { draft: false },
): CheckedChanges {
  const requiredNow = (field: FieldDefinition) =>
    field.required && requirementApplies(field.requiredFrom, stage);
  const result: CheckedChanges = { data: {}, fields: [], issues: [] };
  const fieldsByKey = new Map(component.fields.map((field) => [field.key, field]));
  for (const [key, raw] of Object.entries(changes)) {
    if (isWritableSystemKey(key)) {
      const issue = checkSystemValue(key, raw, result);
      if (issue) result.issues.push({ field: key, ...issue });
      continue;
    }
    const field = isSystemKey(key) ? undefined : fieldsByKey.get(key);
    if (!field) {
      result.issues.push({ field: key, message: isSystemKey(key) ? 'fieldNotEditable' : 'unknownField' });
      continue;
    }
    if (field.deprecated) {
      result.issues.push({ field: key, message: 'fieldNotEditable' });
      continue;
    }
    const checked = checkFieldValue(field, raw, requiredNow(field));
    if (!checked.ok) result.issues.push({ field: key, ...checked.issue });
    else {
      result.data[key] = checked.value;
      result.fields.push({ field, value: checked.value });
    }
  }
  if (mode === 'create') {
    for (const field of component.fields) {
      if (requiredNow(field) && !field.deprecated && !Object.hasOwn(changes, field.key))
        result.issues.push({ field: field.key, message: 'fillInThisField' });
    }
  }
  return result;
}

/**
 * 400 VALIDATION_FAILED naming every offending field (`prefix` + key, e.g. `items.2.pesoBrutoTotal`), with the
 * message already translated: the shared error handler cannot fill `{minimum}` / `{maximum}` itself.
 */
export function validationError(issues: readonly FieldIssue[], language: Language, prefix = ''): AppError {
  return new AppError(
    'VALIDATION_FAILED',
    issues.map((issue) => ({
      field: `${prefix}${issue.field}`,
      message: formatValidationMessage(issue.message, language, issue.params),
    })),
  );
}
