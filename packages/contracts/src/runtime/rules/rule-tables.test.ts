import { describe, expect, it } from 'vitest';
import { evaluateComponentRules, evaluateFormRules } from './form-rules.ts';
import { evaluateRuleExpression, RuleExpressionError } from './rule-expression.ts';
import { referencedTableKeys, referenceTableSource } from './rule-functions.ts';
import { PARITY_COMPONENT, PARITY_NOW } from './rule-parity-cases.ts';

const tables = [{ key: 'limites', rows: [{ tipo: 'periodo', largura: 3 }] }];

describe('$table: reference tables in rules', () => {
  it('answers the rows of the table of that key', async () => {
    const source = referenceTableSource(tables);
    await expect(evaluateRuleExpression("$table('limites').largura", {}, { tables: source })).resolves.toBe(
      3,
    );
  });

  it('a table the definition lacks, or no tables at all, is an error (a validation over it fails closed)', async () => {
    const source = referenceTableSource(tables);
    await expect(evaluateRuleExpression("$table('taxas')", {}, { tables: source })).rejects.toMatchObject({
      code: 'RULE_TABLE',
    });
    await expect(evaluateRuleExpression("$table('limites')", {})).rejects.toBeInstanceOf(RuleExpressionError);
    const result = await evaluateComponentRules(
      { ...PARITY_COMPONENT, referenceTables: [] },
      { ID: 1, pbtc: 1, tipo: 'periodo', larguraTotal: 2 },
      'beforeSave',
      undefined,
      { now: PARITY_NOW },
    );
    expect(result.errors.map((error) => error.ruleId)).toContain('larguraMaxima');
  });

  it("evaluateFormRules reads the definition's own tables", async () => {
    const { referenceTables: _, ...component } = PARITY_COMPONENT;
    const result = await evaluateFormRules(
      { components: [component], referenceTables: tables },
      component.id,
      { ID: 1, pbtc: 1, tipo: 'periodo' },
      'change',
      'tipo',
      { now: PARITY_NOW },
    );
    expect(result.values.limiteLargura).toBe(3);
  });

  it('the tables a definition part reads are named by its $table calls', async () => {
    expect([...referencedTableKeys(PARITY_COMPONENT.rules)]).toEqual(['limites']);
    expect([...referencedTableKeys({ expression: '$table("taxasAet")[tipo = 1]' })]).toEqual(['taxasAet']);
    expect(referencedTableKeys({ expression: 'pbtc > 57' }).size).toBe(0);
  });
});
