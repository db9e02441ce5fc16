import type { PrintField, PrintLayout } from '@der/contracts';
import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { BindingEditor } from './BindingEditor.tsx';
import { LocalizedTextInputs } from './LocalizedTextInputs.tsx';
import type { CatalogKey } from './layoutCatalog.ts';
import { setMultiVariableText } from './printFieldProperties.ts';
import { type FieldRef, setVariableBinding } from './printLayoutDesign.ts';

/** pdfme's multiVariableText: its text with `{name}` placeholders, and where each variable's value comes from. */
export function MultiVariableEditor({
  layout,
  fieldRef,
  field,
  keys,
  onChange,
}: {
  layout: PrintLayout;
  fieldRef: FieldRef;
  field: Extract<PrintField, { type: 'multiVariableText' }>;
  keys: readonly CatalogKey[];
  onChange: (layout: PrintLayout) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1.5}>
      <LocalizedTextInputs
        label={t('admin.printLayouts.text')}
        value={field.text}
        multiline
        helperText={t('admin.printLayouts.variablesHelp')}
        onChange={(text) => onChange(setMultiVariableText(layout, fieldRef, text))}
      />
      {Object.entries(field.variables).map(([name, binding]) => (
        <BindingEditor
          key={name}
          label={t('admin.printLayouts.variable', { name })}
          binding={binding}
          keys={keys}
          onChange={(next) => onChange(setVariableBinding(layout, fieldRef, name, next))}
        />
      ))}
    </Stack>
  );
}
