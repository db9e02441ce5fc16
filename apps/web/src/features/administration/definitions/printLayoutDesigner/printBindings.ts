import { assertNever, type PrintBinding, type PrintFormat } from '@der/contracts';

export const BINDING_KINDS = ['field', 'context', 'literal', 'template'] as const satisfies ReadonlyArray<
  PrintBinding['kind']
>;
export type BindingKind = (typeof BINDING_KINDS)[number];

export const FORMAT_KINDS = [
  'auto',
  'text',
  'integer',
  'decimal',
  'currency',
  'date',
  'boolean',
  'cpfCnpj',
] as const satisfies ReadonlyArray<PrintFormat['kind']>;
export type FormatKind = (typeof FORMAT_KINDS)[number];

/** Spec §9's date formats: 0 DD/MM/YYYY HH:mm, 1 DD/MM/YYYY, 2 HH:mm. */
export const DATE_FORMAT_TYPES = [0, 1, 2] as const;

export function isBindingKind(value: string): value is BindingKind {
  return (BINDING_KINDS as readonly string[]).includes(value);
}

export function isFormatKind(value: string): value is FormatKind {
  return (FORMAT_KINDS as readonly string[]).includes(value);
}

/** A format of the chosen kind; decimals start with 2 digits and dates as DD/MM/YYYY, the common case. */
export function formatOfKind(kind: FormatKind): PrintFormat {
  switch (kind) {
    case 'decimal':
      return { kind, digits: 2 };
    case 'date':
      return { kind, dateFormatType: 1 };
    case 'auto':
    case 'text':
    case 'integer':
    case 'currency':
    case 'boolean':
    case 'cpfCnpj':
      return { kind };
    default:
      return assertNever(kind);
  }
}

/** The text a literal or template starts from: what the previous binding said, so switching kinds loses little. */
function textOf(previous: PrintBinding): { 'pt-BR': string; en: string } {
  switch (previous.kind) {
    case 'literal':
    case 'template':
      return previous.text;
    case 'field':
      return { 'pt-BR': `{{${previous.field}}}`, en: `{{${previous.field}}}` };
    case 'context':
      return { 'pt-BR': `{{${previous.key}}}`, en: `{{${previous.key}}}` };
    default:
      return assertNever(previous);
  }
}

/**
 * The binding of another kind that replaces `previous`. A literal taken from a field or context starts empty
 * (the schema asks for text, so the problem is shown until it is typed); a template keeps the placeholder.
 */
export function bindingOfKind(kind: BindingKind, previous: PrintBinding, defaultField: string): PrintBinding {
  if (kind === previous.kind) return previous;
  switch (kind) {
    case 'field':
      return { kind, field: defaultField, format: { kind: 'auto' } };
    case 'context':
      return { kind, key: 'publicUrl' };
    case 'template':
      return { kind, text: textOf(previous) };
    case 'literal':
      return { kind, text: previous.kind === 'template' ? previous.text : { 'pt-BR': '', en: '' } };
    default:
      return assertNever(kind);
  }
}
