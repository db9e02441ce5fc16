import { describe, expect, it } from 'vitest';
import type { ApplicationDefinitionInput } from './application.ts';
import { validateApplicationDefinition } from './validate.ts';

const t = (text: string) => ({ 'pt-BR': text, en: text });

// biome-ignore lint/suspicious/noExplicitAny: the tests break the document in ways its type forbids.
type Loose = any;

/** A small valid definition; each test breaks one thing. */
function definition(): ApplicationDefinitionInput & { components: Loose[]; menu: Loose[] } {
  return {
    schemaVersion: 1,
    key: 'teste',
    version: 1,
    name: 'Teste',
    groups: ['Analistas DER'],
    menu: [
      {
        key: 'itens',
        name: t('Itens'),
        title: true,
        children: [
          {
            key: 'lista',
            name: t('Lista'),
            target: { kind: 'list', componentId: 10, formId: 10, queryId: 10, viewId: 10, title: 'Lista' },
          },
          { key: 'quadro', name: t('Quadro'), target: { kind: 'kanban', viewId: 10, title: 'Quadro' } },
        ],
      },
    ],
    components: [
      {
        id: 10,
        name: 'Pedido',
        label: t('Pedido'),
        pluralLabel: t('Pedidos'),
        formattedIdPattern: 'PED-{YYYY}-{SEQ:5}',
        fields: [
          { key: 'valor', type: 'CURRENCY', label: t('Valor (R$)'), indexed: true },
          {
            key: 'situacao',
            type: 'PICKLIST',
            label: t('Situação'),
            options: [
              { value: 'a', text: t('A') },
              { value: 'b', text: t('B') },
            ],
            defaultValue: 'a',
          },
          { key: 'prazo', type: 'DATE_TIME', label: t('Prazo') },
        ],
        forms: [
          {
            id: 10,
            name: t('Pedido'),
            layout: [
              {
                type: 'groupBox',
                title: t('Dados'),
                children: [
                  { type: 'textbox', field: 'Title' },
                  { type: 'numericPicker', field: 'valor' },
                ],
              },
            ],
          },
        ],
        listViews: [{ id: 10, name: t('Pedidos'), columns: [{ field: 'FormattedID' }, { field: 'valor' }] }],
        queries: [
          {
            id: 10,
            name: t('Todos'),
            filter: {
              logicSeparator: 'AND',
              filters: [{ logicSeparator: 'OR', filters: [{ field: 'valor', operator: 'gt', value: 10 }] }],
            },
            sort: [{ field: 'prazo', sortDirection: 'desc' }],
          },
        ],
        kanbanViews: [{ id: 10, name: t('Quadro'), laneField: 'StatusName', lanes: [{ value: 'novo' }] }],
        workflow: {
          statuses: [
            { key: 'novo', name: t('Novo'), initial: true },
            { key: 'feito', name: t('Feito'), final: true },
          ],
          actions: [{ key: 'concluir', name: t('Concluir'), from: ['novo'], to: 'feito' }],
        },
        rules: [
          { id: 'positivo', kind: 'validation', field: 'valor', expression: 'valor > 0', message: t('> 0') },
        ],
      },
    ],
  };
}

function errorsOf(doc: unknown) {
  const result = validateApplicationDefinition(doc);
  if (result.ok) throw new Error('expected the definition to be refused');
  return result.errors;
}

