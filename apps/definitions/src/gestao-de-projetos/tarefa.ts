import { type ComponentDefinitionInput, CURRENT_USER } from '@der/contracts';
import { attachmentsWithIndexes, DOCUMENT_TYPE_INDEX, SHEET_INDEX } from '../shared/attachments.ts';
import { control, field, option, STATUS_COLORS, text } from '../shared/builders.ts';
import { PRIORIDADE_FIELD } from './prioridade.ts';

const STATUS = { aFazer: '#EC407A', emAndamento: STATUS_COLORS.analysis, concluida: STATUS_COLORS.approved };

/**
 * Component 4: a task of a project (ids named by the seeded menus: form 5, query 3, view 3, kanban view 1,
 * report 2), with its board on status, its calendar on the due date and a bulk-edit form.
 */
export const TAREFA = {
  id: 4,
  name: 'Tarefa',
  label: text('Tarefa', 'Task'),
  pluralLabel: text('Tarefas', 'Tasks'),
  formattedIdPattern: 'TAR-{YYYY}-{SEQ:6}',
  timeEntry: 'task',
  fields: [
    field('descricao', 'RICH_TEXT', text('Descrição', 'Description')),
    field('atividade', 'GENERIC_ITEM_TYPE', text('Atividade', 'Activity'), {
      targetComponentId: 5,
      indexed: true,
    }),
    field('tipoTarefa', 'PICKLIST', text('Tipo de tarefa', 'Task type'), {
      indexed: true,
      filterAsList: true,
      options: [
        option('analise', 'Análise', 'Review'),
        option('vistoria', 'Vistoria', 'Inspection'),
        option('documentacao', 'Documentação', 'Documentation'),
        option('desenvolvimento', 'Desenvolvimento', 'Development'),
        option('reuniao', 'Reunião', 'Meeting'),
      ],
    }),
    PRIORIDADE_FIELD,
    field('prazo', 'DATE_TIME', text('Prazo', 'Due date'), { indexed: true }),
    field('estimativaHoras', 'DURATION', text('Estimativa (h)', 'Estimate (h)'), { minimum: 0 }),
    field('horasApontadas', 'DURATION', text('Horas apontadas (h)', 'Hours logged (h)'), {
      minimum: 0,
      indexed: true,
    }),
    field('observadores', 'USERS', text('Observadores', 'Watchers'), { multiple: true }),
  ],
  forms: [
    {
      id: 5,
      name: text('Tarefa', 'Task'),
      layout: [
        { type: 'workflows' },
        { type: 'itemType' },
        control('textbox', 'Title', 12),
        control('dropdown', 'atividade', 6),
        control('dropdown', 'tipoTarefa', 3),
        control('dropdown', 'prioridade', 3),
        control('dateChooser', 'prazo', 4),
        control('numericPicker', 'estimativaHoras', 4),
        { ...control('numericPicker', 'horasApontadas', 4), readOnly: true },
        control('dropdown', 'observadores', 12),
        control('formattedText', 'descricao', 12),
        {
          type: 'tabControl',
          tabs: [
            { title: text('Apontamentos', 'Timesheets'), children: [{ type: 'timesheets' }] },
            {
              title: text('Anexos', 'Attachments'),
              children: [attachmentsWithIndexes([DOCUMENT_TYPE_INDEX, SHEET_INDEX])],
            },
            {
              title: text('Dependências', 'Dependencies'),
              children: [{ type: 'predecessorActivities' }, { type: 'itemLinks' }],
            },
            {
              title: text('Histórico', 'History'),
              children: [{ type: 'itemHistory' }, { type: 'notifications' }],
            },
          ],
        },
      ],
    },
    {
      id: 10,
      name: text('Alterar tarefas em lote', 'Bulk edit tasks'),
      mode: 3,
      layout: [
        control('dropdown', 'prioridade', 4),
        control('dateChooser', 'prazo', 4),
        control('dropdown', 'tipoTarefa', 4),
      ],
    },
  ],
  listViews: [
    {
      id: 3,
      name: text('Tarefas', 'Tasks'),
      columns: [
        { field: 'FormattedID', width: 150 },
        { field: 'Title' },
        { field: 'StatusName' },
        { field: 'prioridade' },
        { field: 'prazo' },
        { field: 'ProjectName' },
        { field: 'ResponsibleName' },
        { field: 'estimativaHoras' },
        { field: 'horasApontadas', visible: false },
      ],
    },
  ],
  queries: [
    {
      // What the operation 'Concluir tarefas atrasadas' walks (operacoes.ts): the tasks that have a due date.
      id: 8,
      name: text('Tarefas com prazo', 'Tasks with a due date'),
      filter: { logicSeparator: 'AND', filters: [{ field: 'prazo', operator: 'isNotEmpty' }] },
      sort: [{ field: 'prazo', sortDirection: 'asc' }],
    },
    {
      id: 3,
      name: text('Minhas tarefas', 'My tasks'),
      // Each user's own: the tasks they are responsible for, and the ones they created that nobody took yet.
      filter: {
        logicSeparator: 'OR',
        filters: [
          { field: 'ResponsibleName', operator: 'eq', value: CURRENT_USER },
          {
            logicSeparator: 'AND',
            filters: [
              { field: 'ResponsibleName', operator: 'isEmpty' },
              { field: 'CreatorName', operator: 'eq', value: CURRENT_USER },
            ],
          },
        ],
      },
      sort: [
        { field: 'prazo', sortDirection: 'asc' },
        { field: 'prioridade', sortDirection: 'desc' },
      ],
    },
  ],
  kanbanViews: [
    {
      id: 1,
      name: text('Quadro de tarefas', 'Task board'),
      laneField: 'StatusName',
      lanes: [
        { value: 'aFazer', color: STATUS.aFazer },
        { value: 'emAndamento', color: STATUS.emAndamento },
        { value: 'concluida', color: STATUS.concluida },
      ],
      cardFields: ['prioridade', 'prazo', 'ResponsibleName'],
      formId: 5,
    },
  ],
  calendarViews: [
    {
      id: 1,
      name: text('Prazos das tarefas', 'Task due dates'),
      startField: 'prazo',
      colorField: 'prioridade',
    },
  ],
  workflow: {
    statuses: [
      // A task waits 16 working hours to be started and is worked on for 3 working days (engine/deadlines).
      {
        key: 'aFazer',
        name: text('A fazer', 'To do'),
        color: STATUS.aFazer,
        initial: true,
        sla: { amount: 16, unit: 'workingHours' },
      },
      {
        key: 'emAndamento',
        name: text('Em andamento', 'In progress'),
        color: STATUS.emAndamento,
        sla: { amount: 3, unit: 'workingDays' },
      },
      { key: 'concluida', name: text('Concluída', 'Done'), color: STATUS.concluida, done: true },
    ],
    actions: [
      { key: 'iniciar', name: text('Iniciar', 'Start'), from: ['aFazer'], to: 'emAndamento' },
      {
        key: 'concluir',
        name: text('Concluir', 'Finish'),
        from: ['aFazer', 'emAndamento'],
        to: 'concluida',
        effects: [
          {
            kind: 'notify',
            recipients: [{ kind: 'field', field: 'observadores' }],
            subject: text('Tarefa {{FormattedID}} concluída', 'Task {{FormattedID}} done'),
            message: text(
              '{{ActorName}} concluiu a tarefa {{Title}}.',
              '{{ActorName}} finished the task {{Title}}.',
            ),
            channels: ['message'],
          },
        ],
      },
      {
        // Nobody holds it any more: the task waits, unassigned, in its project for someone to take it.
        key: 'devolver',
        name: text('Devolver para a fila', 'Back to the queue'),
        from: ['emAndamento'],
        to: 'aFazer',
        effects: [{ kind: 'assignResponsible', to: { kind: 'none' } }],
      },
      {
        key: 'reabrir',
        name: text('Reabrir', 'Reopen'),
        from: ['concluida'],
        to: 'emAndamento',
        reasonRequired: true,
        effects: [
          {
            kind: 'notify',
            recipients: [{ kind: 'role', role: 'responsible' }],
            subject: text('Tarefa {{FormattedID}} reaberta', 'Task {{FormattedID}} reopened'),
            message: text(
              '{{ActorName}} reabriu a tarefa {{Title}}: {{Reason}}',
              '{{ActorName}} reopened the task {{Title}}: {{Reason}}',
            ),
            channels: ['message'],
          },
        ],
      },
    ],
  },
  reports: [
    {
      id: 2,
      name: text('Tarefas por responsável', 'Tasks by responsible'),
      groupBy: [{ field: 'ResponsibleName', by: 'value' }],
      measures: [
        { aggregate: 'count' },
        { aggregate: 'sum', field: 'horasApontadas', label: text('Horas apontadas', 'Hours logged') },
      ],
      chart: 'bar',
      parameters: [
        { key: 'projeto', label: text('Projeto', 'Project'), type: 'project', field: 'ProjectName' },
        { key: 'situacao', label: text('Situação', 'Status'), type: 'picklist', field: 'StatusName' },
      ],
    },
  ],
  rules: [
    {
      id: 'avisarResponsavel',
      kind: 'action',
      trigger: { on: 'change', field: 'ResponsibleName' },
      effects: [
        {
          kind: 'notify',
          recipients: [{ kind: 'role', role: 'responsible' }],
          subject: text('Nova tarefa atribuída a você', 'A task was assigned to you'),
          message: text(
            'Você é o novo responsável por uma tarefa.',
            'You are the new responsible for a task.',
          ),
        },
      ],
    },
  ],
} satisfies ComponentDefinitionInput;
