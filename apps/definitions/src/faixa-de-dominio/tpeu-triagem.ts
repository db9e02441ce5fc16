import type { BusinessRuleInput, FieldDefinitionInput, LocalizedText } from '@der/contracts';
import { field, option, text } from '../shared/builders.ts';

/**
 * The screening of a TPEU request's documents (domain.md: Triagem ↔ Pendente): the analyst accepts or refuses
 * each checklist document, a refusal with its reason, which the permissionário reads beside the document. A
 * refused document goes back with 'Solicitar correção'; an accepted one cannot be replaced any more (a readOnly
 * rule the server enforces), so the permissionário replaces only what was refused. Sending to inspection needs
 * every document accepted.
 */
export const triageKey = (documento: string) => `triagem_${documento}`;
export const refusalKey = (documento: string) => `motivoRecusa_${documento}`;

const ACCEPTED = 'aceito';
const REFUSED = 'recusado';

/** Shown once the request is protocolled (it has its process number) and the document is there. */
const screened = (documento: string) => `$exists(numeroProcesso) and $count(${documento}) > 0`;

export function triageFields(
  documents: ReadonlyArray<{ key: string; label: LocalizedText }>,
): FieldDefinitionInput[] {
  return documents.flatMap((document) => [
    field(
      triageKey(document.key),
      'PICKLIST',
      text(`Triagem: ${document.label['pt-BR']}`, `Screening: ${document.label.en}`),
      {
        departmentOnly: true,
        options: [
          option(ACCEPTED, 'Aceito', 'Accepted', '#2E7D32'),
          option(REFUSED, 'Recusado', 'Refused', '#C62828'),
        ],
      },
    ),
    field(
      refusalKey(document.key),
      'STRING',
      text(`Motivo da recusa: ${document.label['pt-BR']}`, `Reason for refusal: ${document.label.en}`),
      { departmentOnly: true, maxLength: 300 },
    ),
  ]);
}

export function triageRules(documents: ReadonlyArray<{ key: string }>): BusinessRuleInput[] {
  return documents.flatMap(({ key }) => {
    const refused = `${triageKey(key)} = '${REFUSED}'`;
    return [
      {
        id: `${triageKey(key)}Visivel`,
        kind: 'visibility',
        field: triageKey(key),
        expression: screened(key),
      },
      { id: `${refusalKey(key)}Visivel`, kind: 'visibility', field: refusalKey(key), expression: refused },
      { id: `${refusalKey(key)}Obrigatorio`, kind: 'required', field: refusalKey(key), expression: refused },
      {
        id: `${key}AceitoNaTriagem`,
        kind: 'readOnly',
        field: key,
        expression: `${triageKey(key)} = '${ACCEPTED}'`,
      },
    ] satisfies BusinessRuleInput[];
  });
}

/** Every document the permissionário sent is accepted (what sending to inspection asks). */
export function everyDocumentAccepted(documents: ReadonlyArray<{ key: string }>): string {
  return documents
    .map(({ key }) => `($count(${key}) = 0 or ${triageKey(key)} = '${ACCEPTED}')`)
    .join(' and ');
}
