import { childrenOf, type FormComponent, localize } from '@der/contracts';
import { Box, Button, Stack, Step, StepButton, StepLabel, Stepper, Typography } from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormLayoutGrid } from '../FormLayoutGrid.tsx';
import { useFormRenderer } from '../FormRendererContext.ts';
import type { KindProps } from './kindProps.ts';
import { StepsReview } from './StepsReview.tsx';

/** The fields bound in a layout subtree, in layout order. */
export function fieldsIn(components: readonly FormComponent[]): string[] {
  return components.flatMap((child) => [
    ...('field' in child && typeof child.field === 'string' ? [child.field] : []),
    ...fieldsIn(childrenOf(child)),
  ]);
}

/**
 * Every save reloads the form (a new item opens as the saved one, on its edit route): the step the user is on
 * is kept for the item in this browser tab, so the guide goes on where it was; a new item's hands over to the
 * item its first save created.
 */
const stepKey = (itemId: number | null) => `der.form.step.${itemId ?? 'new'}`;
const storage = () => (typeof sessionStorage === 'undefined' ? null : sessionStorage);

function storedStep(itemId: number | null): number {
  const store = storage();
  if (!store) return 0;
  const newItemStep = store.getItem(stepKey(null));
  store.removeItem(stepKey(null));
  const own = itemId === null ? null : store.getItem(stepKey(itemId));
  const step = Number(own ?? (itemId === null ? null : newItemStep));
  return Number.isInteger(step) && step > 0 ? step : 0;
}

/**
 * The guided form of a 'steps' container (MUI Stepper): one step at a time, Next and Back, any step reachable
 * from the stepper's buttons (Tab and Enter). Next checks the step's own fields and shows their errors there;
 * with `saveOnNext` it then saves the item (a draft: only a draft's checks). A refused save (or send) opens the
 * step holding the first field in error. The optional review step lists what was filled, step by step. The
 * steps stay mounted (hidden), so every field keeps its value and checks.
 */
export function StepsContainer({ component }: KindProps<'steps'>) {
  const { t, i18n } = useTranslation();
  const renderer = useFormRenderer();
  const { revealed, submit, itemId } = renderer;
  const form = useFormContext();
  const baseId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const steps = component.steps;
  const total = steps.length + (component.review ? 1 : 0);
  const [active, setActive] = useState(() => Math.min(storedStep(itemId), total - 1));
  useEffect(() => {
    storage()?.setItem(stepKey(itemId), String(active));
  }, [itemId, active]);
  const [moved, setMoved] = useState(false);
  const fieldsOfStep = steps.map((step) => fieldsIn(step.children));

  // A refused save names a field: open its step (adjusted while rendering, as the tab control does, so the
  // form's focus on the field reaches it in the same commit).
  const [handledReveal, setHandledReveal] = useState(revealed);
  if (revealed !== handledReveal) {
    setHandledReveal(revealed);
    const index = revealed ? fieldsOfStep.findIndex((fields) => fields.includes(revealed.field)) : -1;
    if (index >= 0) setActive(index);
  }

  // Moving between steps puts the keyboard on the new step's title, which screen readers announce.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes (active), not only moved
  useEffect(() => {
    if (moved) headingRef.current?.focus();
  }, [active, moved]);

  function goTo(index: number) {
    setMoved(true);
    setActive(index);
  }

  async function handleNext() {
    const fields = fieldsOfStep[active] ?? [];
    const valid = fields.length === 0 || (await form.trigger(fields, { shouldFocus: true }));
    if (!valid) {
      // The step's errors show at once, touched or not (as a refused save's do): the user asked to move on.
      for (const field of fields) {
        const error = form.getFieldState(field).error;
        if (error) form.setError(field, { type: 'server', message: error.message ?? '' });
      }
      return;
    }
    const next = Math.min(active + 1, total - 1);
    // The step is stored (effect above) before the save reloads the form.
    storage()?.setItem(stepKey(itemId), String(next));
    goTo(next);
    if (component.saveOnNext && !renderer.readOnly) submit({ saveAndClear: false });
  }

  const titleOf = (index: number) =>
    index < steps.length
      ? localize(steps[index]!.title, i18n.language)
      : localize(component.review ?? steps[0]!.title, i18n.language);
  const errors = form.formState.errors;
  const stepHasError = (index: number) => (fieldsOfStep[index] ?? []).some((field) => field in errors);

  return (
    <Box>
      <Stepper nonLinear activeStep={active} alternativeLabel sx={{ mb: 3, overflowX: 'auto' }}>
        {Array.from({ length: total }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: steps are positions of the definition's list
          <Step key={index} completed={index < active && !stepHasError(index)}>
            <StepButton
              onClick={() => goTo(index)}
              aria-current={index === active ? 'step' : undefined}
              aria-controls={`${baseId}-step-${index}`}
            >
              <StepLabel error={stepHasError(index)}>{titleOf(index)}</StepLabel>
            </StepButton>
          </Step>
        ))}
      </Stepper>
      {steps.map((step, index) => (
        <Box
          key={step.key ?? index}
          id={`${baseId}-step-${index}`}
          role="group"
          aria-labelledby={`${baseId}-title-${index}`}
          hidden={active !== index}
        >
          <Typography
            id={`${baseId}-title-${index}`}
            ref={active === index ? headingRef : undefined}
            tabIndex={-1}
            variant="h6"
            component="h2"
            sx={{ mb: 2 }}
          >
            {t('form.steps.heading', { step: index + 1, total, title: titleOf(index) })}
          </Typography>
          <FormLayoutGrid components={step.children} />
        </Box>
      ))}
      {component.review && (
        <Box
          id={`${baseId}-step-${steps.length}`}
          role="group"
          aria-labelledby={`${baseId}-title-${steps.length}`}
          hidden={active !== steps.length}
        >
          <Typography
            id={`${baseId}-title-${steps.length}`}
            ref={active === steps.length ? headingRef : undefined}
            tabIndex={-1}
            variant="h6"
            component="h2"
            sx={{ mb: 2 }}
          >
            {t('form.steps.heading', { step: total, total, title: titleOf(steps.length) })}
          </Typography>
          {active === steps.length && <StepsReview steps={steps} onEdit={goTo} />}
        </Box>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'space-between' }}>
        <Button disabled={active === 0} onClick={() => goTo(active - 1)}>
          {t('form.steps.back')}
        </Button>
        {active < total - 1 && (
          <Button variant="contained" onClick={() => void handleNext()}>
            {component.saveOnNext && !renderer.readOnly ? t('form.steps.saveAndNext') : t('form.steps.next')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
