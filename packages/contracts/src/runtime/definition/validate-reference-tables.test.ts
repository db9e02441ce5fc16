import { describe, expect, it } from 'vitest';
import { validateApplicationDefinition } from './validate.ts';

const t = (text: string) => ({ 'pt-BR': text, en: text });

function definitionWith(expression: string) {
  return {
    schemaVersion: 1,
    key: 'limites',
    version: 1,
    name: 'Limites',
    referenceTables: [
      {
        key: 'limitesAet',
        name: t('Limites'),
        columns: [{ key: 'valor', label: t('Valor'), type: 'number' }],
        rows: [{ valor: 2.6 }],
      },
    ],
    components: [
      {
        id: 7001,
        name: 'Pedido',
        label: t('Pedido'),
        pluralLabel: t('Pedidos'),
        formattedIdPattern: 'PED-{SEQ:4}',
        fields: [{ key: 'largura', type: 'DECIMAL', label: t('Largura') }],
        rules: [
          { id: 'limite', kind: 'validation', field: 'largura', expression, message: t('Acima do limite') },
        ],
      },
    ],
  };
}

describe('$table in a definition', () => {
  it('accepts a table the definition has', () => {
    const result = validateApplicationDefinition(definitionWith("largura <= $table('limitesAet').valor"));
    expect(result.ok, JSON.stringify(result)).toBe(true);
  });

  it('refuses a table the definition lacks, naming the component', () => {
    const result = validateApplicationDefinition(definitionWith("largura <= $table('taxas').valor"));
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.errors).toContainEqual(
        expect.objectContaining({
          message: "$table('taxas'): the definition has no reference table 'taxas'",
        }),
      );
  });
});
