import {
  DEFAULT_TEXT_MAX,
  type FieldDefinition,
  fieldTypeTraits,
  fieldValueOf,
  parseRuleInstant,
  type ValidationMessageKey,
} from '@der/contracts';
import { sanitizeRichText } from './rich-text.ts';

/** A refused value: a key of VALIDATION_MESSAGES and the parameters its text quotes. */
export interface ValueIssue {
  message: ValidationMessageKey;
  params?: Record<string, unknown>;
}

/** The value to store (null: remove the key from `data`), or why it is refused. */
export type CheckedValue = { ok: true; value: unknown } | { ok: false; issue: ValueIssue };

/**
 * An ISO date or instant with a real calendar day, years 1753–9999, as the fixed-width ISO UTC text the
 * `instant` storage kind keeps (text order = time order); null when it is not one. A date without a zone is
 * read as UTC.
 */
export function parseInstant(value: unknown): string | null {
  return parseRuleInstant(value)?.toISOString() ?? null;
}

/** Rich text is stored sanitised (rich-text.ts); markup that leaves nothing is an empty value. */
function checkRichText(field: FieldDefinition, html: string, required: boolean): CheckedValue {
  const sanitised = sanitizeRichText(html);
  if (sanitised.trim() === '') return required ? refuse('fillInThisField') : { ok: true, value: null };
  // Escaping can lengthen the text a little: the stored value is what the limit is about.
  const maximum = field.maxLength ?? DEFAULT_TEXT_MAX;
  return sanitised.length > maximum ? refuse('tooLong', { maximum }) : { ok: true, value: sanitised };
}

const refuse = (message: ValidationMessageKey, params?: Record<string, unknown>): CheckedValue => ({
  ok: false,
  issue: params ? { message, params } : { message },
});

/**
 * Server-authoritative check of one configured field value: the §5 rules the browser runs too (fieldValueOf
 * in contracts, which gives the value in its storage form), then what only the server does: rich text is
 * sanitised. Whether referenced ids exist is checked by the caller (item-references.ts), which needs the
 * database.
 */
export function checkFieldValue(
  field: FieldDefinition,
  raw: unknown,
  required: boolean = field.required,
): CheckedValue {
  const checked = fieldValueOf(field, raw, required);
  if (!checked.ok || typeof checked.value !== 'string') return checked;
  return fieldTypeTraits(field.type).value === 'richText'
    ? checkRichText(field, checked.value, required)
    : checked;
}
