import type { FieldDefinition, FormMode } from '@der/contracts';
import { createContext, useContext } from 'react';
import type { FormRendererServices, FormRuleState } from './formRendererTypes.ts';

export interface FormRendererContextValue {
  fieldsByKey: ReadonlyMap<string, FieldDefinition>;
  mode: FormMode;
  itemId: number | null;
  /** A draft: requirements from leaving the initial status wait (FormRendererProps.draft). */
  draft: boolean;
  readOnly: boolean;
  readOnlyFields: ReadonlySet<string>;
  userHiddenFields: ReadonlySet<string>;
  ruleState: FormRuleState;
  services: FormRendererServices;
  /** Validates and submits the form (a save or saveAndClear button of the definition). */
  submit: (options: { saveAndClear: boolean }) => void;
  /**
   * The field in error to bring into view (after a refused submit): tab controls open the tab holding it. A
   * new object each time, so that the same field is revealed again on the next refusal.
   */
  revealed: { field: string } | null;
}

export const FormRendererContext = createContext<FormRendererContextValue | null>(null);

export function useFormRenderer(): FormRendererContextValue {
  const context = useContext(FormRendererContext);
  if (!context) throw new Error('useFormRenderer outside FormRenderer');
  return context;
}
