import type {
  BusinessRuleInput,
  FieldDefinitionInput,
  FormComponentInput,
  LocalizedText,
  ReferenceTableInput,
} from '@der/contracts';
import { attachmentsWithIndexes } from '../shared/attachments.ts';
import { control, field, text } from '../shared/builders.ts';
import { refusalKey, triageFields, triageKey, triageRules } from './tpeu-triagem.ts';

/**
 * The documents of a TPEU request as a checklist (domain.md "Faixa de domínio"): one upload per document.
 * Which occupation documents a request lists, and which of them it must have, follow from its purpose × form ×
 * passage by the reference table below (configuration: the department edits it without a release). The
 * permissionário's own documents follow from the person (PF: identity; PJ: contrato social and CNPJ card) and
 * the procuração from a legal representative. A draft may lack any of them; protocolling needs every one that
 * applies (the server checks the same rules at 'Protocolar').
 */
export const TPEU_CHECKLIST_TABLE_KEY = 'documentosTpeu';

const AT_PROTOCOL = { requiredFrom: 'leavingInitialStatus' } as const;
const DRAWINGS = ['.pdf', '.dwg', '.dxf'];
const PAPERS = ['.pdf', '.jpg', '.jpeg', '.png'];

interface ChecklistDocument {
  key: string;
  label: LocalizedText;
  accept: string[];
  /** Files the upload takes (a drawing set has a sheet per file); one by default. */
  maxFiles?: number;
}

/** The occupation documents the table may list (the field of each is its key). */
export const TPEU_OCCUPATION_DOCUMENTS: readonly ChecklistDocument[] = [
  { key: 'requerimento', label: text('Requerimento assinado', 'Signed application'), accept: PAPERS },
  {
    key: 'projetoDesenhos',
    label: text(
      'Projeto: desenhos com os marcos quilométricos (1:1000 ou 1:500)',
      'Drawings tied to the km markers (1:1000 or 1:500)',
    ),
    // Each approved sheet is stamped and signed on issue: PDF only.
    accept: ['.pdf'],
    maxFiles: 40,
  },
  { key: 'memorialDescritivo', label: text('Memorial descritivo', 'Descriptive memorandum'), accept: PAPERS },
  { key: 'arquivoArt', label: text('ART do responsável técnico', 'Technical ART'), accept: PAPERS },
  {
    key: 'projetoSinalizacao',
    label: text('Projeto de sinalização da obra', 'Works signalling project'),
    accept: DRAWINGS,
  },
  { key: 'licencaAmbiental', label: text('Licença ambiental', 'Environmental licence'), accept: PAPERS },
  {
    key: 'laudoObraDeArte',
    label: text(
      'Laudo estrutural da ponte / viaduto (fixação em obra de arte)',
      'Structural report of the bridge (fixing on it)',
    ),
    accept: PAPERS,
  },
  {
    key: 'projetoGeometricoAcesso',
    label: text('Projeto geométrico do acesso', 'Geometric design of the access'),
    accept: DRAWINGS,
  },
  {
    key: 'certidaoNegativa',
    label: text('Certidão negativa de débitos', 'Tax clearance certificate'),
    accept: PAPERS,
  },
  { key: 'comprovanteEndereco', label: text('Comprovante de endereço', 'Proof of address'), accept: PAPERS },
];

/** The permissionário's documents, by the person and the representative (plain rules, not the table). */
const PERSON_DOCUMENTS: readonly ChecklistDocument[] = [
  {
    key: 'documentoIdentidade',
    label: text('Documento de identidade (RG ou CNH)', 'Identity document'),
    accept: PAPERS,
  },
  {
    key: 'contratoSocial',
    label: text('Contrato social ou estatuto', 'Articles of association'),
    accept: PAPERS,
  },
  { key: 'cartaoCnpj', label: text('Cartão CNPJ', 'CNPJ card'), accept: PAPERS },
  { key: 'procuracao', label: text('Procuração', 'Power of attorney'), accept: PAPERS },
];

