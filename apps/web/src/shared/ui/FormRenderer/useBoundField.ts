import { type FieldDefinition, type LocalizedText, localize, requirementApplies } from '@der/contracts';
import { useRef } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFormRenderer } from './FormRendererContext.ts';
import { modeEnforcesRequired, modeIsEditable } from './formModes.ts';
import { isWritableSystemField, systemFieldDefinition } from './systemFields.ts';
import { validateFieldValue } from './validateFieldValue.ts';

export interface BoundComponent {
  field: string;
  label?: LocalizedText;
  readOnly: boolean;
  mask?: string;
}

/**
 * Binds a form component to its field: the definition, the translated label, whether rules hide it or make it
 * required, and react-hook-form's controller with the §5 checks. The error shows once the field was touched
 * or the form was submitted.
 */
export function useBoundField(component: BoundComponent) {
  const { t, i18n } = useTranslation();
  const renderer = useFormRenderer();
  const field: FieldDefinition | undefined =
    renderer.fieldsByKey.get(component.field) ?? systemFieldDefinition(component.field);
  const label = localize(
    component.label ?? field?.label ?? { 'pt-BR': component.field, en: component.field },
    i18n.language,
  );
  const hidden =
    renderer.ruleState.hidden.has(component.field) || renderer.userHiddenFields.has(component.field);
  const required =
    modeEnforcesRequired(renderer.mode) &&
    !hidden &&
    Boolean(
      (field?.required && requirementApplies(field.requiredFrom, { draft: renderer.draft })) ||
        renderer.ruleState.required.has(component.field),
    );
  // A draft's field that leaving the initial status will require says so before the action refuses it.
  const requiredLater =
    modeEnforcesRequired(renderer.mode) &&
    !hidden &&
    !required &&
    renderer.ruleState.requiredLater.has(component.field);
  const computed = component.field in renderer.ruleState.computed;
  const systemReadOnly =
    !renderer.fieldsByKey.has(component.field) && !isWritableSystemField(component.field);
  const readOnly =
    renderer.readOnly ||
    component.readOnly ||
    computed ||
    systemReadOnly ||
    renderer.readOnlyFields.has(component.field) ||
    !modeIsEditable(renderer.mode);

  // The validator reads the latest rule state: rules change while the user types.
  const latest = useRef({ required, hidden, ruleMessage: renderer.ruleState.messages[component.field] });
  latest.current = { required, hidden, ruleMessage: renderer.ruleState.messages[component.field] };

  const controller = useController({
    name: component.field,
    rules: {
      validate: (value: unknown) => {
        if (!field || latest.current.hidden) return true;
        const problem = validateFieldValue(field, value, {
          required: latest.current.required,
          componentMask: component.mask,
        });
        if (problem) return t(`form.errors.${problem.key}`, { field: label, ...problem.values });
        return latest.current.ruleMessage ?? true;
      },
    },
  });
  const { fieldState, formState } = controller;
  // The server's refusal (a save, a workflow action) shows at once, touched or not.
  const showError =
    Boolean(fieldState.error) &&
    (fieldState.isTouched || formState.isSubmitted || fieldState.error?.type === 'server');
  return {
    field,
    label,
    hidden,
    required,
    readOnly,
    controller,
    errorText: showError ? fieldState.error?.message : undefined,
    /** A hint under the field when it shows no error (the requirement to come). */
    hint: requiredLater ? t('form.requiredLater') : undefined,
  };
}
