import { describe, expect, it } from 'vitest';
import type { ApplicationDefinitionInput } from './application.ts';
import { validateApplicationDefinition } from './validate.ts';

const t = (text: string) => ({ 'pt-BR': text, en: text });

// biome-ignore lint/suspicious/noExplicitAny: the tests break the document in ways its type forbids.
type Loose = any;

function definition(): ApplicationDefinitionInput & { operations: Loose[]; menu: Loose[] } {
  return {
    schemaVersion: 1,
    key: 'ops',
    version: 1,
    name: 'Operações',
    menu: [{ key: 'op', name: t('Op'), target: { kind: 'operation', operationId: 5, title: 'Op' } }],
    components: [
      {
        id: 20,
        name: 'Tarefa',
        label: t('Tarefa'),
        pluralLabel: t('Tarefas'),
        formattedIdPattern: 'T-{SEQ:4}',
        fields: [
          { key: 'situacao', type: 'STRING', label: t('Situação') },
          { key: 'velho', type: 'STRING', label: t('Velho'), deprecated: true },
        ],
        queries: [{ id: 21, name: t('Atrasadas') }],
      },
    ],
    operations: [
      {
        id: 5,
        name: t('Concluir'),
        prompt: {
          title: t('Motivo'),
          fields: [{ key: 'motivo', type: 'STRING', label: t('Motivo'), required: true }],
        },
        effect: { kind: 'updateItems', componentId: 20, queryId: 21, set: { situacao: "'concluida'" } },
        message: "'Feito: ' & $string(updated)",
        groups: ['Gestores'],
      },
    ],
  };
}

const errorsOf = (doc: unknown) => {
  const result = validateApplicationDefinition(doc);
  return result.ok ? [] : result.errors;
};

describe('operations in a definition', () => {
  it('accepts a valid operation and a menu linking to it', () => {
    expect(errorsOf(definition())).toEqual([]);
  });

  it('an application without operations defaults to none', () => {
    const doc = definition();
    delete (doc as Loose).operations;
    doc.menu = [];
    const result = validateApplicationDefinition(doc);
    expect(result.ok && result.definition.operations).toEqual([]);
  });

  it('reports a menu link to an unknown operation', () => {
    const doc = definition();
    doc.menu[0].target.operationId = 99;
    expect(errorsOf(doc)).toEqual([{ path: 'menu[0].target.operationId', message: 'unknown operation 99' }]);
  });

  it('reports duplicate ids and prompt keys', () => {
    const doc = definition();
    doc.operations.push({ ...doc.operations[0] });
    doc.operations[1].prompt = {
      title: t('x'),
      fields: [doc.operations[0].prompt.fields[0], doc.operations[0].prompt.fields[0]],
    };
    expect(errorsOf(doc).map((error) => error.path)).toEqual([
      'operations[1].id',
      'operations[1].prompt.fields[1].key',
    ]);
  });

  it('reports unknown components, queries and fields with exact paths', () => {
    const doc = definition();
    doc.operations[0].effect.queryId = 77;
    doc.operations[0].effect.set = { situacao: "'x'", inexistente: "'y'", velho: "'z'", Version: '1' };
    expect(errorsOf(doc).map((error) => error.path)).toEqual([
      'operations[0].effect.queryId',
      'operations[0].effect.set.inexistente',
      'operations[0].effect.set.velho',
      'operations[0].effect.set.Version',
    ]);
    const other = definition();
    other.operations[0].effect.componentId = 999;
    expect(errorsOf(other)).toEqual([
      { path: 'operations[0].effect.componentId', message: 'unknown component 999' },
    ]);
  });

  it('reports expressions that do not compile or are refused', () => {
    const doc = definition();
    doc.operations[0].message = "'a' & ";
    doc.operations[0].effect.set = { situacao: '$eval("1")' };
    expect(errorsOf(doc).map((error) => error.path)).toEqual([
      'operations[0].message',
      'operations[0].effect.set.situacao',
    ]);
  });

  it('reports a workflow action the component lacks, a bad when/reason, and an effect that does nothing', () => {
    const doc = definition();
    doc.operations[0].effect = {
      kind: 'updateItems',
      componentId: 20,
      queryId: 21,
      action: 'concluir',
      when: 'prazo <',
      reason: '$eval("1")',
    };
    expect(errorsOf(doc).map((error) => error.path)).toEqual([
      'operations[0].effect.action',
      'operations[0].effect.reason',
      'operations[0].effect.when',
    ]);
    const empty = definition();
    empty.operations[0].effect = { kind: 'updateItems', componentId: 20, queryId: 21 };
    expect(errorsOf(empty)).toEqual([
      { path: 'operations[0].effect.set', message: 'set a field or run an action' },
    ]);
  });
});
