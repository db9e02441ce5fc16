import {
  type AvailableAction,
  type FieldDefinition,
  FieldDefinitionSchema,
  type FormComponent,
  FormComponentSchema,
} from '@der/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PromptDialog } from '../../../shared/ui/FormRenderer/PromptDialog.tsx';

/** What the user answered: the reason (null when the action asks none) and the responsible chosen. */
export interface ActionAnswer {
  reason: string | null;
  responsibleId: number | null;
}

const REASON_MAX = 4000;

/**
 * The dialog of spec §4 before a workflow action runs: its confirmation text, the reason and the responsible
 * (among the candidates of loadResponsibles). OK stays disabled while a required one is empty (PromptDialog);
 * an action that only confirms shows its text and OK.
 */
export function ActionDialog({
  action,
  responsibles,
  busy,
  note = null,
  onConfirm,
  onCancel,
}: {
  action: AvailableAction;
  /** loadResponsibles' candidates; null when the action hands the item to no one. */
  responsibles: ReadonlyArray<{ id: number; name: string }> | null;
  busy: boolean;
  /** A line after the confirmation text (a bulk action: why fewer people are offered). */
  note?: string | null;
  onConfirm: (answer: ActionAnswer) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const { fields, layout } = useMemo(() => {
    const both = (text: string) => ({ 'pt-BR': text, en: text });
    const defined: FieldDefinition[] = [];
    const drawn: FormComponent[] = [];
    if (action.reasonRequired) {
      defined.push(
        FieldDefinitionSchema.parse({
          key: 'reason',
          type: 'STRING',
          label: both(t('workflow.dialog.reason')),
          required: true,
          maxLength: REASON_MAX,
        }),
      );
      drawn.push(FormComponentSchema.parse({ type: 'textbox', field: 'reason', multiline: true }));
    }
    if (responsibles && responsibles.length > 0) {
      defined.push(
        FieldDefinitionSchema.parse({
          key: 'responsibleId',
          type: 'PICKLIST',
          label: both(t('workflow.dialog.responsible')),
          required: action.responsibleRequired,
          options: responsibles.map((user) => ({ value: String(user.id), text: both(user.name) })),
        }),
      );
      drawn.push(FormComponentSchema.parse({ type: 'dropdown', field: 'responsibleId' }));
    }
    return { fields: defined, layout: drawn };
  }, [action, responsibles, t]);

  return (
    <PromptDialog
      open
      title={{ 'pt-BR': action.name, en: action.name }}
      description={
        [action.confirmation, note].filter(Boolean).join(' ') ||
        (fields.length === 0 ? t('workflow.dialog.confirm') : null)
      }
      fields={fields}
      layout={layout}
      busy={busy}
      onCancel={onCancel}
      onConfirm={(values) => {
        const reason = typeof values.reason === 'string' ? values.reason.trim() : '';
        const responsible = Number(values.responsibleId);
        onConfirm({
          reason: reason === '' ? null : reason,
          responsibleId: Number.isInteger(responsible) && responsible > 0 ? responsible : null,
        });
      }}
    />
  );
}
