import {
  assertNever,
  type FieldDefinition,
  FORM_MODES,
  type FormComponent,
  fieldTypeTraits,
  type LocalizedText,
  localize,
} from '@der/contracts';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
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
    case 'rows':
      return { ...base, type: 'table' };
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
  description,
  fields,
  layout,
  confirmText,
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: LocalizedText;
  /** A text above the fields (a workflow action's confirmation). */
  description?: string | null;
  fields: readonly FieldDefinition[];
  /** How the fields are drawn, when not one input of its type per field (e.g. a multi-line reason). */
  layout?: readonly FormComponent[];
  /** The OK button's text ('OK' by default). */
  confirmText?: string;
  /** The confirmed values are being sent: OK waits. */
  busy?: boolean;
  onConfirm: (values: FormValues) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const formId = useId();
  const titleId = useId();
  const descriptionId = useId();
  const [missing, setMissing] = useState<readonly string[]>(
    fields.filter((field) => field.required).map((f) => f.key),
  );
  const onValuesChange = useCallback(
    (_: FormValues, stillMissing: readonly string[]) =>
      setMissing((previous) => (previous.join() === stillMissing.join() ? previous : stillMissing)),
    [],
  );
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{localize(title, i18n.language)}</DialogTitle>
      <DialogContent sx={{ pt: 1 }}>
        {description && (
          <DialogContentText id={descriptionId} sx={{ mb: 2 }}>
            {description}
          </DialogContentText>
        )}
        <FormRenderer
          formId={formId}
          layout={layout ?? fields.map(promptComponentOf)}
          fields={fields}
          mode={FORM_MODES.standard}
          onValuesChange={onValuesChange}
          onSubmit={(values) => onConfirm(values)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('form.cancel')}</Button>
        <Button type="submit" form={formId} variant="contained" disabled={missing.length > 0 || busy}>
          {confirmText ?? t('form.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
