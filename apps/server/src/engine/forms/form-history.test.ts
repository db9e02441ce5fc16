import type { ComponentDefinition } from '@der/contracts';
import { describe, expect, it } from 'vitest';
import { describeChanges } from './form-history.ts';

const component = {
  id: 1,
  name: 'Pedido',
  label: { 'pt-BR': 'Pedido', en: 'Request' },
  fields: [
    {
      key: 'telefone',
      type: 'STRING',
      label: { 'pt-BR': 'Telefone', en: 'Phone' },
      pattern: 'phone',
      options: [],
    },
    {
      key: 'cpfCnpj',
      type: 'STRING',
      label: { 'pt-BR': 'CPF/CNPJ', en: 'CPF/CNPJ' },
      pattern: 'cpfCnpj',
      options: [],
    },
  ],
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

describe('history of changed values (what the analyst sees changed after a correction)', () => {
  it('shows masked texts as the form does, not as the digits stored', () => {
    const changes = describeChanges(
      component,
      {
        telefone: { from: '6232514400', to: '11912345678' },
        cpfCnpj: { from: '52998224725', to: '11222333000181' },
      },
      'pt-BR',
      new Map(),
      new Map(),
    );
    expect(changes).toEqual([
      { field: 'telefone', label: 'Telefone', oldValue: '(62) 3251-4400', newValue: '(11) 91234-5678' },
      { field: 'cpfCnpj', label: 'CPF/CNPJ', oldValue: '529.982.247-25', newValue: '11.222.333/0001-81' },
    ]);
  });
});
