import type { ComponentDefinitionInput } from '@der/contracts';
import { control, field, groupBox, STATUS_COLORS, text } from '../shared/builders.ts';
import { PRIORIDADE_FIELD } from './prioridade.ts';

/**
 * Component 3: a project. Its items are the projects themselves (isProject); activities (component 5) form its
 * WBS and tasks (component 4) belong to it. Members and permissions are kept per project (spec §6).
 */
export const PROJETO = {
  id: 3,
  name: 'Projeto',
  label: text('Projeto', 'Project'),
  pluralLabel: text('Projetos', 'Projects'),
  formattedIdPattern: 'PRJ-{YYYY}-{SEQ:4}',
  isProject: true,
  fields: [
    field('descricao', 'RICH_TEXT', text('Descrição', 'Description')),
    field('gerente', 'USERS', text('Gerente do projeto', 'Project manager'), {
      required: true,
      indexed: true,
    }),
    field('unidade', 'ORGANIZATIONAL_STRUCTURE', text('Unidade responsável', 'Responsible unit')),
    PRIORIDADE_FIELD,
    field('dataInicio', 'DATE_TIME', text('Início', 'Start'), { required: true, indexed: true }),
    field('dataFim', 'DATE_TIME', text('Término previsto', 'Planned end'), { indexed: true }),
    field('orcamento', 'CURRENCY', text('Orçamento (R$)', 'Budget (R$)'), { minimum: 0, indexed: true }),
    field('percentualConcluido', 'PERCENTILE', text('Concluído (%)', 'Done (%)'), {
      minimum: 0,
      maximum: 100,
    }),
    // The named calendar (administration) the project's deadlines count on; none: the default calendar.
    field('calendario', 'CALENDAR', text('Calendário de trabalho', 'Working calendar')),
  ],
  forms: [
    {
      id: 6,
      name: text('Projeto', 'Project'),
      layout: [
        { type: 'workflows' },
        {
          type: 'tabControl',
          tabs: [
            {
              title: text('Dados gerais', 'General'),
              children: [
                control('textbox', 'Title', 12),
                control('dropdown', 'gerente', 6),
                control('treeDropdown', 'unidade', 6),
                control('dropdown', 'prioridade', 4),
                control('dateChooser', 'dataInicio', 4),
                control('dateChooser', 'dataFim', 4),
                control('numericPicker', 'orcamento', 6),
                control('numericPicker', 'percentualConcluido', 6),
                control('dropdown', 'calendario', 12),
                control('formattedText', 'descricao', 12),
              ],
            },
            {
              title: text('EAP', 'WBS'),
              children: [{ type: 'masterSlave', componentId: 5, viewId: 5, formId: 7 }],
            },
            {
              title: text('Equipe e calendário', 'Team and calendar'),
              children: [
                { type: 'projectResource' },
                groupBox(text('Calendário', 'Calendar'), [
                  control('dropdown', 'calendario', 6),
                  { type: 'projectCalendar' },
                ]),
              ],
            },
            {
              title: text('Configuração', 'Configuration'),
              children: [{ type: 'configuration' }],
            },
            {
              title: text('Documentos e histórico', 'Documents and history'),
              children: [{ type: 'attachments' }, { type: 'itemHistory' }],
            },
          ],
        },
      ],
    },
  ],
  listViews: [
    {
      id: 4,
      name: text('Projetos', 'Projects'),
      columns: [
        { field: 'FormattedID', width: 150 },
        { field: 'Title' },
        { field: 'StatusName' },
        { field: 'gerente' },
        { field: 'prioridade' },
        { field: 'dataInicio' },
        { field: 'dataFim' },
        { field: 'percentualConcluido' },
        { field: 'orcamento', visible: false },
      ],
    },
  ],
  queries: [
    { id: 5, name: text('Projetos', 'Projects'), sort: [{ field: 'dataInicio', sortDirection: 'desc' }] },
  ],
  workflow: {
    statuses: [
      {
        key: 'planejamento',
        name: text('Em planejamento', 'Planning'),
        color: STATUS_COLORS.draft,
        initial: true,
      },
      { key: 'execucao', name: text('Em execução', 'In progress'), color: STATUS_COLORS.analysis },
      { key: 'suspenso', name: text('Suspenso', 'On hold'), color: STATUS_COLORS.pending },
      { key: 'concluido', name: text('Concluído', 'Done'), color: STATUS_COLORS.approved, final: true },
      { key: 'cancelado', name: text('Cancelado', 'Cancelled'), color: STATUS_COLORS.rejected, final: true },
    ],
    actions: [
      {
        key: 'iniciar',
        name: text('Iniciar', 'Start'),
        from: ['planejamento'],
        to: 'execucao',
        allowedRoles: ['projectManager'],
      },
      {
        key: 'suspender',
        name: text('Suspender', 'Put on hold'),
        from: ['execucao'],
        to: 'suspenso',
        allowedRoles: ['projectManager'],
        reasonRequired: true,
      },
      {
        key: 'retomar',
        name: text('Retomar', 'Resume'),
        from: ['suspenso'],
        to: 'execucao',
        allowedRoles: ['projectManager'],
      },
      {
        key: 'concluir',
        name: text('Concluir', 'Finish'),
        from: ['execucao'],
        to: 'concluido',
        allowedRoles: ['projectManager'],
        confirmation: text(
          'Um projeto concluído não pode ser reaberto. Concluir?',
          'A finished project cannot be reopened. Finish it?',
        ),
      },
      {
        key: 'cancelar',
        name: text('Cancelar', 'Cancel'),
        from: ['planejamento', 'execucao', 'suspenso'],
        to: 'cancelado',
        allowedRoles: ['projectManager', 'administrator'],
        reasonRequired: true,
        confirmation: text(
          'Um projeto cancelado não pode ser reaberto. Cancelar?',
          'A cancelled project cannot be reopened. Cancel it?',
        ),
        effects: [
          {
            kind: 'notify',
            recipients: [{ kind: 'role', role: 'projectMember' }],
            subject: text('Projeto {{Title}} cancelado', 'Project {{Title}} cancelled'),
            message: text('Motivo: {{Reason}}', 'Reason: {{Reason}}'),
            channels: ['message'],
          },
        ],
      },
    ],
  },
  rules: [
    {
      id: 'terminoAposInicio',
      kind: 'validation',
      field: 'dataFim',
      expression: '$not($exists(dataFim)) or dataFim > dataInicio',
      message: text('O término deve ser posterior ao início.', 'The end must follow the start.'),
    },
  ],
} satisfies ComponentDefinitionInput;
