import type { Language } from '@der/contracts';
import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import {
  EMPTY_RULE_STATE,
  type FormRuleEvaluator,
  type FormRuleState,
  type FormValues,
} from './formRendererTypes.ts';

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * Runs the business rules on load and after every change (instant feedback) and writes the values they set
 * (defaults, computed values, action effects) back into the form. Only the latest evaluation is applied, so
 * a slow one never overwrites the result of a later change.
 */
export function useRuleState(
  form: UseFormReturn<FormValues>,
  evaluateRules: FormRuleEvaluator,
  language: Language,
): FormRuleState {
  const [state, setState] = useState<FormRuleState>(EMPTY_RULE_STATE);
  const sequence = useRef(0);

  useEffect(() => {
    const run = (event: 'load' | 'change', changedField?: string) => {
      sequence.current += 1;
      const mine = sequence.current;
      void evaluateRules({ values: form.getValues(), event, changedField, language })
        .then((next) => {
          if (mine !== sequence.current) return;
          for (const [key, value] of Object.entries({ ...next.assigned, ...next.computed })) {
            // Setting a value triggers the watcher below; an unchanged value must not loop.
            if (!sameValue(form.getValues(key), value))
              form.setValue(key, value, { shouldDirty: event === 'change' });
          }
          setState(next);
        })
        .catch(() => {
          // A rule that cannot run in the browser leaves the form as the definition says; the server decides.
          if (mine === sequence.current) setState(EMPTY_RULE_STATE);
        });
    };
    run('load');
    const subscription = form.watch((_, { name, type }) => {
      // Only the user's own changes count as 'change' events; values set by the rules themselves do not.
      if (type === 'change' && name) run('change', name);
    });
    return () => subscription.unsubscribe();
  }, [form, evaluateRules, language]);

  return state;
}
