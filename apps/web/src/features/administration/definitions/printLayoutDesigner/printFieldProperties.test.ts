import { describe, expect, it } from 'vitest';
import {
  setAlignment,
  setColor,
  setFontSize,
  setMultiVariableText,
  setStaticContent,
} from './printFieldProperties.ts';
import { findField } from './printLayoutDesign.ts';
import { buildTestLayout, TEST_REFS } from './testLayout.ts';

const { title: TITLE, summary: SUMMARY, table: TABLE, line: LINE, footer: FOOTER } = TEST_REFS;

describe('the style and content of print fields', () => {
  it('sets the font size of texts and tables, and the alignment of texts only', () => {
    const layout = buildTestLayout();
    expect(findField(setFontSize(layout, TABLE, 8), TABLE)).toMatchObject({ fontSize: 8 });
    expect(findField(setAlignment(layout, FOOTER, 'center'), FOOTER)).toMatchObject({ alignment: 'center' });
    expect(findField(setAlignment(layout, TABLE, 'center'), TABLE)).not.toHaveProperty('alignment');
    expect(findField(setFontSize(layout, LINE, 8), LINE)).not.toHaveProperty('fontSize');
  });

  it('sets a colour the field has, and no other', () => {
    const layout = buildTestLayout();
    expect(findField(setColor(layout, LINE, 'color', '#FF0000'), LINE)).toMatchObject({ color: '#FF0000' });
    expect(findField(setColor(layout, TITLE, 'barColor', '#FF0000'), TITLE)).not.toHaveProperty('barColor');
  });

  it('sets a multi-variable text and a footer’s content', () => {
    const layout = buildTestLayout();
    const text = { 'pt-BR': 'Placa {placa}', en: 'Plate {placa}' };
    expect(findField(setMultiVariableText(layout, SUMMARY, text), SUMMARY)).toMatchObject({ text });
    const content = { 'pt-BR': '{currentPage}/{totalPages}', en: '{currentPage}/{totalPages}' };
    expect(findField(setStaticContent(layout, FOOTER, content), FOOTER)).toMatchObject({ content });
    expect(findField(setStaticContent(layout, TITLE, content), TITLE)).not.toHaveProperty('content');
  });
});
