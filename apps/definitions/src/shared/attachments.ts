import type { FileIndexDefinitionInput, FormComponentInput } from '@der/contracts';
import { text } from './builders.ts';

/** 'Tipo de documento': the file index every demo attachments component offers (searchable in getAllFileIndexes). */
export const DOCUMENT_TYPE_INDEX: FileIndexDefinitionInput = {
  key: 'tipoDocumento',
  label: text('Tipo de documento', 'Document type'),
  type: 'picklist',
  required: true,
  options: [
    { value: 'projeto', label: text('Projeto', 'Design') },
    { value: 'memorial', label: text('Memorial descritivo', 'Descriptive report') },
    { value: 'art', label: text('ART', 'Technical responsibility note (ART)') },
    { value: 'licenca', label: text('Licença', 'Licence') },
    { value: 'foto', label: text('Fotografia', 'Photograph') },
    { value: 'outro', label: text('Outro', 'Other') },
  ],
};

/** 'Folha' (sheet number) of a drawing set. */
export const SHEET_INDEX: FileIndexDefinitionInput = {
  key: 'folha',
  label: text('Folha', 'Sheet'),
  type: 'integer',
};

/** 'Data do documento'. */
export const DOCUMENT_DATE_INDEX: FileIndexDefinitionInput = {
  key: 'dataDocumento',
  label: text('Data do documento', 'Document date'),
  type: 'date',
};

/** The attachments component of a form's documents area, with the demo's file indexes. */
export function attachmentsWithIndexes(
  fileIndexes: FileIndexDefinitionInput[] = [DOCUMENT_TYPE_INDEX, SHEET_INDEX, DOCUMENT_DATE_INDEX],
  maxFiles = 20,
): FormComponentInput {
  return {
    type: 'attachments',
    key: 'anexos',
    label: text('Anexos', 'Attachments'),
    maxFiles,
    fileIndexes,
  };
}