describe('validateApplicationDefinition', () => {
  it('accepts a consistent definition and returns it with defaults applied', () => {
    const result = validateApplicationDefinition(definition());
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    expect(result.definition.components[0]!.forms[0]!.mode).toBe(1);
    expect(result.definition.components[0]!.kanbanViews[0]!.lanes[0]!.color).toBe('#EC407A');
    expect(result.definition.appVersion).toBe('1.0');
  });

  it('names the exact path of a wrong field type', () => {
    const doc = definition();
    doc.components[0].fields[2].type = 'DATE';
    expect(errorsOf(doc)).toEqual([{ path: 'components[0].fields[2].type', message: expect.any(String) }]);
  });

  it('reports a duplicate field key at the second occurrence', () => {
    const doc = definition();
    doc.components[0].fields.push({ key: 'valor', type: 'INTEGER', label: t('Outro valor') });
    expect(errorsOf(doc)).toEqual([
      { path: 'components[0].fields[3].key', message: "duplicate field key 'valor' (also fields[0])" },
    ]);
  });

  it('reports a menu link to a missing component', () => {
    const doc = definition();
    doc.menu[0].children[0].target.componentId = 99;
    expect(errorsOf(doc)).toEqual([
      { path: 'menu[0].children[0].target.componentId', message: 'unknown component 99' },
    ]);
  });

  it('reports menu links to missing forms, queries, views and kanban views', () => {
    const doc = definition();
    Object.assign(doc.menu[0].children[0].target, { formId: 11, queryId: 12, viewId: 13 });
    doc.menu[0].children[1].target.viewId = 14;
    expect(errorsOf(doc).map((error) => error.path)).toEqual([
      'menu[0].children[0].target.formId',
      'menu[0].children[0].target.queryId',
      'menu[0].children[0].target.viewId',
      'menu[0].children[1].target.viewId',
    ]);
  });

  it('reports an unknown status in a workflow action', () => {
    const doc = definition();
    doc.components[0].workflow.actions[0].to = 'arquivado';
    doc.components[0].workflow.actions[0].from = ['novo', 'rascunho'];
    expect(errorsOf(doc)).toEqual([
      { path: 'components[0].workflow.actions[0].from[1]', message: "unknown status 'rascunho'" },
      { path: 'components[0].workflow.actions[0].to', message: "unknown status 'arquivado'" },
    ]);
  });

  it('requires exactly one initial status', () => {
    const doc = definition();
    doc.components[0].workflow.statuses[1].initial = true;
    expect(errorsOf(doc)).toEqual([
      {
        path: 'components[0].workflow.statuses',
        message: 'a workflow has exactly one initial status (found 2)',
      },
    ]);
  });

  it('accepts a draft ID pattern only with a workflow and IDs told apart from the final ones', () => {
    const doc = definition();
    doc.components[0].draftFormattedIdPattern = 'RASC-{SEQ:5}';
    expect(validateApplicationDefinition(doc).ok).toBe(true);
    doc.components[0].draftFormattedIdPattern = 'PED-{YYYY}-{SEQ:6}';
    expect(errorsOf(doc)).toEqual([
      {
        path: 'components[0].draftFormattedIdPattern',
        message: "draft IDs could not be told apart from those of 'PED-{YYYY}-{SEQ:5}'",
      },
    ]);
    doc.components[0].draftFormattedIdPattern = 'RASC-{SEQ:5}';
    delete doc.components[0].workflow;
    expect(errorsOf(doc)).toContainEqual({
      path: 'components[0].draftFormattedIdPattern',
      message: 'a draft ID pattern needs a workflow',
    });
  });

  it('sends items past their draft to another form of the component only', () => {
    const doc = definition();
    const form = doc.components[0].forms[0] as { sentFormId?: number };
    form.sentFormId = 10;
    expect(errorsOf(doc)).toEqual([
      { path: 'components[0].forms[0].sentFormId', message: 'a form cannot send items to itself' },
    ]);
    form.sentFormId = 99;
    expect(errorsOf(doc)).toEqual([
      { path: 'components[0].forms[0].sentFormId', message: "unknown form 99 in component 'Pedido'" },
    ]);
    delete doc.components[0].workflow;
    expect(errorsOf(doc)).toContainEqual({
      path: 'components[0].forms[0].sentFormId',
      message: 'a form for drafts needs a workflow',
    });
  });

  it('requires a picklist default among its options', () => {
    const doc = definition();
    doc.components[0].fields[1].defaultValue = 'z';
    expect(errorsOf(doc)).toEqual([
      { path: 'components[0].fields[1].defaultValue', message: "the default 'z' is not among the options" },
    ]);
  });

  it('checks field references of forms, views, queries, lanes and rules (system keys allowed)', () => {
    const doc = definition();
    const component = doc.components[0];
    component.forms[0].layout[0].children[1].field = 'preco';
    component.listViews[0].columns.push({ field: 'CreationDate' }, { field: 'cor' });
    component.queries[0].filter.filters[0].filters[0].field = 'total';
    component.queries[0].sort[0].field = 'LastModify';
    component.kanbanViews[0].lanes.push({ value: 'perdido' });
    component.rules[0].field = 'montante';
    expect(errorsOf(doc)).toEqual([
      {
        path: 'components[0].forms[0].layout[0].children[1].field',
        message: "unknown field 'preco' in component 'Pedido'",
      },
      {
        path: 'components[0].listViews[0].columns[3].field',
        message: "unknown field 'cor' in component 'Pedido'",
      },
      {
        path: 'components[0].queries[0].filter.filters[0].filters[0].field',
        message: "unknown field 'total' in component 'Pedido'",
      },
      {
        path: 'components[0].kanbanViews[0].lanes[1].value',
        message: "lane 'perdido' is not a value of 'StatusName'",
      },
      { path: 'components[0].rules[0].field', message: "unknown field 'montante' in component 'Pedido'" },
    ]);
  });

  it('reports an unknown form component type inside a container by its path', () => {
    const doc = definition();
    doc.components[0].forms[0].layout[0].children[0].type = 'slider';
    expect(errorsOf(doc).map((error) => error.path)).toEqual([
      'components[0].forms[0].layout[0].children[0].type',
    ]);
  });

  it('reports duplicate component ids and names, and duplicate form ids across components', () => {
    const doc = definition();
    doc.components.push({
      ...JSON.parse(JSON.stringify(doc.components[0])),
      listViews: [],
      queries: [],
      kanbanViews: [],
    });
    expect(errorsOf(doc)).toEqual([
      { path: 'components[1].id', message: 'duplicate component id 10 (also at components[0].id)' },
      {
        path: 'components[1].name',
        message: 'duplicate component name "Pedido" (also at components[0].name)',
      },
      {
        path: 'components[1].forms[0].id',
        message: 'duplicate form id 10 (also at components[0].forms[0].id)',
      },
    ]);
  });

  it('refuses a field key that shadows a system field key', () => {
    const doc = definition();
    doc.components[0].fields.push({ key: 'Title', type: 'STRING', label: t('Título') });
    expect(errorsOf(doc)).toEqual([
      { path: 'components[0].fields[3].key', message: "'Title' is a system field key" },
    ]);
  });

  it('quotes property names that are not identifiers', () => {
    const doc = definition();
    doc.components[0].label['pt-BR'] = '';
    expect(errorsOf(doc).map((error) => error.path)).toEqual(['components[0].label["pt-BR"]']);
  });
});
