import { evaluateRuleExpression } from '@der/contracts';
import { describe, expect, it } from 'vitest';
import { DRAWING_REVIEW_START, EVERY_SHEET_APPROVED } from './tpeu-desenhos.ts';
import { SOLICITACAO_TPEU_WORKFLOW } from './tpeu-workflow.ts';

const rowsExpression = (DRAWING_REVIEW_START[0] as { expression: string }).expression;
const sheets = (count: number) => Array.from({ length: count }, (_, index) => 100 + index);
const approved = (values: Record<string, unknown>) =>
  evaluateRuleExpression(EVERY_SHEET_APPROVED, values, {});

describe('the technical review of the drawings, sheet by sheet', () => {
  it('lists a row per sheet, keeping verdicts but a rejection, whose comments stay', async () => {
    expect(await evaluateRuleExpression(rowsExpression, { projetoDesenhos: sheets(2) }, {})).toEqual([
      { folha: 1 },
      { folha: 2 },
    ]);
    const review = [
      { folha: 1, parecer: 'aprovadoRessalvas', comentarios: 'Cotas ilegíveis.' },
      { folha: 2, parecer: 'reprovado', comentarios: 'Sem marcos.' },
    ];
    expect(
      await evaluateRuleExpression(
        rowsExpression,
        { projetoDesenhos: sheets(3), analiseDesenhos: review },
        {},
      ),
    ).toEqual([review[0], { folha: 2, comentarios: 'Sem marcos.' }, { folha: 3 }]);
  });

  it('approves only when every sheet is approved, a caveat with its comments', async () => {
    const values = (analiseDesenhos: unknown, count = 2) => ({
      projetoDesenhos: sheets(count),
      analiseDesenhos,
    });
    expect(await approved({})).toBe(true);
    expect(await approved(values([{ folha: 1, parecer: 'aprovado' }]))).toBe(false);
    expect(
      await approved(
        values([
          { folha: 1, parecer: 'aprovado' },
          { folha: 2, parecer: 'reprovado', comentarios: 'x' },
        ]),
      ),
    ).toBe(false);
    expect(
      await approved(
        values([
          { folha: 1, parecer: 'aprovado' },
          { folha: 2, parecer: 'aprovadoRessalvas' },
        ]),
      ),
    ).toBe(false);
    expect(
      await approved(
        values([
          { folha: 1, parecer: 'aprovado' },
          { folha: 2, parecer: 'aprovadoRessalvas', comentarios: 'Recompor o pavimento.' },
        ]),
      ),
    ).toBe(true);
  });

  it('is the gate of approval, and rejected sheets have their own way back', () => {
    const action = (key: string) =>
      SOLICITACAO_TPEU_WORKFLOW.actions.find((candidate) => candidate.key === key);
    expect(action('aprovar')?.validation?.expression).toBe(EVERY_SHEET_APPROVED);
    expect(action('devolverDesenhos')).toMatchObject({ from: ['analiseTecnica'], to: 'desenhosReprovados' });
    expect(action('reenviarDesenhos')).toMatchObject({ to: 'analiseTecnica', allowedRoles: ['creator'] });
  });
});
