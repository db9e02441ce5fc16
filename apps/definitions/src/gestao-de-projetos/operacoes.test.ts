import { evaluateRuleExpression } from '@der/contracts';
import { describe, expect, it } from 'vitest';
import { OPERACOES } from './operacoes.ts';
import { TAREFA } from './tarefa.ts';

const [concluir] = OPERACOES;
const effect = concluir!.effect!;
const NOW = new Date('2026-03-10T12:00:00.000Z');
const evaluate = (expression: string, values: Record<string, unknown>) =>
  evaluateRuleExpression(expression, { ...values, prompt: { motivo: 'prazo' } }, { now: NOW });

describe('Concluir tarefas atrasadas', () => {
  it('keeps overdue tasks only', async () => {
    expect(await evaluate(effect.when!, { prazo: '2026-03-01T12:00:00.000Z' })).toBe(true);
    expect(await evaluate(effect.when!, { prazo: '2026-04-01T12:00:00.000Z' })).toBe(false);
  });

  it('concludes them through the task workflow, from to-do or in progress, with the prompt as the reason', async () => {
    const action = TAREFA.workflow?.actions?.find((candidate) => candidate.key === effect.action);
    expect(action).toMatchObject({ from: ['aFazer', 'emAndamento'], to: 'concluida' });
    expect(await evaluate(effect.reason!, {})).toBe('prazo');
  });

  it('answers how many tasks it changed', async () => {
    expect(await evaluateRuleExpression(concluir!.message, { updated: 3, prompt: {} })).toBe(
      '3 tarefa(s) atrasada(s) concluída(s).',
    );
  });
});