const ALL = 'todos';
type Row = {
  documento: string;
  finalidade: string;
  tipoOcupacao: string;
  passagem: string;
  obrigatorio: boolean;
};
const row = (
  documento: string,
  obrigatorio: boolean,
  where: Partial<Pick<Row, 'finalidade' | 'tipoOcupacao' | 'passagem'>> = {},
): Row => ({
  documento,
  finalidade: where.finalidade ?? ALL,
  tipoOcupacao: where.tipoOcupacao ?? ALL,
  passagem: where.passagem ?? ALL,
  obrigatorio,
});

/**
 * The checklist's configuration: a row lists `documento` for the requests it matches ('todos': any value);
 * the document is required when some matching row says `obrigatorio`, shown (optional) when rows match but none
 * requires it, and left out when no row matches.
 */
export const TPEU_CHECKLIST_TABLE = {
  key: TPEU_CHECKLIST_TABLE_KEY,
  name: text('Documentos da solicitação de TPEU', 'Documents of a TPEU request'),
  description: text(
    "Cada linha lista um documento para as solicitações de uma finalidade, tipo de ocupação e passagem ('todos': qualquer). O documento é obrigatório quando alguma linha que se aplica o exige; opcional quando as linhas que se aplicam não o exigem; fica de fora quando nenhuma se aplica.",
    "Each row lists a document for the requests of a purpose, occupation form and passage ('todos': any). The document is required when some row that applies requires it; optional when the rows that apply do not; left out when none applies.",
  ),
  columns: [
    { key: 'documento', label: text('Documento (campo)', 'Document (field)'), type: 'string' },
    { key: 'finalidade', label: text('Finalidade', 'Purpose'), type: 'string' },
    { key: 'tipoOcupacao', label: text('Tipo de ocupação', 'Occupation form'), type: 'string' },
    { key: 'passagem', label: text('Passagem', 'Passage'), type: 'string' },
    { key: 'obrigatorio', label: text('Obrigatório', 'Required'), type: 'boolean' },
  ],
  rows: [
    row('requerimento', true),
    row('projetoDesenhos', true),
    row('memorialDescritivo', true),
    row('arquivoArt', true),
    row('certidaoNegativa', true),
    row('comprovanteEndereco', true),
    // Works on the strip or across the road need their signalling; a point occupation lists it as optional.
    row('projetoSinalizacao', true, { tipoOcupacao: 'longitudinal' }),
    row('projetoSinalizacao', true, { tipoOcupacao: 'transversal' }),
    row('projetoSinalizacao', false, { tipoOcupacao: 'pontual' }),
    // Pipelines and sewage need their licence; water and power lines along the road may bring one.
    row('licencaAmbiental', true, { finalidade: 'gas' }),
    row('licencaAmbiental', true, { finalidade: 'esgoto' }),
    row('licencaAmbiental', false, { finalidade: 'agua' }),
    row('licencaAmbiental', false, { finalidade: 'energia', tipoOcupacao: 'longitudinal' }),
    row('laudoObraDeArte', true, { passagem: 'ponte' }),
    row('projetoGeometricoAcesso', true, { finalidade: 'acesso' }),
  ] satisfies Row[],
} satisfies ReferenceTableInput;

/** The request's values the checklist reads. */
export interface ChecklistSubject {
  tipoPessoa?: unknown;
  representanteNome?: unknown;
  finalidade?: unknown;
  tipoOcupacao?: unknown;
  passagem?: unknown;
}

const matches = (cell: unknown, value: unknown) => cell === ALL || cell === value;

/**
 * The checklist of a request read in TypeScript from the table's rows (the demo seed uploads what it lists; the
 * tests check the rules' expressions against it): each document listed, and whether it is required.
 */
export function tpeuChecklist(
  request: ChecklistSubject,
  rows: ReadonlyArray<Readonly<Record<string, unknown>>> = TPEU_CHECKLIST_TABLE.rows,
): Array<{ documento: string; obrigatorio: boolean }> {
  const listed = new Map<string, boolean>();
  for (const row of rows)
    if (
      matches(row.finalidade, request.finalidade) &&
      matches(row.tipoOcupacao, request.tipoOcupacao) &&
      matches(row.passagem, request.passagem)
    ) {
      const documento = String(row.documento);
      listed.set(documento, (listed.get(documento) ?? false) || row.obrigatorio === true);
    }
  const person = {
    documentoIdentidade: request.tipoPessoa === 'fisica',
    contratoSocial: request.tipoPessoa === 'juridica',
    cartaoCnpj: request.tipoPessoa === 'juridica',
    procuracao: typeof request.representanteNome === 'string' && request.representanteNome !== '',
  };
  for (const [documento, applies] of Object.entries(person)) if (applies) listed.set(documento, true);
  return [...listed].map(([documento, obrigatorio]) => ({ documento, obrigatorio }));
}

