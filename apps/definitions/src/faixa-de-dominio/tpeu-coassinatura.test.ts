import { ApplicationDefinitionSchema, evaluateRuleExpression } from '@der/contracts';
import { describe, expect, it } from 'vitest';
import { FAIXA_DE_DOMINIO_DEFINITION } from '../faixa-de-dominio.ts';
import { CO_SIGNATURE_AT_PROTOCOL, CO_SIGNATURE_CHECK } from './tpeu-coassinatura.ts';

const definition = ApplicationDefinitionSchema.parse(FAIXA_DE_DOMINIO_DEFINITION);
const tables = (key: string) => definition.referenceTables.find((table) => table.key === key)?.rows;
const evaluate = (expression: string, values: Record<string, unknown>) =>
  evaluateRuleExpression(expression, values, { now: new Date('2026-12-01T12:00:00Z'), tables });

describe("the permissionário's co-signature of the TPEU (tpeu-coassinatura.ts)", () => {
  it('is asked at protocolling by the table: advertising signs its term, utilities do not', async () => {
    if (CO_SIGNATURE_AT_PROTOCOL.kind !== 'setField') throw new Error('a setField');
    expect(await evaluate(CO_SIGNATURE_AT_PROTOCOL.expression, { finalidade: 'publicidade' })).toBe(true);
    for (const finalidade of ['energia', 'agua', 'acesso'])
      expect(await evaluate(CO_SIGNATURE_AT_PROTOCOL.expression, { finalidade })).toBe(false);
  });

  it('lets the process authorise the works only when no signature is asked (the field unset included)', async () => {
    if (CO_SIGNATURE_CHECK.kind !== 'runCheck') throw new Error('a runCheck');
    const [criterion] = CO_SIGNATURE_CHECK.criteria;
    expect(await evaluate(criterion!.expression, {})).toBe(true);
    expect(await evaluate(criterion!.expression, { assinaturaPermissionario: false })).toBe(true);
    expect(await evaluate(criterion!.expression, { assinaturaPermissionario: true })).toBe(false);
  });
});
