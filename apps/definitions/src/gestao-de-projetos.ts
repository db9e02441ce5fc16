import { type ApplicationDefinitionInput, DEFINITION_SCHEMA_VERSION } from '@der/contracts';
import { ATIVIDADE } from './gestao-de-projetos/atividade.ts';
import { OPERACOES } from './gestao-de-projetos/operacoes.ts';
import { PROJETO } from './gestao-de-projetos/projeto.ts';
import { ARQUIVO, PASTA, REPOSITORIO_DOCUMENTOS } from './gestao-de-projetos/repositorio.ts';
import { TAREFA } from './gestao-de-projetos/tarefa.ts';
import { GROUPS, MINHAS_PENDENCIAS, text } from './shared/builders.ts';

/** Gestão de Projetos: projects, their activities (WBS) and tasks. */
export const GESTAO_DE_PROJETOS_DEFINITION = {
  schemaVersion: DEFINITION_SCHEMA_VERSION,
  key: 'gestao-de-projetos',
  version: 1,
  name: 'Gestão de Projetos',
  iconName: 'AccountTree',
  appVersion: '1.0',
  displayOnToolbar: false,
  groups: [GROUPS.analistas, GROUPS.administradores],
  menu: [
    {
      key: 'gestao',
      name: text('Gestão', 'Management'),
      title: true,
      children: [
        {
          key: 'projetos',
          name: text('Projetos', 'Projects'),
          icon: 'AccountTree',
          multilevel: true,
          children: [
            {
              key: 'todos-projetos',
              name: text('Todos os projetos', 'All projects'),
              icon: 'FolderOpen',
              target: { kind: 'listProject', componentId: 3, projectId: 0, title: 'Projetos' },
            },
            {
              key: 'quadro',
              name: text('Quadro de tarefas', 'Task board'),
              icon: 'ViewKanban',
              target: { kind: 'kanban', viewId: 1, title: 'Quadro de tarefas' },
            },
          ],
        },
        {
          key: 'minhas-tarefas',
          name: text('Minhas tarefas', 'My tasks'),
          icon: 'Assignment',
          target: { kind: 'list', componentId: 4, formId: 5, queryId: 3, viewId: 3, title: 'Minhas tarefas' },
          // New assignments arrive as messages: the unread ones are what waits for the user.
          badgeSource: 'unreadMessages',
        },
        MINHAS_PENDENCIAS,
        {
          key: 'cronograma',
          name: text('Cronograma', 'Schedule'),
          icon: 'Schedule',
          target: { kind: 'schedule', viewId: 1, title: 'Cronograma' },
        },
        {
          key: 'calendario',
          name: text('Calendário', 'Calendar'),
          icon: 'CalendarMonth',
          target: { kind: 'calendar', title: 'Calendário' },
        },
        {
          key: 'apontamentos',
          name: text('Apontamentos', 'Time entry'),
          icon: 'Timer',
          multilevel: true,
          children: [
            {
              key: 'meus-apontamentos',
              name: text('Meus apontamentos', 'My timesheet'),
              icon: 'Schedule',
              target: { kind: 'myTimesheet', title: 'Meus apontamentos' },
            },
            {
              key: 'apontamentos-equipe',
              name: text('Apontamentos da equipe', 'Team timesheets'),
              icon: 'Group',
              target: { kind: 'timesheetList', title: 'Apontamentos da equipe' },
            },
            {
              key: 'fechamento-mes',
              name: text('Fechamento de mês', 'Month closing'),
              icon: 'Event',
              target: { kind: 'closeMonthList', title: 'Fechamento de mês' },
            },
          ],
        },
        {
          key: 'concluir-atrasadas',
          name: text('Concluir tarefas atrasadas', 'Conclude overdue tasks'),
          icon: 'PlaylistAddCheck',
          target: { kind: 'operation', operationId: 1, title: 'Concluir tarefas atrasadas' },
        },
        {
          key: 'repositorios',
          name: text('Repositórios', 'Repositories'),
          icon: 'Folder',
          target: { kind: 'repositories', title: 'Repositórios' },
        },
        {
          key: 'recursos',
          name: text('Recursos', 'Resources'),
          icon: 'Work',
          target: { kind: 'resourcesList', title: 'Recursos' },
        },
        {
          key: 'relatorios',
          name: text('Relatórios', 'Reports'),
          icon: 'Assessment',
          target: { kind: 'report', reportId: 2, title: 'Tarefas por responsável' },
        },
      ],
    },
  ],
  components: [PROJETO, TAREFA, ATIVIDADE, PASTA, ARQUIVO],
  operations: OPERACOES,
  repositories: [REPOSITORIO_DOCUMENTOS],
} satisfies ApplicationDefinitionInput;
