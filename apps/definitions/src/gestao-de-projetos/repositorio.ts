import type { ComponentDefinitionInput, RepositoryDefinitionInput } from '@der/contracts';
import { DOCUMENT_DATE_INDEX, DOCUMENT_TYPE_INDEX, SHEET_INDEX } from '../shared/attachments.ts';
import { control, field, text } from '../shared/builders.ts';

/**
 * The projects' document repository ('Repositório de documentos', spec §2.9): folders (component 21) and files
 * (component 22) are items of the project; a file's document is the attachment of its form's 'documento'
 * component, with the demo's file indexes (document type, sheet, date) to search by.
 */
export const PASTA = {
  id: 21,
  name: 'PastaDocumentos',
  label: text('Pasta', 'Folder'),
  pluralLabel: text('Pastas', 'Folders'),
  formattedIdPattern: 'PST-{SEQ:5}',
  fields: [field('descricao', 'STRING', text('Descrição', 'Description'), { maxLength: 500 })],
  forms: [
    {
      id: 21,
      name: text('Pasta', 'Folder'),
      layout: [control('textbox', 'Title', 12), control('textbox', 'descricao', 12), { type: 'itemHistory' }],
    },
  ],
} satisfies ComponentDefinitionInput;

export const ARQUIVO = {
  id: 22,
  name: 'ArquivoRepositorio',
  label: text('Arquivo', 'File'),
  pluralLabel: text('Arquivos', 'Files'),
  formattedIdPattern: 'ARQ-{YYYY}-{SEQ:5}',
  fields: [field('observacoes', 'STRING', text('Observações', 'Notes'), { maxLength: 1000 })],
  forms: [
    {
      id: 22,
      name: text('Arquivo', 'File'),
      layout: [
        control('textbox', 'Title', 12),
        control('textbox', 'observacoes', 12),
        {
          type: 'attachments',
          key: 'documento',
          label: text('Documento', 'Document'),
          // One document per file item; its replacements, stamps and signatures are its versions.
          maxFiles: 1,
          // Not required: a drop of several files needs no form per file (the indexes can be filled later).
          fileIndexes: [{ ...DOCUMENT_TYPE_INDEX, required: false }, SHEET_INDEX, DOCUMENT_DATE_INDEX],
        },
        { type: 'itemHistory' },
      ],
    },
  ],
} satisfies ComponentDefinitionInput;

export const REPOSITORIO_DOCUMENTOS = {
  key: 'documentos',
  name: text('Repositório de documentos', 'Document repository'),
  projectComponentId: 3,
  folderComponentId: PASTA.id,
  folderFormId: 21,
  fileComponentId: ARQUIVO.id,
  fileFormId: 22,
  attachmentsKey: 'documento',
} satisfies RepositoryDefinitionInput;
