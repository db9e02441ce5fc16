import type { FormComponentInput, FormDefinitionInput, LocalizedText } from '@der/contracts';
import { attachmentsWithIndexes } from '../shared/attachments.ts';
import { control, groupBox, text } from '../shared/builders.ts';
import { AET_ANALYSIS_CONTROLS } from './analise.ts';
import { AET_ISSUANCE_CONTROLS } from './emissao.ts';
import { exceededLimitMessagesExpression } from './limites.ts';
import { AET_PAYMENT_CONTROLS } from './pagamento.ts';

/** The sections of an AET request, shared by the applicant's form (group boxes) and the analyst's (tabs). */
const SECTIONS = {
  requerente: {
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
  composicao: {
    title: text('Tipo e composição', 'Type and combination'),
    children: [
      control('radioGroup', 'tipoAutorizacao', 6),
      control('dropdown', 'enquadramento', 6),
      control('dropdown', 'composicao', 12),
      control('textbox', 'placaCavalo', 4),
      control('numericPicker', 'cmtCavalo', 4),
      control('numericPicker', 'somaPbt', 4),
    ],
  },
  dimensoes: {
    title: text('Dimensões e pesos', 'Dimensions and weights'),
    children: [
      control('numericPicker', 'comprimentoTotal', 4),
      control('numericPicker', 'larguraTotal', 4),
      control('numericPicker', 'alturaTotal', 4),
      control('numericPicker', 'balancoDianteiro', 4),
      control('numericPicker', 'balancoTraseiro', 4),
      control('numericPicker', 'numeroEixos', 4),
      control('numericPicker', 'pbtc', 4),
      control('textbox', 'cargasPorGrupoEixos', 8),
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
  trajeto: {
    title: text('Trajeto e validade', 'Route and validity'),
    children: [
      control('textbox', 'origem', 6),
      control('textbox', 'destino', 6),
      control('textbox', 'rodovia', 4),
      control('numericPicker', 'kmInicial', 4),
      control('numericPicker', 'kmFinal', 4),
      control('formattedText', 'trajeto', 12),
      control('checkbox', 'retornoVazio', 4),
      control('dateChooser', 'dataHoraPartida', 8),
      control('dateChooser', 'dataInicioValidade', 6),
      control('dateChooser', 'dataFimValidade', 6),
    ],
  },
  engenharia: {
    title: text('Responsável técnico', 'Responsible engineer'),
    children: [
      control('textbox', 'engenheiroNome', 6),
      control('textbox', 'engenheiroCrea', 3),
      control('textbox', 'numeroArt', 3),
    ],
  },
  documentos: {
    title: text('Documentos', 'Documents'),
    children: [
      control('fileChooser', 'documentos', 12),
      attachmentsWithIndexes(),
      control('checkbox', 'declaracaoVeracidade', 12),
    ],
  },
} satisfies Record<string, { title: LocalizedText; children: FormComponentInput[] }>;

const applicantSections = [
  SECTIONS.requerente,
  SECTIONS.composicao,
  SECTIONS.dimensoes,
  SECTIONS.carga,
  SECTIONS.trajeto,
  SECTIONS.engenharia,
  SECTIONS.documentos,
];

/** Form 2: the applicant's new request (insertItem/1/0/2). */
export const FORM_NOVA_SOLICITACAO_AET = {
  id: 2,
  name: text('Nova solicitação de AET', 'New AET request'),
  layout: [
    ...applicantSections.map((section) => groupBox(section.title, section.children)),
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
        ...applicantSections.map((section) => ({ title: section.title, children: section.children })),
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