/** The table's rows that apply to the request (in a rule: `$$` is the request). */
const applyingRows = (documento: string) =>
  `$table('${TPEU_CHECKLIST_TABLE_KEY}')[documento = '${documento}'` +
  ` and (finalidade = '${ALL}' or finalidade = $$.finalidade)` +
  ` and (tipoOcupacao = '${ALL}' or tipoOcupacao = $$.tipoOcupacao)` +
  ` and (passagem = '${ALL}' or passagem = $$.passagem)]`;

/** Whether the table lists the document for the request, and whether it requires it. */
export const listedExpression = (documento: string) => `$count(${applyingRows(documento)}) > 0`;
export const requiredExpression = (documento: string) =>
  `$count(${applyingRows(documento)}[obrigatorio = true]) > 0`;

const PESSOA_FISICA = "tipoPessoa = 'fisica'";
const PESSOA_JURIDICA = "tipoPessoa = 'juridica'";
const WITH_REPRESENTATIVE = "$exists(representanteNome) and representanteNome != ''";
const PERSON_CONDITIONS: Record<string, string> = {
  documentoIdentidade: PESSOA_FISICA,
  contratoSocial: PESSOA_JURIDICA,
  cartaoCnpj: PESSOA_JURIDICA,
  procuracao: WITH_REPRESENTATIVE,
};

/** Every checklist document: the permissionário's own, then the occupation's. */
export const TPEU_CHECKLIST_DOCUMENTS: readonly ChecklistDocument[] = [
  ...PERSON_DOCUMENTS,
  ...TPEU_OCCUPATION_DOCUMENTS,
];

export const TPEU_DOCUMENT_FIELDS = [
  ...TPEU_CHECKLIST_DOCUMENTS.map((document) => field(document.key, 'BINARY', document.label)),
  ...triageFields(TPEU_CHECKLIST_DOCUMENTS),
  field('documentos', 'BINARY', text('Outros documentos', 'Other documents')),
] satisfies FieldDefinitionInput[];

export const TPEU_DOCUMENT_RULES = [
  ...TPEU_OCCUPATION_DOCUMENTS.flatMap((document) => [
    {
      id: `${document.key}Listado`,
      kind: 'visibility' as const,
      field: document.key,
      expression: listedExpression(document.key),
    },
    {
      id: `${document.key}Obrigatorio`,
      kind: 'required' as const,
      field: document.key,
      expression: requiredExpression(document.key),
      ...AT_PROTOCOL,
    },
  ]),
  ...Object.entries(PERSON_CONDITIONS).flatMap(([key, expression]) => [
    { id: `${key}Listado`, kind: 'visibility' as const, field: key, expression },
    { id: `${key}Obrigatorio`, kind: 'required' as const, field: key, expression, ...AT_PROTOCOL },
  ]),
  ...triageRules(TPEU_CHECKLIST_DOCUMENTS),
] satisfies BusinessRuleInput[];

/**
 * One upload per checklist item, with the types each accepts and, once protocolled, its screening (accepted or
 * refused with the reason) beside it; then the other documents and the attachments.
 */
export const TPEU_DOCUMENT_CONTROLS: FormComponentInput[] = [
  ...TPEU_CHECKLIST_DOCUMENTS.flatMap((document): FormComponentInput[] => [
    {
      type: 'fileChooser',
      field: document.key,
      accept: document.accept,
      maxFiles: document.maxFiles ?? 1,
      columnSpan: 12,
    },
    control('dropdown', triageKey(document.key), 4),
    control('textbox', refusalKey(document.key), 8),
  ]),
  { type: 'fileChooser', field: 'documentos', accept: [...DRAWINGS, ...PAPERS], columnSpan: 12 },
  attachmentsWithIndexes(),
];

/** Every checklist document's field key (the triage and the replacement after a correction name them). */
export const TPEU_CHECKLIST_FIELD_KEYS = TPEU_CHECKLIST_DOCUMENTS.map((document) => document.key);
