import {
  assertNever,
  type FieldDefinition,
  FORM_MODES,
  type FormComponent,
  fieldTypeTraits,
  type LocalizedText,
  localize,
} from '@der/contracts';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormRenderer } from './FormRenderer.tsx';
import type { FormValues } from './formRendererTypes.ts';

/** The input kind a prompt uses for a field (the same kinds a form would). */
function promptComponentOf(field: FieldDefinition): FormComponent {
  const base = { field: field.key, columnSpan: 12, readOnly: false } as const;
  const kind = fieldTypeTraits(field.type).value;
  switch (kind) {
    case 'number':
      return { ...base, type: 'numericPicker' };
    case 'boolean':
      return { ...base, type: 'checkbox' };
    case 'choice':
      return { ...base, type: 'dropdown' };
    case 'instant':
      return { ...base, type: 'dateChooser' };
    case 'richText':
      return { ...base, type: 'formattedText' };
    case 'text':
    case 'status':
    case 'reference':
    case 'usersOrGroups':
    case 'files':
      return field.mask || field.pattern
        ? { ...base, type: 'maskedText' }
        : { ...base, type: 'textbox', multiline: false };
    default:
      return assertNever(kind);
  }
}

/**
 * A dialog asking for a few values (a workflow action's reason, a rule's window call): OK stays disabled while
 * a required field is empty (spec §5).
 */
export function PromptDialog({
  open,
  title,
  fields,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: LocalizedText;
  fields: readonly FieldDefinition[];
  onConfirm: (values: FormValues) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const formId = useId();
  const titleId = useId();
  const [missing, setMissing] = useState<readonly string[]>(
    fields.filter((field) => field.required).map((f) => f.key),
  );
  const onValuesChange = useCallback(
    (_: FormValues, stillMissing: readonly string[]) =>
      setMissing((previous) => (previous.join() === stillMissing.join() ? previous : stillMissing)),
    [],
  );
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{localize(title, i18n.language)}</DialogTitle>
      <DialogContent sx={{ pt: 1 }}>
        <FormRenderer
          formId={formId}
          layout={fields.map(promptComponentOf)}
          fields={fields}
          mode={FORM_MODES.standard}
          onValuesChange={onValuesChange}
          onSubmit={(values) => onConfirm(values)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('form.cancel')}</Button>
        <Button type="submit" form={formId} variant="contained" disabled={missing.length > 0}>
          {t('form.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
