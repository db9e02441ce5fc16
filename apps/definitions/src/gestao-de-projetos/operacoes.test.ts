import { evaluateRuleExpression } from '@der/contracts';
import { describe, expect, it } from 'vitest';
import { OPERACOES } from './operacoes.ts';

const [concluir] = OPERACOES;
const NOW = new Date('2026-03-10T12:00:00.000Z');
const descricaoOf = (values: Record<string, unknown>) =>
  evaluateRuleExpression(
    concluir!.effect!.set.descricao!,
    { ...values, prompt: { motivo: 'prazo' } },
    { now: NOW },
  );

describe('Concluir tarefas atrasadas', () => {
  it('records the reason on overdue tasks only', async () => {
    expect(await descricaoOf({ prazo: '2026-03-01T12:00:00.000Z', descricao: 'Vistoria' })).toBe(
      'Vistoria\nConcluída: prazo',
    );
    expect(await descricaoOf({ prazo: '2026-03-01T12:00:00.000Z' })).toBe('Concluída: prazo');
    expect(await descricaoOf({ prazo: '2026-04-01T12:00:00.000Z', descricao: 'Vistoria' })).toBe('Vistoria');
  });

  it('answers how many tasks it changed', async () => {
    expect(await evaluateRuleExpression(concluir!.message, { updated: 3, prompt: {} })).toBe(
      '3 tarefa(s) atrasada(s) registrada(s).',
    );
  });
});
