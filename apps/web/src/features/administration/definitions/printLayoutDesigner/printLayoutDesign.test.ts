import { PrintLayoutSchema } from '@der/contracts';
import { describe, expect, it } from 'vitest';
import {
  findField,
  listPageFields,
  moveField,
  nudgeField,
  renameField,
  resizeField,
  setBinding,
  setPadding,
  setVariableBinding,
} from './printLayoutDesign.ts';
import { buildTestLayout, TEST_REFS } from './testLayout.ts';

const { title: TITLE, summary: SUMMARY, table: TABLE, footer: FOOTER } = TEST_REFS;

describe('the print layout designer’s edits', () => {
  it('lists a page’s header/footer fields first, then its own', () => {
    const layout = buildTestLayout();
    expect(listPageFields(layout, 0).map(({ field }) => field.name)).toEqual([
      'rodape',
      'titulo',
      'resumo',
      'trechos',
      'linha',
    ]);
    expect(listPageFields(layout, 1).map(({ field }) => field.name)).toEqual(['rodape']);
  });

  it('moves a field onto the half-millimetre grid', () => {
    const moved = moveField(buildTestLayout(), SUMMARY, { x: 12.3, y: 40.74 });
    expect(findField(moved, SUMMARY)?.position).toEqual({ x: 12.5, y: 40.5 });
  });

  it('keeps a moved field wholly on the page', () => {
    const layout = buildTestLayout();
    expect(findField(moveField(layout, SUMMARY, { x: -5, y: 500 }), SUMMARY)?.position).toEqual({
      x: 0,
      y: 277,
    });
    expect(findField(moveField(layout, TITLE, { x: 30, y: 0 }), TITLE)?.position).toEqual({ x: 20, y: 0 });
  });

  it('nudges page and header/footer fields by whole millimetres', () => {
    const layout = buildTestLayout();
    expect(findField(nudgeField(layout, SUMMARY, 1, -10), SUMMARY)?.position).toEqual({ x: 11, y: 20 });
    expect(findField(nudgeField(layout, FOOTER, 0, -10), FOOTER)?.position).toEqual({ x: 10, y: 275 });
  });

  it('leaves every other field and page as they were', () => {
    const layout = buildTestLayout();
    const moved = nudgeField(layout, SUMMARY, 1, 0);
    expect(moved.template.schemas[0]?.[0]).toBe(layout.template.schemas[0]?.[0]);
    expect(moved.template.schemas[1]).toBe(layout.template.schemas[1]);
    expect(moved.template.basePdf).toBe(layout.template.basePdf);
    expect(layout.template.schemas[0]?.[1]?.position).toEqual({ x: 10, y: 30 });
  });

  it('resizes a field up to the page’s edges from where it is', () => {
    const layout = buildTestLayout();
    const resized = resizeField(layout, SUMMARY, { width: 500, height: 12.25 });
    expect(findField(resized, SUMMARY)).toMatchObject({ width: 200, height: 12.25 });
    expect(findField(resizeField(layout, SUMMARY, { width: 0, height: -1 }), SUMMARY)).toMatchObject({
      width: 0.1,
      height: 0.1,
    });
  });

  it('renames a field', () => {
    expect(findField(renameField(buildTestLayout(), TITLE, 'cabecalho'), TITLE)?.name).toBe('cabecalho');
  });

  it('binds a text field, and leaves fields without a single binding alone', () => {
    const layout = buildTestLayout();
    const bound = setBinding(layout, TITLE, { kind: 'context', key: 'printedAt' });
    expect(findField(bound, TITLE)).toMatchObject({ binding: { kind: 'context', key: 'printedAt' } });
    expect(setBinding(layout, TABLE, { kind: 'context', key: 'printedAt' }).template.schemas[0]?.[2]).toBe(
      layout.template.schemas[0]?.[2],
    );
    expect(PrintLayoutSchema.safeParse(bound).success).toBe(true);
  });

  it('binds one variable of a multi-variable text', () => {
    const bound = setVariableBinding(buildTestLayout(), SUMMARY, 'placa', {
      kind: 'field',
      field: 'placa',
      format: { kind: 'text' },
    });
    expect(findField(bound, SUMMARY)).toMatchObject({
      variables: { placa: { kind: 'field', field: 'placa', format: { kind: 'text' } } },
    });
  });

  it('sets the page’s padding', () => {
    expect(setPadding(buildTestLayout(), [20, 15, 25, 15]).template.basePdf.padding).toEqual([
      20, 15, 25, 15,
    ]);
  });
});
