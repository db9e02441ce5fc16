import type { PrintLayout } from '@der/contracts';
import { Button, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FieldBoxInputs } from './FieldBoxInputs.tsx';
import { PageFieldContent, StaticFieldContent } from './FieldContentEditor.tsx';
import type { LayoutCatalog } from './layoutCatalog.ts';
import { type FieldRef, renameField, resolveField } from './printLayoutDesign.ts';
import { TextStyleInputs } from './TextStyleInputs.tsx';

/** Everything about the selected field: its name, box, text style, what it prints; and its removal. */
export function FieldInspector({
  layout,
  fieldRef,
  catalog,
  onChange,
  onRemove,
}: {
  layout: PrintLayout;
  fieldRef: FieldRef;
  catalog: LayoutCatalog;
  onChange: (layout: PrintLayout) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const resolved = resolveField(layout, fieldRef);
  if (!resolved) return null;
  const { field } = resolved;
  const common = { layout, fieldRef, catalog, onChange };
  return (
    <Stack
      component="section"
      aria-label={t('admin.printLayouts.inspector', { name: field.name })}
      spacing={1.5}
    >
      <Typography component="h3" variant="subtitle1">
        {t(
          resolved.area === 'static'
            ? 'admin.printLayouts.staticInspectorTitle'
            : 'admin.printLayouts.inspectorTitle',
          {
            type: t(`admin.printLayouts.types.${field.type}`),
          },
        )}
      </Typography>
      <TextField
        size="small"
        label={t('admin.printLayouts.name')}
        value={field.name}
        onChange={(event) => onChange(renameField(layout, fieldRef, event.target.value))}
        helperText={t('admin.printLayouts.nameHelp')}
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      <FieldBoxInputs layout={layout} fieldRef={fieldRef} field={field} onChange={onChange} />
      <TextStyleInputs layout={layout} fieldRef={fieldRef} field={field} onChange={onChange} />
      {resolved.area === 'page' ? (
        <PageFieldContent {...common} field={resolved.field} />
      ) : (
        <StaticFieldContent {...common} field={resolved.field} />
      )}
      <Button color="error" variant="outlined" sx={{ alignSelf: 'flex-start' }} onClick={onRemove}>
        {t('admin.printLayouts.removeField', { name: field.name })}
      </Button>
    </Stack>
  );
}
