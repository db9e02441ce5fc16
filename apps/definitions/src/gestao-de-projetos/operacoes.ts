import type { OperationDefinitionInput } from '@der/contracts';
import { GROUPS, text } from '../shared/builders.ts';

/**
 * Gestão de Projetos operations (spec §2.9 `operation/{operationID}`). 'Concluir tarefas atrasadas' asks for a
 * reason and runs the workflow action 'concluir' on every overdue task the user may change, recording the reason
 * (query 8 selects the tasks with a due date, `when` keeps the overdue ones; tasks already concluded are skipped).
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
      when: 'prazo < $now()',
      action: 'concluir',
      reason: 'prompt.motivo',
    },
    message: "$string(updated) & ' tarefa(s) atrasada(s) concluída(s).'",
    groups: [GROUPS.analistas],
  },
];
