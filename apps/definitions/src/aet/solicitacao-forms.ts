import type { FormComponentInput, FormDefinitionInput, LocalizedText } from '@der/contracts';
import { control, text } from '../shared/builders.ts';
import { AET_ANALYSIS_CONTROLS } from './analise.ts';
import { AET_DOCUMENT_CONTROLS } from './documentos.ts';
import { AET_ISSUANCE_CONTROLS } from './emissao.ts';
import { exceededLimitMessagesExpression } from './limites.ts';
import { AET_FEE_PREVIEW_CONTROLS, AET_PAYMENT_CONTROLS } from './pagamento.ts';
import { AET_ROUTE_CONTROLS } from './trajeto.ts';

/**
 * The sections of an AET request in the order the requerente fills them: the steps of the guided request and
 * the analyst's tabs (domain.md: requerente → type and framing → combination → dimensions and axle groups →
 * cargo → route → dates → documents → declarations).
 */
const SECTIONS = {
  requerente: {
    key: 'requerente',
    title: text('Requerente', 'Applicant'),
    children: [
      control('radioGroup', 'tipoPessoa', 4),
      control('dropdown', 'qualificacaoRequerente', 4),
      control('maskedText', 'requerenteCpfCnpj', 4),
      control('textbox', 'requerenteNome', 12),
      control('textbox', 'requerenteEmail', 6),
      control('maskedText', 'requerenteTelefone', 6),
    ],
  },
  enquadramento: {
    key: 'enquadramento',
    title: text('Tipo e enquadramento', 'Type and legal framing'),
    children: [control('radioGroup', 'tipoAutorizacao', 6), control('dropdown', 'enquadramento', 6)],
  },
  composicao: {
    key: 'composicao',
    title: text('Composição', 'Combination'),
    children: [
      control('dropdown', 'composicao', 12),
      // Read from the chosen units (composicao.ts lookups): shown, never typed.
      control('textbox', 'placaCavalo', 3),
      control('numericPicker', 'cmtCavalo', 3),
      control('numericPicker', 'taraTotal', 3),
      control('numericPicker', 'somaPbt', 3),
    ],
  },
  dimensoes: {
    key: 'dimensoes',
    title: text('Dimensões e grupos de eixos', 'Dimensions and axle groups'),
    children: [
      control('numericPicker', 'comprimentoTotal', 4),
      control('numericPicker', 'larguraTotal', 4),
      control('numericPicker', 'alturaTotal', 4),
      control('numericPicker', 'balancoDianteiro', 4),
      control('numericPicker', 'balancoTraseiro', 4),
      control('numericPicker', 'numeroEixos', 4),
      control('numericPicker', 'pbtc', 4),
      control('numericPicker', 'cargaEixoSimples', 4),
      control('numericPicker', 'cargaEixoDuplo', 4),
      control('numericPicker', 'cargaEixoTriplo', 4),
      control('textbox', 'cargasPorGrupoEixos', 12),
      {
        // Each limit of the framing the request exceeds, named live with value, limit and basis (limites.ts).
        type: 'indicator',
        label: text('Limites excedidos', 'Limits exceeded'),
        expression: exceededLimitMessagesExpression(),
        format: 'messages',
        emptyText: text('Nenhum limite excedido.', 'No limit exceeded.'),
        columnSpan: 12,
      },
    ],
  },
  carga: {
    key: 'carga',
    title: text('Carga', 'Cargo'),
    children: [
      control('textbox', 'cargaDescricao', 12),
      control('checkbox', 'cargaIndivisivel', 4),
      control('checkbox', 'cargaPerigosa', 4),
      control('maskedText', 'numeroOnu', 4),
      control('numericPicker', 'cargaPeso', 3),
      control('numericPicker', 'cargaComprimento', 3),
      control('numericPicker', 'cargaLargura', 3),
      control('numericPicker', 'cargaAltura', 3),
      control('textbox', 'embarcador', 12),
    ],
  },
  trajeto: { key: 'trajeto', title: text('Trajeto', 'Route'), children: AET_ROUTE_CONTROLS },
  datas: {
    key: 'datas',
    title: text('Datas', 'Dates'),
    children: [
      control('dateChooser', 'dataHoraPartida', 12),
      control('dateChooser', 'dataInicioValidade', 6),
      control('dateChooser', 'dataFimValidade', 6),
    ],
  },
  documentos: {
    key: 'documentos',
    title: text('Documentos', 'Documents'),
    children: AET_DOCUMENT_CONTROLS,
  },
  declaracoes: {
    key: 'declaracoes',
    title: text('Declarações', 'Declarations'),
    // The fee the table gives, shown before sending (the server fixes it at sending).
    children: [...AET_FEE_PREVIEW_CONTROLS, control('checkbox', 'declaracaoVeracidade', 12)],
  },
} satisfies Record<string, { key: string; title: LocalizedText; children: FormComponentInput[] }>;

