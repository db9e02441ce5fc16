import type { BusinessRuleInput } from '@der/contracts';
import { text } from '../shared/builders.ts';
import { DRAWINGS_READ_ONLY_RULE, TPEU_DRAWING_RULES } from './tpeu-desenhos.ts';
import { TPEU_DOCUMENT_RULES } from './tpeu-documentos.ts';
import { TPEU_LOCATION_RULES } from './tpeu-localizacao.ts';
import { TPEU_FEE_RULES } from './tpeu-remuneracao.ts';

const PESSOA_FISICA = "tipoPessoa = 'fisica'";
const PESSOA_JURIDICA = "tipoPessoa = 'juridica'";

/** TPEU rules (domain.md): PF/PJ data, km order, term limits (10 years; 1 for advertising), the fee, the checklist. */
export const SOLICITACAO_TPEU_RULES = [
  ...['rg', 'orgaoExpedidor', 'profissao', 'estadoCivil', 'nacionalidade'].flatMap((field) => [
    { id: `${field}Visivel`, kind: 'visibility' as const, field, expression: PESSOA_FISICA },
    { id: `${field}Obrigatorio`, kind: 'required' as const, field, expression: PESSOA_FISICA },
  ]),
  ...['nomeFantasia', 'inscricaoEstadual', 'atividade'].map((field) => ({
    id: `${field}Visivel`,
    kind: 'visibility' as const,
    field,
    expression: PESSOA_JURIDICA,
  })),
  { id: 'nomeFantasiaObrigatorio', kind: 'required', field: 'nomeFantasia', expression: PESSOA_JURIDICA },
  { id: 'atividadeObrigatoria', kind: 'required', field: 'atividade', expression: PESSOA_JURIDICA },
  {
    id: 'kmFinalAposInicial',
    kind: 'validation',
    field: 'kmFinal',
    expression: 'kmFinal >= kmInicial',
    message: text(
      'O km final deve ser maior ou igual ao km inicial.',
      'The end km must not be before the start km.',
    ),
  },
  {
    id: 'prazoPublicidade',
    kind: 'validation',
    field: 'prazoMeses',
    expression: "finalidade != 'publicidade' or prazoMeses <= 12",
    message: text('Publicidade tem prazo máximo de 12 meses.', 'Advertising permits last at most 12 months.'),
  },
  {
    id: 'obrasCoerentes',
    kind: 'validation',
    field: 'fimObras',
    expression: '$not($exists(fimObras)) or fimObras > inicioObras',
    message: text(
      'O fim das obras deve ser posterior ao início.',
      'The end of works must follow their start.',
    ),
  },
  ...TPEU_FEE_RULES,
  ...TPEU_LOCATION_RULES,
  // The drawings' screening lock gives way while a sheet is rejected (tpeu-desenhos.ts).
  ...TPEU_DOCUMENT_RULES.map((rule) =>
    rule.id === DRAWINGS_READ_ONLY_RULE.id ? DRAWINGS_READ_ONLY_RULE : rule,
  ),
  ...TPEU_DRAWING_RULES,
  {
    id: 'tituloDaSolicitacao',
    kind: 'action',
    trigger: { on: 'beforeSave' },
    effects: [
      {
        kind: 'setField',
        field: 'Title',
        expression: "nomeRazaoSocial & ' — ' & rodovia & ' km ' & $string(kmInicial)",
      },
    ],
  },
] satisfies BusinessRuleInput[];
