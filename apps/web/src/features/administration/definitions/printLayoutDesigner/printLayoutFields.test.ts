import { PrintLayoutSchema } from '@der/contracts';
import { describe, expect, it } from 'vitest';
import { findField } from './printLayoutDesign.ts';
import { addField, listFieldNames, removeField, uniqueFieldName } from './printLayoutFields.ts';
import { buildTestLayout } from './testLayout.ts';

const SEED = {
  rows: { kind: 'children', componentId: 2 },
  column: { key: 'placa', label: { 'pt-BR': 'Placa', en: 'Plate' } },
} as const;

describe('adding and removing print layout fields', () => {
  it('names a new field after its type with the first number no field uses, on any page', () => {
    const layout = buildTestLayout();
    expect(uniqueFieldName(layout, 'text')).toBe('text1');
    const once = addField(layout, 1, 'text').layout;
    expect(uniqueFieldName(once, 'text')).toBe('text2');
    expect(uniqueFieldName(once, 'rodape')).toBe('rodape1');
  });

  it('places a new text at the page’s top-left padding, bound to the item’s code, with the contract’s defaults', () => {
    const { layout, ref } = addField(buildTestLayout(), 0, 'text');
    expect(ref).toEqual({ area: 'page', page: 0, index: 4 });
    expect(findField(layout, ref)).toMatchObject({
      type: 'text',
      name: 'text1',
      position: { x: 10, y: 10 },
      fontSize: 10,
      alignment: 'left',
      binding: { kind: 'field', field: 'FormattedID', format: { kind: 'auto' } },
    });
    expect(PrintLayoutSchema.safeParse(layout).success).toBe(true);
  });

  it('adds a table across the page between its paddings, its one column taking the whole width', () => {
    const { layout, ref } = addField(buildTestLayout(), 1, 'table', SEED);
    expect(ref).toEqual({ area: 'page', page: 1, index: 0 });
    expect(findField(layout, ref)).toMatchObject({
      type: 'table',
      name: 'table1',
      width: 190,
      rows: { kind: 'children', componentId: 2 },
      columns: [
        { header: { 'pt-BR': 'Placa', en: 'Plate' }, width: 100, binding: { kind: 'field', field: 'placa' } },
      ],
    });
    expect(PrintLayoutSchema.safeParse(layout).success).toBe(true);
  });

  it('adds QR codes, lines and rectangles that the contract accepts', () => {
    let layout = buildTestLayout();
    for (const type of ['qrcode', 'line', 'rectangle'] as const) layout = addField(layout, 0, type).layout;
    expect([...listFieldNames(layout)]).toEqual(expect.arrayContaining(['qrcode1', 'line1', 'rectangle1']));
    expect(layout.template.schemas[0]?.find((field) => field.name === 'qrcode1')).toMatchObject({
      binding: { kind: 'context', key: 'publicUrl' },
    });
    expect(PrintLayoutSchema.safeParse(layout).success).toBe(true);
  });

  it('keeps a new field on a page whose padding leaves it no room', () => {
    const cramped = buildTestLayout();
    cramped.template.basePdf.padding = [290, 10, 0, 200];
    const { layout, ref } = addField(cramped, 0, 'rectangle');
    expect(findField(layout, ref)).toMatchObject({ position: { x: 200, y: 277 }, width: 1, height: 20 });
    expect(PrintLayoutSchema.safeParse(layout).success).toBe(true);
  });

  it('removes a page field or a header/footer field', () => {
    const layout = buildTestLayout();
    const withoutTitle = removeField(layout, { area: 'page', page: 0, index: 0 });
    expect(withoutTitle.template.schemas[0]?.map((field) => field.name)).toEqual([
      'resumo',
      'trechos',
      'linha',
    ]);
    const withoutFooter = removeField(layout, { area: 'static', index: 0 });
    expect(withoutFooter.template.basePdf.staticSchema).toEqual([]);
    expect(layout.template.schemas[0]).toHaveLength(4);
  });
});
