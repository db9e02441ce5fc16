import type { BusinessRuleInput, FieldDefinitionInput, FormComponentInput } from '@der/contracts';
import { attachmentsWithIndexes } from '../shared/attachments.ts';
import { control, field, text } from '../shared/builders.ts';
import { engineerRequiredExpression } from './limites.ts';

/**
 * The documents of an AET request as a checklist that follows from the request (domain.md): the CRLV of each
 * unit (attached once in 'Meus veículos' and read from the chosen units), the drawing of the combination with
 * its axle spacing, the ART when the limits call for an engineer, and the procuração when a despachante acts for
 * the company. Each item is its own upload; a draft may lack any of them, sending needs every one that applies
 * (the server checks the same rules at 'Enviar').
 */
const AT_SENDING = { requiredFrom: 'leavingInitialStatus' } as const;

export const AET_DOCUMENT_FIELDS = [
  // How many units the combination has, and how many of them have their CRLV attached (lookups of composicao).
  field('unidadesDaComposicao', 'INTEGER', text('Unidades da composição', 'Units of the combination'), {
    lookup: { reference: 'composicao', field: 'crlv', aggregate: 'count' },
  }),
  field('unidadesComCrlv', 'INTEGER', text('Unidades com CRLV', 'Units with their CRLV'), {
    lookup: { reference: 'composicao', field: 'crlv', aggregate: 'countFilled' },
  }),
  field(
    'crlvDasUnidades',
    'BOOLEAN',
    text('CRLV de cada unidade (anexado em Meus veículos)', 'CRLV of each unit (attached in My vehicles)'),
    { required: true, ...AT_SENDING },
  ),
  field(
    'desenhoEixos',
    'BINARY',
    text(
      'Desenho da composição com as distâncias entre eixos',
      'Drawing of the combination with its axle spacing',
    ),
    { required: true, ...AT_SENDING },
  ),
  field('arquivoArt', 'BINARY', text('ART do engenheiro responsável', "Responsible engineer's ART")),
  field('procuracao', 'BINARY', text('Procuração', 'Power of attorney')),
  field(
    'documentos',
    'BINARY',
    text('Outros documentos (fotos, laudos)', 'Other documents (photos, reports)'),
  ),
] satisfies FieldDefinitionInput[];

const despachante = "qualificacaoRequerente = 'despachante'";

export const AET_DOCUMENT_RULES = [
  {
    // True only when every unit has its CRLV: a unit without one leaves the checklist item unfilled.
    id: 'crlvDeCadaUnidade',
    kind: 'computedValue',
    field: 'crlvDasUnidades',
    expression: 'unidadesDaComposicao > 0 and unidadesComCrlv = unidadesDaComposicao ? true : null',
  },
  {
    id: 'arquivoArtObrigatorio',
    kind: 'required',
    field: 'arquivoArt',
    expression: engineerRequiredExpression(),
    ...AT_SENDING,
  },
  { id: 'procuracaoVisivel', kind: 'visibility', field: 'procuracao', expression: despachante },
  {
    id: 'procuracaoObrigatoria',
    kind: 'required',
    field: 'procuracao',
    expression: despachante,
    ...AT_SENDING,
  },
] satisfies BusinessRuleInput[];

/** The documents step: the engineer (when the limits call for one) and each checklist item's upload. */
export const AET_DOCUMENT_CONTROLS = [
  control('checkbox', 'crlvDasUnidades', 12),
  control('fileChooser', 'desenhoEixos', 12),
  control('textbox', 'engenheiroNome', 6),
  control('textbox', 'engenheiroCrea', 3),
  control('textbox', 'numeroArt', 3),
  control('fileChooser', 'arquivoArt', 12),
  control('fileChooser', 'procuracao', 12),
  control('fileChooser', 'documentos', 12),
  attachmentsWithIndexes(),
] satisfies FormComponentInput[];
