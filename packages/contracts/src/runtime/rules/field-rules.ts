import { assertNever } from '../../common/route.ts';
import { storageKindOf } from '../definition/field.ts';
import { fieldTypeTraits } from '../definition/field-type-registry.ts';
import {
  accept,
  type CheckedField,
  type FieldRuleResult,
  type FieldValueResult,
  refuse,
  ruleResult,
} from './field-rule-types.ts';
import { idsValue, positiveId, usersOrGroupsValue } from './id-field-values.ts';
import { numberValue } from './number-field-value.ts';
import { isEmptyFieldValue, parseRuleInstant } from './rule-values.ts';
import { rowsValue } from './table-field-value.ts';
import { textValue } from './text-field-value.ts';

/**
 * The field rules of spec §5 as pure checks, so the browser (instant feedback) and the server (authority) refuse
 * the same values with the same message keys (VALIDATION_MESSAGES). They check one value against its field's
 * definition and give it in the form storage keeps it; rules that need the database (whether a referenced id
 * exists) and the rich-text sanitiser stay on the server, which runs these first.
 */

/**
 * Every §5 rule for one value of a configured field, the value given back in its storage form
 * (FieldStorageKind): required ('fillInThisField'; an empty value is null), numbers as JSON numbers within the
 * field's bounds (default −1e22 … 1e21, 'valueInRange'), whole for integers, currency with at most 2 decimals,
 * instants as ISO UTC text (years 1753–9999, 'incorrectDate'), text within its length with its named pattern
 * (CPF, CNPJ, e-mail, CEP, plate, RENAVAM, phone) normalised or its mask, picklist values among the options,
 * ids as positive integers. Whether referenced ids exist is the server's database check.
 */
export function fieldValueOf(
  field: CheckedField,
  raw: unknown,
  required: boolean = field.required,
): FieldValueResult {
  if (isEmptyFieldValue(raw)) return required ? refuse('fillInThisField') : accept(null);
  const kind = fieldTypeTraits(field.type).value;
  switch (kind) {
    case 'number':
      return numberValue(field, raw);
    case 'boolean':
      if (typeof raw === 'boolean') return accept(raw);
      return raw === 'true' || raw === 'false' ? accept(raw === 'true') : refuse('invalidValue');
    case 'instant': {
      const instant = parseRuleInstant(raw);
      return instant === null ? refuse('incorrectDate') : accept(instant.toISOString());
    }
    case 'choice': {
      const chosen = typeof raw === 'string' || typeof raw === 'number' ? String(raw) : null;
      return chosen !== null && field.options.some((option) => option.value === chosen)
        ? accept(chosen)
        : refuse('invalidValue');
    }
    case 'text':
    case 'richText':
    case 'status':
      return textValue(field, raw);
    case 'reference':
      if (storageKindOf(field) === 'references') return idsValue(raw);
      return positiveId(raw) === null ? refuse('invalidValue') : accept(positiveId(raw));
    case 'usersOrGroups':
      return usersOrGroupsValue(raw);
    case 'files':
      return idsValue(raw);
    case 'rows': {
      const rows = rowsValue(field, raw, fieldValueOf);
      return rows.ok && rows.value === null && required ? refuse('fillInThisField') : rows;
    }
    default:
      return assertNever(kind);
  }
}

/** Whether a value keeps every §5 rule of its field (fieldValueOf without the stored form). */
export function checkFieldRules(
  field: CheckedField,
  raw: unknown,
  required: boolean = field.required,
): FieldRuleResult {
  return ruleResult(fieldValueOf(field, raw, required));
}
