import { describe, expect, it } from 'vitest';
// The shipped demo definitions (apps/definitions): their rule expressions must all run under the engine.
import { DEMO_DEFINITIONS } from '../../../../../apps/definitions/src/index.ts';
import { ApplicationDefinitionSchema } from '../definition/application.ts';
import { evaluateFormRules } from './form-rules.ts';
import { compileRuleExpression } from './rule-expression.ts';

const definitions = DEMO_DEFINITIONS.map((definition) => ApplicationDefinitionSchema.parse(definition));
const now = new Date('2026-03-10T12:00:00.000Z');

/** Every expression text of a definition: rules, rule effects, workflow conditions and effects, indicators. */
function expressionsOf(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const entry of value) expressionsOf(entry, found);
  else if (value && typeof value === 'object')
    for (const [key, entry] of Object.entries(value)) {
      if ((key === 'expression' || key === 'condition') && typeof entry === 'string') found.push(entry);
      else expressionsOf(entry, found);
    }
  return found;
}

describe('the demo definitions under the rule engine', () => {
  it('every expression compiles (no regex, no $eval, within the length cap)', () => {
    const expressions = definitions.flatMap((definition) => expressionsOf(definition));
    expect(expressions.length).toBeGreaterThan(40);
    for (const expression of expressions) expect(() => compileRuleExpression(expression)).not.toThrow();
  });

  it('every component runs its rules on load, change and beforeSave without a failing expression', async () => {
    for (const definition of definitions)
      for (const component of definition.components) {
        for (const event of ['load', 'change', 'beforeSave'] as const) {
          const result = await evaluateFormRules(definition, component.id, {}, event, undefined, { now });
          expect(result.ruleFailures, `${component.name} ${event}`).toEqual([]);
        }
      }
  });

  it('the AET request: default start of validity, flags, CMT check and the dangerous-goods fields', async () => {
    const aet = definitions.find((definition) => definition.key === 'aet')!;
    const request = aet.components.find((component) => component.id === 1)!;
    const loaded = await evaluateFormRules(aet, request.id, {}, 'load', undefined, { now });
    expect(loaded.values).toMatchObject({
      dataInicioValidade: now.toISOString(),
      tipoAutorizacao: 'viagemUnica',
    });
    expect(loaded.visibility.numeroOnu).toBe(false);

    const values = {
      ...loaded.values,
      ID: 10,
      pbtc: '60,5',
      cmtCavalo: 50,
      larguraTotal: 3.2,
      cargaPerigosa: true,
      dataFimValidade: '2026-09-30',
    };
    const saved = await evaluateFormRules(aet, request.id, values, 'beforeSave', undefined, { now });
    expect(saved.values).toMatchObject({ pbtc: 60.5, excedeLargura: true, excedePeso: true });
    expect(saved.visibility.numeroOnu).toBe(true);
    expect(saved.required.numeroOnu).toBe(true);
    const messages = saved.errors.map((error) => `${error.field}: ${error.message.en}`);
    expect(messages).toContain(
      "pbtc: The gross combination weight cannot exceed the tractor's maximum traction capacity.",
    );
    expect(messages).toContain('numeroOnu: Fill in this field');
    expect(messages).toContain(
      'dataFimValidade: Validity is at most 90 days for a single trip and 12 months for a period.',
    );
    expect(saved.ruleFailures).toEqual([]);
  });
});
