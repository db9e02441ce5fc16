import type { ComponentDefinitionInput } from '@der/contracts';
import { INTAKE_PROJECTS, text } from '../shared/builders.ts';
import { REQUEST_PERIOD_AND_STATUS } from '../shared/report-parameters.ts';
import { TERMO_RECEBIMENTO_LAYOUT } from './recebimento-layout.ts';
import { TPEU_PRINT_LAYOUT } from './termo-layout.ts';
import { TPEU_AWAITING_SIGNATURE_STATUS } from './tpeu-coassinatura.ts';
import { DRAWINGS_FIELD, DRAWINGS_REJECTED_STATUS } from './tpeu-desenhos.ts';
import { SOLICITACAO_TPEU_FIELDS } from './tpeu-fields.ts';
import { FORM_NOVA_SOLICITACAO_TPEU, FORM_SOLICITACAO_TPEU } from './tpeu-forms.ts';
import { TPEU_AWAITING_PAYMENT_STATUS, TPEU_PAID_STATUS } from './tpeu-remuneracao.ts';
import { SOLICITACAO_TPEU_RULES } from './tpeu-rules.ts';
import { permissionarioWritesIn, TPEU_VALID_STATUSES } from './tpeu-vigencia.ts';
import { INSPECTION_DATE_FIELD } from './tpeu-vistoria.ts';
import { SOLICITACAO_TPEU_WORKFLOW } from './tpeu-workflow.ts';

/** The department's fields: its decisions, numbers, term, price and screening. */
const DEPARTMENT_FIELDS = SOLICITACAO_TPEU_FIELDS.filter(
  (candidate) => 'departmentOnly' in candidate && candidate.departmentOnly,
).map((candidate) => candidate.key);

/**
 * Once protocolled and while the department works on it, the request is the department's: analysts write their
 * own fields, the permissionário nothing — until a correction is asked ('Pendente de correção' has no entry, so
 * they correct their data and replace the refused documents there). Issued, the permissionário writes only the
 * as-built and the withdrawal date. The final statuses are locked.
 */
const TPEU_FIELD_ACCESS = {
  statuses: [
    ...[
      'protocolada',
      'triagem',
      'vistoria',
      'analiseTecnica',
      'aprovada',
      TPEU_AWAITING_PAYMENT_STATUS,
      TPEU_PAID_STATUS,
      // Issued, awaiting the permissionário's signature: they sign the TPEU (a workflow step), nothing else.
      TPEU_AWAITING_SIGNATURE_STATUS,
    ].map((status) => ({ status, write: [{ fields: DEPARTMENT_FIELDS, roles: ['staff' as const] }] })),
    // Sheets rejected: the permissionário replaces drawings, and nothing else.
    {
      status: DRAWINGS_REJECTED_STATUS,
      write: [
        { fields: DEPARTMENT_FIELDS, roles: ['staff' as const] },
        { fields: [DRAWINGS_FIELD], roles: ['creator' as const] },
      ],
    },
    // Issued and in force: the permissionário brings the as-built, may set the day they give it up, and asks for
    // a renewal's months.
    ...TPEU_VALID_STATUSES.map((status) => ({
      status,
      write: [
        { fields: DEPARTMENT_FIELDS, roles: ['staff' as const] },
        { fields: permissionarioWritesIn(status), roles: ['creator' as const] },
      ],
    })),
  ],
};

/** Component 2: the TPEU request (ids named by the seeded menus: forms 3/4, query 2, view 2, kanban 3). */
export const SOLICITACAO_TPEU = {
  id: 2,
  name: 'SolicitacaoTPEU',
  label: text('Solicitação de TPEU', 'TPEU request'),
  pluralLabel: text('Solicitações de TPEU', 'TPEU requests'),
  formattedIdPattern: 'TPEU-{YYYY}-{SEQ:6}',
  // A permissionário's request lands in the analysts' intake project (they are no member: they see their own).
  externalRequests: { projectTitle: INTAKE_PROJECTS.tpeu },
  fields: SOLICITACAO_TPEU_FIELDS,
  forms: [FORM_SOLICITACAO_TPEU, FORM_NOVA_SOLICITACAO_TPEU],
  listViews: [
    {
      id: 2,
      name: text('Solicitações de TPEU', 'TPEU requests'),
      columns: [
        { field: 'FormattedID', width: 170 },
        { field: 'StatusName' },
        { field: 'nomeRazaoSocial' },
        { field: 'finalidade' },
        { field: 'tipoOcupacao' },
        { field: 'rodovia', width: 150 },
        { field: 'municipioOcupacao', width: 200 },
        { field: 'kmInicial' },
        { field: 'kmFinal', visible: false },
        { field: 'prazoMeses' },
        { field: 'valorTotal' },
        { field: 'fimVigencia', visible: false },
        { field: 'CreationDate' },
      ],
    },
  ],
  queries: [
    {
      id: 2,
      name: text('Minhas solicitações de TPEU', 'My TPEU requests'),
      sort: [{ field: 'CreationDate', sortDirection: 'desc' }],
    },
  ],
  workflow: SOLICITACAO_TPEU_WORKFLOW,
  fieldAccess: TPEU_FIELD_ACCESS,
  kanbanViews: [
    {
      // The analysts' board ('Quadro de solicitações'): every protocolled request by status.
      id: 3,
      name: text('Quadro de solicitações de TPEU', 'TPEU request board'),
      laneField: 'StatusName',
      lanes: SOLICITACAO_TPEU_WORKFLOW.statuses
        .filter((status) => status.key !== 'rascunho')
        .map((status) => ({ value: status.key, color: status.color })),
      cardFields: ['nomeRazaoSocial', 'finalidade', 'municipioOcupacao', 'ResponsibleName'],
      formId: 3,
    },
  ],
  calendarViews: [
    {
      // The analysts' agenda of site inspections, coloured by the request's status.
      id: 2,
      name: text('Vistorias agendadas', 'Scheduled inspections'),
      startField: INSPECTION_DATE_FIELD,
      colorField: 'StatusName',
      color: '#00838F',
    },
    {
      id: 3,
      name: text('Obras previstas', 'Planned works'),
      startField: 'inicioObras',
      endField: 'fimObras',
      color: '#6D4C41',
    },
  ],
  printLayouts: [TPEU_PRINT_LAYOUT, TERMO_RECEBIMENTO_LAYOUT],
  reports: [
    {
      id: 5,
      name: text('TPEU por finalidade', 'TPEU by purpose'),
      parameters: REQUEST_PERIOD_AND_STATUS,
      groupBy: [{ field: 'finalidade', by: 'value' }],
      measures: [
        { aggregate: 'count' },
        { aggregate: 'sum', field: 'area', label: text('Área (m²)', 'Area (m²)') },
      ],
      chart: 'pie',
    },
  ],
  rules: SOLICITACAO_TPEU_RULES,
} satisfies ComponentDefinitionInput;
