import type { ComponentDefinitionInput } from '@der/contracts';
import { control, field, text } from '../shared/builders.ts';

/** Component 5: an activity of a project's WBS (EAP), with planned and actual dates and predecessors. */
export const ATIVIDADE = {
  id: 5,
  name: 'Atividade',
  label: text('Atividade', 'Activity'),
  pluralLabel: text('Atividades', 'Activities'),
  formattedIdPattern: 'ATV-{YYYY}-{SEQ:5}',
  timeEntry: 'activity',
  fields: [
    field('codigoEap', 'STRING', text('Código EAP', 'WBS code'), {
      required: true,
      maxLength: 30,
      indexed: true,
    }),
    field('descricao', 'RICH_TEXT', text('Descrição', 'Description')),
    field('inicioPrevisto', 'DATE_TIME', text('Início previsto', 'Planned start'), {
      required: true,
      indexed: true,
    }),
    field('fimPrevisto', 'DATE_TIME', text('Fim previsto', 'Planned end'), { required: true, indexed: true }),
    field('inicioReal', 'DATE_TIME', text('Início real', 'Actual start'), { indexed: true }),
    field('fimReal', 'DATE_TIME', text('Fim real', 'Actual end'), { indexed: true }),
    field('percentualConcluido', 'PERCENTILE', text('Concluído (%)', 'Done (%)'), {
      minimum: 0,
      maximum: 100,
      editInGrid: true,
      indexed: true,
    }),
    field('horasPrevistas', 'DURATION', text('Horas previstas (h)', 'Planned hours (h)'), { minimum: 0 }),
    field('predecessoras', 'GENERIC_ITEM_TYPE', text('Atividades predecessoras', 'Predecessor activities'), {
      targetComponentId: 5,
      multiple: true,
    }),
  ],
  forms: [
    {
      id: 7,
      name: text('Atividade', 'Activity'),
      layout: [
        { type: 'itemType' },
        control('textbox', 'codigoEap', 3),
        control('textbox', 'Title', 9),
        control('dateChooser', 'inicioPrevisto', 3),
        control('dateChooser', 'fimPrevisto', 3),
        control('dateChooser', 'inicioReal', 3),
        control('dateChooser', 'fimReal', 3),
        control('numericPicker', 'percentualConcluido', 6),
        control('numericPicker', 'horasPrevistas', 6),
        control('formattedText', 'descricao', 12),
        { type: 'predecessorActivities' },
        { type: 'activityResource' },
        { type: 'notifications' },
        { type: 'timeline', componentId: 4, label: text('Tarefas', 'Tasks') },
      ],
    },
  ],
  listViews: [
    {
      id: 5,
      name: text('Atividades', 'Activities'),
      columns: [
        { field: 'codigoEap', width: 150 },
        { field: 'Title' },
        { field: 'inicioPrevisto' },
        { field: 'fimPrevisto' },
        { field: 'percentualConcluido' },
        { field: 'ResponsibleName' },
      ],
    },
  ],
  queries: [
    { id: 6, name: text('Atividades', 'Activities'), sort: [{ field: 'codigoEap', sortDirection: 'asc' }] },
  ],
  scheduleViews: [
    {
      id: 1,
      name: text('Cronograma', 'Schedule'),
      startField: 'inicioPrevisto',
      endField: 'fimPrevisto',
      progressField: 'percentualConcluido',
      predecessorsField: 'predecessoras',
      queryId: 6,
    },
  ],
  rules: [
    {
      id: 'fimAposInicio',
      kind: 'validation',
      field: 'fimPrevisto',
      expression: 'fimPrevisto >= inicioPrevisto',
      message: text(
        'O fim previsto deve ser posterior ao início previsto.',
        'The planned end must follow the planned start.',
      ),
    },
  ],
} satisfies ComponentDefinitionInput;
