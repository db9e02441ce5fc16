import type { FormComponent } from '@der/contracts';
import { describe, expect, it } from 'vitest';
import { definesSaveButton } from './definesSaveButton.ts';

const text = { 'pt-BR': 'Salvar rascunho', en: 'Save draft' };
const button = (kind: 'save' | 'print'): FormComponent =>
  ({
    type: 'button',
    text,
    action: kind === 'save' ? { kind } : { kind, printLayoutId: 1 },
    columnSpan: 6,
  }) as FormComponent;

describe('definesSaveButton', () => {
  it('finds a save button at any depth of the layout', () => {
    expect(definesSaveButton([button('save')])).toBe(true);
    const nested = {
      type: 'groupBox',
      title: text,
      collapsible: false,
      children: [button('save')],
    } as unknown as FormComponent;
    expect(definesSaveButton([nested])).toBe(true);
  });

  it('does not take another button for one', () => {
    expect(definesSaveButton([button('print')])).toBe(false);
    expect(definesSaveButton([])).toBe(false);
  });
});
