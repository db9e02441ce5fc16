import { describe, expect, it } from 'vitest';
import type { ApplicationDefinitionInput } from './application.ts';
import type { PrintFieldInput, PrintLayoutInput, PrintStaticFieldInput } from './print-layout.ts';
import { validateApplicationDefinition } from './validate.ts';

const t = (text: string) => ({ 'pt-BR': text, en: text });
const at = (name: string, y = 20) => ({ name, position: { x: 10, y }, width: 100, height: 8 });

/** A request (with a link to vehicles) and vehicles; the layout under test belongs to the request. */
function definitionWith(
  fields: PrintFieldInput[],
  staticSchema: PrintStaticFieldInput[] = [],
): ApplicationDefinitionInput {
  const layout: PrintLayoutInput = {
    id: 1,
    name: t('Documento'),
    template: {
      basePdf: { width: 210, height: 297, padding: [10, 10, 10, 10], staticSchema },
      schemas: [fields],
    },
  };
  return {
    schemaVersion: 1,
    key: 'docs',
    version: 1,
    name: 'Docs',
    groups: [],
    menu: [],
    components: [
      {
        id: 1,
        name: 'Pedido',
        label: t('Pedido'),
        pluralLabel: t('Pedidos'),
        formattedIdPattern: 'PED-{SEQ:4}',
        fields: [
          { key: 'nome', type: 'STRING', label: t('Nome') },
          {
            key: 'veiculos',
            type: 'GENERIC_ITEM_TYPE',
            label: t('Veículos'),
            targetComponentId: 2,
            multiple: true,
          },
        ],
        printLayouts: [layout],
      },
      {
        id: 2,
        name: 'Veiculo',
        label: t('Veículo'),
        pluralLabel: t('Veículos'),
        formattedIdPattern: 'VEI-{SEQ:4}',
        fields: [{ key: 'placa', type: 'STRING', label: t('Placa') }],
      },
    ],
  };
}

function errorsOf(fields: PrintFieldInput[], staticSchema: PrintStaticFieldInput[] = []) {
  const result = validateApplicationDefinition(definitionWith(fields, staticSchema));
  return result.ok ? [] : result.errors;
}

const table = (rows: unknown, columns: unknown[]): PrintFieldInput =>
  ({ type: 'table', ...at('tabela'), rows, columns }) as PrintFieldInput;
const base = 'components[0].printLayouts[0].template';

describe('print layout definitions', () => {
  it('accepts every field type bound to fields, system and context keys', () => {
    expect(
      errorsOf(
        [
          {
            type: 'text',
            ...at('nome'),
            binding: { kind: 'field', field: 'nome', format: { kind: 'text' } },
          },
          { type: 'text', ...at('numero', 30), binding: { kind: 'field', field: 'FormattedID' } },
          {
            type: 'multiVariableText',
            ...at('frase', 40),
            text: t('Pedido {n} de {quem}'),
            variables: { n: { kind: 'field', field: 'ID' }, quem: { kind: 'context', key: 'printedBy' } },
          },
          {
            type: 'qrcode',
            ...at('qr', 50),
            binding: { kind: 'template', text: t('{{publicUrl}}/v?id={{ID}}') },
          },
          { type: 'line', ...at('linha', 60) },
          { type: 'rectangle', ...at('caixa', 70) },
          table({ kind: 'linked', field: 'veiculos' }, [
            { header: t('Placa'), width: 100, binding: { kind: 'field', field: 'placa' } },
          ]),
        ],
        [{ type: 'text', ...at('rodape', 280), content: t('Página {currentPage} de {totalPages}') }],
      ),
    ).toEqual([]);
  });

  it('reports unknown fields and template keys by their path', () => {
    const errors = errorsOf([
      { type: 'text', ...at('a'), binding: { kind: 'field', field: 'semNome' } },
      { type: 'qrcode', ...at('b'), binding: { kind: 'template', text: t('{{publicUrl}}/{{naoExiste}}') } },
    ]);
    expect(errors.map((error) => error.path)).toEqual([
      `${base}.schemas[0][0].binding.field`,
      `${base}.schemas[0][1].binding.text["pt-BR"]`,
      `${base}.schemas[0][1].binding.text.en`,
    ]);
  });

  it('checks table columns against the rows’ component and their widths', () => {
    const errors = errorsOf([
      table({ kind: 'linked', field: 'veiculos' }, [
        { header: t('Nome'), width: 50, binding: { kind: 'field', field: 'nome' } },
      ]),
    ]);
    expect(errors).toEqual([
      { path: `${base}.schemas[0][0].columns`, message: 'column widths add up to 50, not 100' },
      { path: `${base}.schemas[0][0].columns[0].binding.field`, message: expect.stringContaining("'nome'") },
    ]);
  });

  it('refuses rows from a field that links nothing or a component of another application', () => {
    const column = [{ header: t('X'), width: 100, binding: { kind: 'literal', text: t('x') } }];
    expect(errorsOf([table({ kind: 'linked', field: 'nome' }, column)]).map((e) => e.path)).toEqual([
      `${base}.schemas[0][0].rows.field`,
    ]);
    expect(errorsOf([table({ kind: 'children', componentId: 99 }, column)]).map((e) => e.path)).toEqual([
      `${base}.schemas[0][0].rows.componentId`,
    ]);
  });

  it('refuses duplicate names, unbound variables, fields off the page and header code', () => {
    const errors = errorsOf(
      [
        { type: 'line', ...at('x') },
        {
          type: 'multiVariableText',
          ...at('x'),
          text: t('{a} {b}'),
          variables: { a: { kind: 'literal', text: t('1') } },
        },
        { type: 'line', name: 'fora', position: { x: 150, y: 10 }, width: 100, height: 1 },
      ],
      [{ type: 'text', ...at('cabecalho'), content: t('{nome} {1+1}') }],
    );
    expect(errors.map((error) => error.path)).toEqual([
      `${base}.basePdf.staticSchema[0].content["pt-BR"]`,
      `${base}.basePdf.staticSchema[0].content.en`,
      `${base}.schemas[0][1].name`,
      `${base}.schemas[0][1].text["pt-BR"]`,
      `${base}.schemas[0][1].text.en`,
      `${base}.schemas[0][2].width`,
    ]);
  });

  it('refuses a template that is not a pdfme-style template (shape errors come from the schema)', () => {
    const definition = definitionWith([]);
    const component = definition.components[0]!;
    (component.printLayouts as unknown[]) = [{ id: 1, name: t('Velho'), template: 'aet/autorizacao.html' }];
    const result = validateApplicationDefinition(definition);
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.errors.map((error) => error.path)).toContain(
      'components[0].printLayouts[0].template',
    );
  });
});