const applicantSections = [
  SECTIONS.requerente,
  SECTIONS.enquadramento,
  SECTIONS.composicao,
  SECTIONS.dimensoes,
  SECTIONS.carga,
  SECTIONS.trajeto,
  SECTIONS.datas,
  SECTIONS.documentos,
  SECTIONS.declaracoes,
];

/**
 * Form 2: the requerente's new request (insertItem/1/0/2), guided in steps. Moving to the next step saves the
 * draft (the item is created on the first save, updated after), with only a draft's checks; the review lists
 * what was filled; 'Enviar' runs every check on the server and names each value sending still needs.
 */
export const FORM_NOVA_SOLICITACAO_AET = {
  id: 2,
  name: text('Nova solicitação de AET', 'New AET request'),
  // Sent, the request opens as analysts and the applicant follow it (form 1), no longer as a draft to fill in.
  sentFormId: 1,
  layout: [
    {
      type: 'steps',
      saveOnNext: true,
      review: text('Revisão', 'Review'),
      steps: applicantSections,
    },
    { type: 'button', text: text('Salvar rascunho', 'Save draft'), action: { kind: 'save' }, columnSpan: 6 },
    {
      type: 'button',
      text: text('Enviar', 'Submit'),
      action: { kind: 'workflowAction', actionKey: 'enviar' },
      columnSpan: 6,
    },
  ],
} satisfies FormDefinitionInput;

/** Form 1: the request as analysts (and the applicant, read-only past the draft) open it from the list. */
export const FORM_SOLICITACAO_AET = {
  id: 1,
  name: text('Solicitação de AET', 'AET request'),
  layout: [
    { type: 'workflows' },
    {
      type: 'tabControl',
      tabs: [
        ...applicantSections.map((section) => ({
          key: section.key,
          title: section.title,
          children: section.children,
        })),
        {
          title: text('Taxa e emissão', 'Fee and issue'),
          children: [...AET_PAYMENT_CONTROLS, ...AET_ANALYSIS_CONTROLS, ...AET_ISSUANCE_CONTROLS],
        },
        {
          title: text('Histórico', 'History'),
          children: [{ type: 'itemHistory' }, { type: 'notifications' }, { type: 'itemLinks' }],
        },
      ],
    },
  ],
} satisfies FormDefinitionInput;

/** Form 9: the filter form of AET lists (mode 4). */
export const FORM_FILTRO_AET = {
  id: 9,
  name: text('Filtrar solicitações de AET', 'Filter AET requests'),
  mode: 4,
  layout: [
    control('dropdown', 'tipoAutorizacao', 6),
    control('dropdown', 'enquadramento', 6),
    control('textbox', 'rodovia', 4),
    control('textbox', 'placaCavalo', 4),
    control('numericPicker', 'pbtc', 4),
    control('dateChooser', 'dataInicioValidade', 6),
    control('dateChooser', 'dataFimValidade', 6),
  ],
} satisfies FormDefinitionInput;
