import { describe, expect, it } from 'vitest';
import { buildTestLayout } from './printLayoutDesigner/testLayout.ts';
import { draftOfDesign, draftOfLayout, draftOfText } from './printLayoutEditing.ts';

describe('a print layout draft', () => {
  it('starts from the definition’s layout: its JSON as exported, the designer on the parsed layout', () => {
    const layout = buildTestLayout();
    const draft = draftOfLayout(layout);
    expect(draft.text).toBe(JSON.stringify(layout, null, 2));
    expect(draft.design).toEqual(layout);
    expect(draftOfLayout({ id: 1 }).design).toBeUndefined();
  });

  it('rewrites the JSON on a structured edit', () => {
    const design = { ...buildTestLayout(), sign: true };
    expect(JSON.parse(draftOfDesign(design).text).sign).toBe(true);
  });

  it('takes JSON the schema accepts as the designer’s state, and keeps the last whole layout otherwise', () => {
    const draft = draftOfLayout(buildTestLayout());
    const renamed = draftOfText(draft, draft.text.replace('"titulo"', '"cabecalho"'));
    expect(renamed.design?.template.schemas[0]?.[0]?.name).toBe('cabecalho');
    const broken = draftOfText(renamed, '{ "id": ');
    expect(broken.text).toBe('{ "id": ');
    expect(broken.design).toBe(renamed.design);
  });
});
