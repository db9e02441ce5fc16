import type { ComponentDefinition } from '@der/contracts';
import { describe, expect, it } from 'vitest';
import { describeChanges } from './form-history.ts';

const component = {
  id: 1,
  name: 'Pedido',
  label: { 'pt-BR': 'Pedido', en: 'Request' },
  fields: [],
  workflow: {
    statuses: [{ key: 'emAnalise', name: { 'pt-BR': 'Em análise', en: 'Under review' } }],
    actions: [],
  },
} as unknown as ComponentDefinition;

describe('history of a workflow action (the one save records the responsible and the group queue)', () => {
  it('names the responsible user and the responsible group, and the status by its name', () => {
    const changes = describeChanges(
      component,
      {
        StatusName: { from: null, to: 'emAnalise' },
        ResponsibleName: { from: null, to: 7 },
        ResponsibleGroup: { from: 3, to: null },
      },
      'pt-BR',
      new Map([[7, 'Ana Analista']]),
      new Map([[3, 'Analistas AET']]),
    );
    expect(changes).toEqual([
      { field: 'StatusName', label: expect.any(String), oldValue: '', newValue: 'Em análise' },
      { field: 'ResponsibleName', label: expect.any(String), oldValue: '', newValue: 'Ana Analista' },
      { field: 'ResponsibleGroup', label: 'Grupo responsável', oldValue: 'Analistas AET', newValue: '' },
    ]);
  });
});
