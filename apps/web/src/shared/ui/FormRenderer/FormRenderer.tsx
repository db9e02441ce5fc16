import { type FieldDefinition, FORM_MODES, type Language } from '@der/contracts';
import { Alert, Box } from '@mui/material';
import { LocalizationProvider } from '@mui/x-date-pickers';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { ptBR as datePickersPtBR } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/pt-br';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormLayoutGrid } from './FormLayoutGrid.tsx';
import { FormRendererContext, type FormRendererContextValue } from './FormRendererContext.ts';
import {
  EMPTY_RULE_STATE,
  type FormRendererProps,
  type FormValues,
  type SubmitOptions,
} from './formRendererTypes.ts';
import { initialFormValues, missingRequiredFields, valuesToSubmit } from './formValues.ts';
import { useRuleState } from './useRuleState.ts';

const PT_BR_PICKER_TEXTS = datePickersPtBR.components.MuiLocalizationProvider.defaultProps.localeText;

const noRules = async () => EMPTY_RULE_STATE;
const NO_VALUES: FormValues = {};
const NO_SERVICES = {};
const NO_FIELDS: readonly string[] = [];
const PLAIN_SAVE: SubmitOptions = { saveAndClear: false };

/**
 * Builds a form from a definition's layout, the component's fields and the item's values (spec §3): every
 * form component kind, the form modes, the §5 field checks with errors shown once touched, and the business
 * rules (visibility, required-ness, computed values) evaluated on load and on every change.
 */
export function FormRenderer({
  layout,
  fields,
  values = NO_VALUES,
  mode = FORM_MODES.standard,
  itemId = null,
  draft = false,
  readOnly = false,
  readOnlyFields = NO_FIELDS,
  userHiddenFields = NO_FIELDS,
  evaluateRules = noRules,
  services = NO_SERVICES,
  onSubmit,
  formId,
  onReady,
  onValuesChange,
  onInvalid,
}: FormRendererProps) {
  const { t, i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'pt-BR';
  const fieldsByKey = useMemo(
    () => new Map<string, FieldDefinition>(fields.map((field) => [field.key, field])),
    [fields],
  );
  const defaultValues = useMemo(() => initialFormValues(fields, values, mode), [fields, values, mode]);
  const form = useForm<FormValues>({ defaultValues, mode: 'onTouched' });
  const watched = useWatch({ control: form.control }) as FormValues;
  const ruleState = useRuleState(form, evaluateRules, language);
  const [revealed, setRevealed] = useState<{ field: string } | null>(null);
  // Once a tab control has opened the field's tab (state set in the same render pass), focus can reach it.
  useEffect(() => {
    if (revealed) form.setFocus(revealed.field);
  }, [revealed, form]);

  // Which button asked for the submit; the form's own submit (Enter, the page's Save) is a plain save.
  const submitOptions = useRef<SubmitOptions>(PLAIN_SAVE);
  // The latest submit (it closes over the current rule state) behind a stable callback for the context.
  const latestSubmit = useRef<() => Promise<void>>(async () => {});
  const submitWith = useCallback((options: SubmitOptions) => {
    submitOptions.current = options;
    void latestSubmit.current();
  }, []);

  // Changed since load (or since the last reset): compared by value, not by react-hook-form's dirty flags,
  // which a rule's setValue would not set. Hidden fields and computed values are not sent: the server keeps
  // the former and derives the latter. A ref: it reads the rule state of the latest render.
  const latestChanges = useRef((_: FormValues): FormValues => ({}));
  latestChanges.current = (current: FormValues) => {
    const initial = form.formState.defaultValues ?? defaultValues;
    const skipped = new Set([...ruleState.hidden, ...Object.keys(ruleState.computed)]);
    return valuesToSubmit(current, initial, FORM_MODES.bulk, skipped);
  };

  useEffect(() => {
    onReady?.({
      setValues: (next) => {
        for (const [key, value] of Object.entries(next)) {
          form.setValue(key, value, { shouldDirty: true, shouldValidate: true });
        }
      },
      setFieldError: (field, message) => form.setError(field, { type: 'server', message }),
      revealField: (field) => setRevealed({ field }),
      reset: (next) => form.reset(initialFormValues(fields, next, mode)),
      getValues: () => form.getValues(),
      getChanges: () => latestChanges.current(form.getValues()),
      submit: (options) => submitWith(options),
    });
  }, [onReady, form, fields, mode, submitWith]);

  const submit = form.handleSubmit(
    async (submitted) => {
      const options = submitOptions.current;
      submitOptions.current = PLAIN_SAVE;
      const initial = form.formState.defaultValues ?? defaultValues;
      const skipped = new Set([...ruleState.hidden, ...Object.keys(ruleState.computed)]);
      await onSubmit?.(
        valuesToSubmit(submitted, initial, mode, skipped),
        latestChanges.current(submitted),
        options,
      );
    },
    (errors) => {
      submitOptions.current = PLAIN_SAVE;
      // The first field in error may sit in a tab the user does not see: open it, and tell the page.
      const fieldsInError = Object.keys(errors);
      if (fieldsInError[0]) setRevealed({ field: fieldsInError[0] });
      onInvalid?.(fieldsInError);
    },
  );
  latestSubmit.current = submit;

  const context = useMemo<FormRendererContextValue>(
    () => ({
      fieldsByKey,
      mode,
      itemId,
      draft,
      readOnly,
      readOnlyFields: new Set(readOnlyFields),
      userHiddenFields: new Set(userHiddenFields),
      ruleState,
      services,
      submit: submitWith,
      revealed,
    }),
    [
      fieldsByKey,
      mode,
      itemId,
      draft,
      readOnly,
      readOnlyFields,
      userHiddenFields,
      ruleState,
      services,
      submitWith,
      revealed,
    ],
  );

  useEffect(() => {
    if (!onValuesChange) return;
    const current = { ...defaultValues, ...watched };
    onValuesChange(current, missingRequiredFields(fields, current, ruleState, mode));
  }, [onValuesChange, defaultValues, watched, fields, ruleState, mode]);

  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={language === 'en' ? 'en' : 'pt-br'}
      // The pickers' own texts in Portuguese: field placeholders 'DD/MM/AAAA', toolbar and button labels.
      localeText={language === 'en' ? undefined : PT_BR_PICKER_TEXTS}
    >
      <FormRendererContext.Provider value={context}>
        <FormProvider {...form}>
          <Box component="form" id={formId} noValidate onSubmit={submit}>
            {mode === FORM_MODES.bulk && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {t('form.bulkHint')}
              </Alert>
            )}
            <FormLayoutGrid components={layout} />
          </Box>
        </FormProvider>
      </FormRendererContext.Provider>
    </LocalizationProvider>
  );
}
