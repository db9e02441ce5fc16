import type { OperationDefinitionInput } from '@der/contracts';
import { GROUPS, text } from '../shared/builders.ts';

/**
 * Gestão de Projetos operations (spec §2.9 `operation/{operationID}`). 'Concluir tarefas atrasadas' asks for a
 * reason and records it in the description of every overdue task the user may change (query 8 selects the tasks
 * with a due date; the expression leaves the others as they are, so they get no new version).
 */
export const OPERACOES: OperationDefinitionInput[] = [
  {
    id: 1,
    name: text('Concluir tarefas atrasadas', 'Conclude overdue tasks'),
    prompt: {
      title: text('Motivo da conclusão', 'Reason for concluding'),
      fields: [
        {
          key: 'motivo',
          type: 'STRING',
          label: text('Motivo', 'Reason'),
          required: true,
          maxLength: 200,
        },
      ],
    },
    effect: {
      kind: 'updateItems',
      componentId: 4,
      queryId: 8,
      set: {
        descricao:
          "prazo < $now() ? ($exists(descricao) ? descricao & '\\n' : '') & 'Concluída: ' & prompt.motivo : descricao",
      },
    },
    message: "$string(updated) & ' tarefa(s) atrasada(s) registrada(s).'",
    groups: [GROUPS.analistas],
  },
];
