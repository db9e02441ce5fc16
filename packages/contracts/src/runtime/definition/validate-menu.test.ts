import { describe, expect, it } from 'vitest';
import type { ApplicationDefinitionInput } from './application.ts';
import { menuRowsOf } from './menu-rows.ts';
import { validateApplicationDefinition } from './validate.ts';

const t = (text: string) => ({ 'pt-BR': text, en: text });

/** An application with one component and a work-queue entry restricted to `groups`. */
function withQueueFor(groups: string[]): ApplicationDefinitionInput {
  return {
    schemaVersion: 1,
    key: 'teste',
    version: 1,
    name: 'Teste',
    groups: ['Analistas DER', 'Requerentes'],
    menu: [{ key: 'pendencias', name: t('Minhas pendências'), target: { kind: 'pendingWork' }, groups }],
    components: [
      {
        id: 10,
        name: 'Pedido',
        label: t('Pedido'),
        pluralLabel: t('Pedidos'),
        formattedIdPattern: 'PED-{SEQ:5}',
        fields: [],
      },
    ],
  };
}

describe('menu entries restricted to groups', () => {
  it('accepts groups the application is granted to, in any case, and stores them on the row', () => {
    const result = validateApplicationDefinition(withQueueFor(['analistas der']));
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    const [row] = menuRowsOf(result.definition.menu, 4, { publicUrl: 'https://portal.test' });
    expect(row).toMatchObject({
      key: 'pendencias',
      link: '/runtime/4/pendingWork',
      groups: ['analistas der'],
    });
  });

  it('refuses a group the application is not granted to (its members could never open the entry)', () => {
    const result = validateApplicationDefinition(withQueueFor(['Analistas DER', 'Fiscais']));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      { path: 'menu[0].groups[1]', message: "'Fiscais' is not one of the application's groups" },
    ]);
  });

  it('defaults to no restriction', () => {
    const result = validateApplicationDefinition(withQueueFor([]));
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.definition.menu[0]!.groups).toEqual([]);
  });
});
