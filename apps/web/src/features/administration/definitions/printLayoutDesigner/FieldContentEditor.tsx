import { assertNever, type PrintField, type PrintStaticField } from '@der/contracts';
import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { BindingEditor } from './BindingEditor.tsx';
import { ColorInput } from './ColorInput.tsx';
import { LocalizedTextInputs } from './LocalizedTextInputs.tsx';
import { type LayoutCatalog, listItemKeys } from './layoutCatalog.ts';
import { MultiVariableEditor } from './MultiVariableEditor.tsx';
import { setColor, setStaticContent } from './printFieldProperties.ts';
import { type FieldEditorProps, setBinding } from './printLayoutDesign.ts';
import { ShapeInputs } from './ShapeInputs.tsx';
import { TableColumnsEditor } from './TableColumnsEditor.tsx';

interface ContentProps<F extends PrintField | PrintStaticField> extends FieldEditorProps<F> {
  catalog: LayoutCatalog;
}

/** What a page field prints: a binding, a multi-variable text, a table's columns, or a shape's colours. */
export function PageFieldContent({ layout, fieldRef, field, catalog, onChange }: ContentProps<PrintField>) {
  const { t } = useTranslation();
  const keys = listItemKeys(catalog.fields);
  switch (field.type) {
    case 'text':
    case 'qrcode':
      return (
        <Stack spacing={1.5}>
          <BindingEditor
            label={t('admin.printLayouts.binding')}
            binding={field.binding}
            keys={keys}
            onChange={(binding) => onChange(setBinding(layout, fieldRef, binding))}
          />
          {field.type === 'qrcode' && (
            <ColorInput
              label={t('admin.printLayouts.barColor')}
              value={field.barColor}
              onChange={(value) => onChange(setColor(layout, fieldRef, 'barColor', value))}
            />
          )}
        </Stack>
      );
    case 'multiVariableText':
      return (
        <MultiVariableEditor
          layout={layout}
          fieldRef={fieldRef}
          field={field}
          keys={keys}
          onChange={onChange}
        />
      );
    case 'table':
      return (
        <TableColumnsEditor
          layout={layout}
          fieldRef={fieldRef}
          table={field}
          catalog={catalog}
          onChange={onChange}
        />
      );
    case 'image':
    case 'line':
    case 'rectangle':
      return <ShapeInputs layout={layout} fieldRef={fieldRef} field={field} onChange={onChange} />;
    default:
      return assertNever(field);
  }
}

/** What a header/footer field prints: fixed text with the page variables, or a shape. */
export function StaticFieldContent({ layout, fieldRef, field, onChange }: ContentProps<PrintStaticField>) {
  const { t } = useTranslation();
  switch (field.type) {
    case 'text':
      return (
        <LocalizedTextInputs
          label={t('admin.printLayouts.staticContent')}
          value={field.content}
          helperText={t('admin.printLayouts.staticHelp')}
          onChange={(content) => onChange(setStaticContent(layout, fieldRef, content))}
        />
      );
    case 'image':
    case 'line':
    case 'rectangle':
      return <ShapeInputs layout={layout} fieldRef={fieldRef} field={field} onChange={onChange} />;
    default:
      return assertNever(field);
  }
}
