import type { ComponentDefinitionInput } from '@der/contracts';
import { INTAKE_PROJECTS, text } from '../shared/builders.ts';
import { REQUEST_PERIOD_AND_STATUS } from '../shared/report-parameters.ts';
import { AET_PRINT_LAYOUT } from './autorizacao-layout.ts';
import { AET_LOCKED_STATUSES } from './emissao.ts';
import { SOLICITACAO_AET_FIELDS } from './solicitacao-fields.ts';
import { FORM_FILTRO_AET, FORM_NOVA_SOLICITACAO_AET, FORM_SOLICITACAO_AET } from './solicitacao-forms.ts';
import { SOLICITACAO_AET_RULES } from './solicitacao-rules.ts';
import { SOLICITACAO_AET_WORKFLOW } from './solicitacao-workflow.ts';
import { AET_ROUTE_RULES } from './trajeto.ts';

/** Component 1: the AET request (ids named by the seeded menus: form 1/2, query 1, view 1, report 1, kanban 2). */
export const SOLICITACAO_AET = {
  id: 1,
  name: 'SolicitacaoAET',
  label: text('Solicitação de AET', 'AET request'),
  pluralLabel: text('Solicitações de AET', 'AET requests'),
  formattedIdPattern: 'AET-{YYYY}-{SEQ:6}',
  // The protocol number is given when the request is sent (domain: a draft never spends one).
  draftFormattedIdPattern: 'RASCUNHO-{SEQ:6}',
  // A requerente's request lands in the analysts' intake project (they are no member: they see their own).
  externalRequests: { projectTitle: INTAKE_PROJECTS.aet },
  fields: SOLICITACAO_AET_FIELDS,
  forms: [FORM_SOLICITACAO_AET, FORM_NOVA_SOLICITACAO_AET, FORM_FILTRO_AET],
  listViews: [
    {
      id: 1,
      name: text('Solicitações de AET', 'AET requests'),
      columns: [
        { field: 'FormattedID', width: 170 },
        { field: 'StatusName' },
        // Em análise has a deadline ('5 dias úteis'): the list shows it as due / due soon / overdue.
        { field: 'DueDate' },
        { field: 'tipoAutorizacao' },
        { field: 'requerenteNome' },
        { field: 'placaCavalo', width: 150 },
        { field: 'rodovia', width: 150 },
        { field: 'pbtc' },
        { field: 'comprimentoTotal', visible: false },
        { field: 'larguraTotal', visible: false },
        { field: 'alturaTotal', visible: false },
        { field: 'dataInicioValidade' },
        { field: 'dataFimValidade' },
        { field: 'valorTaxa' },
        { field: 'CreationDate' },
      ],
    },
  ],
  queries: [
    {
      id: 1,
      name: text('Minhas solicitações', 'My requests'),
      sort: [{ field: 'CreationDate', sortDirection: 'desc' }],
    },
    {
      id: 4,
      name: text('AETs emitidas', 'Issued AETs'),
      filter: { logicSeparator: 'AND', filters: [{ field: 'numeroAet', operator: 'isNotEmpty' }] },
      sort: [{ field: 'dataInicioValidade', sortDirection: 'desc' }],
    },
  ],
  workflow: SOLICITACAO_AET_WORKFLOW,
  // An issued AET (vigente, suspended, cancelled, expired) and a refused request are never edited by a save.
  fieldAccess: { lockedStatuses: AET_LOCKED_STATUSES },
  kanbanViews: [
    {
      // The analysts' board ('Quadro de solicitações'): every sent request by status; drafts stay the requerente's.
      id: 2,
      name: text('Quadro de solicitações de AET', 'AET request board'),
      laneField: 'StatusName',
      lanes: SOLICITACAO_AET_WORKFLOW.statuses
        .filter((status) => status.key !== 'rascunho')
        .map((status) => ({ value: status.key, color: status.color })),
      cardFields: ['tipoAutorizacao', 'requerenteNome', 'placaCavalo', 'ResponsibleName'],
      formId: 1,
    },
  ],
  printLayouts: [AET_PRINT_LAYOUT],
  reports: [
    {
      // The issued AETs the user may see (a requerente: their own): a list with the fees' total.
      id: 1,
      name: text('AETs emitidas', 'Issued AETs'),
      queryId: 4,
      parameters: [
        {
          key: 'periodo',
          label: text('Período de validade', 'Validity period'),
          type: 'dateRange',
          field: 'dataInicioValidade',
        },
        { key: 'rodovia', label: text('Rodovia', 'Highway'), type: 'string', field: 'rodovia' },
      ],
      measures: [
        { aggregate: 'count' },
        { aggregate: 'sum', field: 'valorTaxa', label: text('Taxas', 'Fees') },
      ],
      columns: [
        'numeroAet',
        'requerenteNome',
        'placaCavalo',
        'rodovia',
        'dataInicioValidade',
        'dataFimValidade',
      ],
      // Each AET opens as its request, where the signed PDF is downloaded.
      itemFormId: 1,
    },
    {
      id: 3,
      name: text('Solicitações de AET por situação e mês', 'AET requests by status and month'),
      parameters: REQUEST_PERIOD_AND_STATUS,
      groupBy: [
        { field: 'CreationDate', by: 'month' },
        { field: 'StatusName', by: 'value' },
      ],
      measures: [{ aggregate: 'count' }],
      chart: 'bar',
    },
    {
      id: 4,
      name: text('Taxas arrecadadas', 'Fees collected'),
      parameters: [
        {
          key: 'periodo',
          label: text('Pagas no período', 'Paid in'),
          type: 'dateRange',
          field: 'dataPagamento',
        },
      ],
      groupBy: [{ field: 'dataPagamento', by: 'month' }],
      measures: [
        { aggregate: 'sum', field: 'valorTaxa', label: text('Arrecadado', 'Collected') },
        { aggregate: 'count', label: text('Pagamentos', 'Payments') },
        { aggregate: 'avg', field: 'valorTaxa', label: text('Taxa média', 'Average fee') },
      ],
      chart: 'line',
    },
  ],
  rules: [...SOLICITACAO_AET_RULES, ...AET_ROUTE_RULES],
} satisfies ComponentDefinitionInput;
