import { assertNever, localize, PRINT_CONTEXT_KEYS, type PrintBinding } from '@der/contracts';
import { FormControl, FormLabel, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FormatEditor } from './FormatEditor.tsx';
import { LocalizedTextInputs } from './LocalizedTextInputs.tsx';
import type { CatalogKey } from './layoutCatalog.ts';
import { BINDING_KINDS, bindingOfKind, isBindingKind } from './printBindings.ts';
import { SelectInput } from './SelectInput.tsx';

function KindInputs({
  binding,
  keys,
  onChange,
}: {
  binding: PrintBinding;
  keys: readonly CatalogKey[];
  onChange: (binding: PrintBinding) => void;
}) {
  const { t, i18n } = useTranslation();
  switch (binding.kind) {
    case 'field': {
      const options = keys.map(({ key, label }) => ({
        value: key,
        label: `${localize(label, i18n.language)} (${key})`,
      }));
      // A key the definition no longer has stays selectable, so the select shows what the layout says.
      if (!keys.some(({ key }) => key === binding.field))
        options.unshift({ value: binding.field, label: binding.field });
      return (
        <>
          <SelectInput
            label={t('admin.printLayouts.bindingField')}
            value={binding.field}
            options={options}
            onChange={(field) => onChange({ ...binding, field })}
          />
          <FormatEditor format={binding.format} onChange={(format) => onChange({ ...binding, format })} />
        </>
      );
    }
    case 'context':
      return (
        <SelectInput
          label={t('admin.printLayouts.contextKey')}
          value={binding.key}
          options={PRINT_CONTEXT_KEYS.map((key) => ({
            value: key,
            label: t(`admin.printLayouts.contextKeys.${key}`),
          }))}
          onChange={(value) => {
            const key = PRINT_CONTEXT_KEYS.find((candidate) => candidate === value);
            if (key) onChange({ ...binding, key });
          }}
        />
      );
    case 'literal':
    case 'template':
      return (
        <LocalizedTextInputs
          label={t('admin.printLayouts.text')}
          value={binding.text}
          multiline
          helperText={
            binding.kind === 'template'
              ? t('admin.printLayouts.templateHelp', { example: '{{FormattedID}}' })
              : undefined
          }
          onChange={(text) => onChange({ ...binding, text })}
        />
      );
    default:
      return assertNever(binding);
  }
}

/**
 * Where a value comes from: a field of the item (or of the row, in a table) with its format, a value of the
 * printing (context), fixed text, or text with `{{key}}` placeholders — in both languages.
 */
export function BindingEditor({
  label,
  binding,
  keys,
  onChange,
}: {
  label: string;
  binding: PrintBinding;
  keys: readonly CatalogKey[];
  onChange: (binding: PrintBinding) => void;
}) {
  const { t } = useTranslation();
  return (
    <FormControl
      component="fieldset"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, pt: 0.5 }}
    >
      <FormLabel component="legend" sx={{ px: 0.5 }}>
        {label}
      </FormLabel>
      <Stack spacing={1.5} sx={{ pt: 1 }}>
        <SelectInput
          label={t('admin.printLayouts.bindingKind')}
          value={binding.kind}
          options={BINDING_KINDS.map((kind) => ({
            value: kind,
            label: t(`admin.printLayouts.bindingKinds.${kind}`),
          }))}
          onChange={(kind) =>
            isBindingKind(kind) && onChange(bindingOfKind(kind, binding, keys[0]?.key ?? 'FormattedID'))
          }
        />
        <KindInputs binding={binding} keys={keys} onChange={onChange} />
      </Stack>
    </FormControl>
  );
}
