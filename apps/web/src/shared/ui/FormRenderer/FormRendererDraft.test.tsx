import { ComponentDefinitionSchema, FormComponentSchema } from '@der/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderApp } from '../../../test/renderApp.tsx';
import { componentRuleEvaluator } from '../../rules/componentRuleEvaluator.ts';
import { FormRenderer } from './FormRenderer.tsx';

const text = (ptBR: string, en: string) => ({ 'pt-BR': ptBR, en });

/** A checklist: the ART is required once the draft is sent; the bridge report is listed only for a bridge. */
const COMPONENT = ComponentDefinitionSchema.parse({
  id: 9,
  name: 'Checklist',
  label: text('Checklist', 'Checklist'),
  pluralLabel: text('Checklists', 'Checklists'),
  formattedIdPattern: 'CK-{SEQ:4}',
  fields: [
    { key: 'passagem', type: 'STRING', label: text('Passagem', 'Passage') },
    { key: 'numeroArt', type: 'STRING', label: text('Número da ART', 'ART number') },
    { key: 'laudoPonte', type: 'STRING', label: text('Laudo da ponte', 'Bridge report') },
  ],
  rules: [
    {
      id: 'artAoProtocolar',
      kind: 'required',
      field: 'numeroArt',
      expression: 'true',
      requiredFrom: 'leavingInitialStatus',
    },
    { id: 'laudoSoEmPonte', kind: 'visibility', field: 'laudoPonte', expression: "passagem = 'ponte'" },
  ],
});

const LAYOUT = z.array(FormComponentSchema).parse([
  { type: 'textbox', field: 'passagem', columnSpan: 4 },
  { type: 'textbox', field: 'numeroArt', columnSpan: 4 },
  { type: 'textbox', field: 'laudoPonte', columnSpan: 4 },
]);

function renderDraft(draft: boolean) {
  return renderApp({
    children: (
      <FormRenderer
        formId="draft-form"
        layout={LAYOUT}
        fields={COMPONENT.fields}
        values={{ passagem: 'aerea' }}
        draft={draft}
        itemId={null}
        evaluateRules={componentRuleEvaluator(COMPONENT, true, undefined, draft)}
      />
    ),
  });
}

describe('FormRenderer: a draft and its checklist', () => {
  it('says which fields leaving the draft will require, without requiring them yet', async () => {
    renderDraft(true);
    const art = await screen.findByRole('textbox', { name: 'Número da ART' });
    await waitFor(() => expect(screen.getByText('Exigido ao sair do rascunho')).toBeTruthy());
    expect(art.getAttribute('aria-describedby')).toBeTruthy();
    expect(art.hasAttribute('required')).toBe(false);
  });

  it('requires them, with no hint, once the item is past its draft', async () => {
    renderDraft(false);
    const art = await screen.findByRole('textbox', { name: /Número da ART/ });
    await waitFor(() => expect(art.hasAttribute('required')).toBe(true));
    expect(screen.queryByText('Exigido ao sair do rascunho')).toBeNull();
  });

  it('gives a field a rule hides no cell of the grid', async () => {
    const { container } = renderDraft(true);
    await screen.findByRole('textbox', { name: 'Número da ART' });
    await waitFor(() =>
      expect(container.querySelectorAll('.MuiGrid-container > .MuiGrid-root')).toHaveLength(2),
    );
    expect(screen.queryByRole('textbox', { name: 'Laudo da ponte' })).toBeNull();
  });
});
