import type { FormComponentInput, FormDefinitionInput, LocalizedText } from '@der/contracts';
import { control, groupBox, text } from '../shared/builders.ts';
import { CO_SIGNATURE_FIELD } from './tpeu-coassinatura.ts';
import { TPEU_DRAWING_CONTROLS } from './tpeu-desenhos.ts';
import { TPEU_DOCUMENT_CONTROLS } from './tpeu-documentos.ts';
import { TPEU_RENEWAL_CONTROLS } from './tpeu-renovacao.ts';
import { TPEU_LIFE_CONTROLS } from './tpeu-vigencia.ts';
import { TPEU_INSPECTION_CONTROLS } from './tpeu-vistoria.ts';

/** Sections of a TPEU request, shared by the permissionário's form (group boxes) and the analyst's (tabs). */
const SECTIONS: Array<{ title: LocalizedText; children: FormComponentInput[] }> = [
  {
    title: text('Permissionário', 'Permit holder'),
    children: [
      control('radioGroup', 'tipoPessoa', 4),
      control('maskedText', 'cpfCnpj', 4),
      control('textbox', 'nomeRazaoSocial', 12),
      control('textbox', 'rg', 3),
      control('textbox', 'orgaoExpedidor', 3),
      control('textbox', 'profissao', 3),
      control('dropdown', 'estadoCivil', 3),
      control('textbox', 'nacionalidade', 4),
      control('textbox', 'nomeFantasia', 4),
      control('textbox', 'inscricaoEstadual', 4),
      control('textbox', 'atividade', 12),
      control('textbox', 'email', 6),
      control('maskedText', 'telefone', 6),
      {
        type: 'address',
        fields: {
          cep: 'cep',
          street: 'logradouro',
          number: 'numero',
          complement: 'complemento',
          district: 'bairro',
          city: 'municipio',
          state: 'uf',
        },
      },
      control('textbox', 'representanteNome', 8),
      control('maskedText', 'representanteCpf', 4),
    ],
  },
  {
    title: text('Ocupação', 'Occupation'),
    children: [
      control('dropdown', 'finalidade', 4),
      control('dropdown', 'tipoOcupacao', 4),
      control('dropdown', 'passagem', 4),
      control('dropdown', 'metodoExecucao', 4),
      control('textbox', 'rodovia', 4),
      control('textbox', 'municipioOcupacao', 4),
      control('numericPicker', 'kmInicial', 3),
      control('numericPicker', 'kmFinal', 3),
      control('radioGroup', 'lado', 6),
      control('numericPicker', 'latitude', 3),
      control('numericPicker', 'longitude', 3),
      control('numericPicker', 'extensao', 3),
      control('numericPicker', 'area', 3),
      control('formattedText', 'descricaoOcupacao', 12),
    ],
  },
  {
    title: text('Prazo e cronograma', 'Term and schedule'),
    children: [
      control('numericPicker', 'prazoMeses', 4),
      control('dateChooser', 'inicioObras', 4),
      control('dateChooser', 'fimObras', 4),
      control('formattedText', 'cronograma', 12),
      // The estimate by the price table; the department fixes the price at protocolling.
      { ...control('numericPicker', 'precoAnualPrevisto', 6), readOnly: true } as FormComponentInput,
    ],
  },
  {
    title: text('Documentos (checklist)', 'Documents (checklist)'),
    children: TPEU_DOCUMENT_CONTROLS,
  },
];

/** Form 4: the permissionário's new request (insertItem/2/0/4). */
export const FORM_NOVA_SOLICITACAO_TPEU = {
  id: 4,
  name: text('Nova solicitação de TPEU', 'New TPEU request'),
  layout: [
    ...SECTIONS.map((section) => groupBox(section.title, section.children)),
    { type: 'button', text: text('Salvar rascunho', 'Save draft'), action: { kind: 'save' }, columnSpan: 6 },
    {
      type: 'button',
      text: text('Protocolar', 'File the request'),
      action: { kind: 'workflowAction', actionKey: 'protocolar' },
      columnSpan: 6,
    },
  ],
} satisfies FormDefinitionInput;

/** Form 3: the request as opened from the list (analysis, fee, issue). */
export const FORM_SOLICITACAO_TPEU = {
  id: 3,
  name: text('Solicitação de TPEU', 'TPEU request'),
  layout: [
    { type: 'workflows' },
    {
      type: 'tabControl',
      tabs: [
        ...SECTIONS,
        { title: text('Vistoria', 'Site inspection'), children: TPEU_INSPECTION_CONTROLS },
        {
          title: text('Análise e remuneração', 'Review and fee'),
          children: [
            control('textbox', 'numeroProcesso', 4),
            control('checkbox', 'isentoRemuneracao', 4),
            control('textbox', 'motivoIsencao', 4),
            control('numericPicker', 'precoPublicoAnual', 6),
            { ...control('numericPicker', 'valorTotal', 6), readOnly: true },
            control('dateChooser', 'dataPagamento', 6),
            ...TPEU_DRAWING_CONTROLS,
            control('formattedText', 'parecerTecnico', 12),
          ],
        },
        {
          title: text('Termo', 'Permit'),
          children: [
            { ...control('textbox', 'numeroTpeu', 4), readOnly: true },
            control('dateChooser', 'inicioVigencia', 4),
            control('dateChooser', 'fimVigencia', 4),
            control('checkbox', CO_SIGNATURE_FIELD, 12),
            { ...control('table', 'conferenciaEmissao', 12), readOnly: true },
            {
              type: 'button',
              text: text('Imprimir TPEU', 'Print TPEU'),
              action: { kind: 'print', printLayoutId: 2 },
            },
          ],
        },
        {
          title: text('Obras e vigência', 'Works and validity'),
          children: [...TPEU_LIFE_CONTROLS, groupBox(text('Renovação', 'Renewal'), TPEU_RENEWAL_CONTROLS)],
        },
        { title: text('Histórico', 'History'), children: [{ type: 'itemHistory' }, { type: 'itemLinks' }] },
      ],
    },
  ],
} satisfies FormDefinitionInput;
