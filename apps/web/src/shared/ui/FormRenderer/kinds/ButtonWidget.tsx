import { localize } from '@der/contracts';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useFormRenderer } from '../FormRendererContext.ts';
import type { KindProps } from './kindProps.ts';

/**
 * A button of the definition: save and saveAndClear submit the form, the other actions go to the page. All are
 * outlined: the page's own save button is the form's one primary action, and a definition's 'Salvar rascunho'
 * drawn as a second filled button beside it read as two competing main actions.
 */
export function ButtonWidget({ component }: KindProps<'button'>) {
  const { i18n } = useTranslation();
  const { services, readOnly, submit } = useFormRenderer();
  const kind = component.action.kind;
  const saves = kind === 'save' || kind === 'saveAndClear';
  return (
    <Button
      variant="outlined"
      type={kind === 'save' ? 'submit' : 'button'}
      disabled={readOnly && saves}
      onClick={
        kind === 'save'
          ? undefined
          : kind === 'saveAndClear'
            ? () => submit({ saveAndClear: true })
            : () => services.onButtonAction?.(component)
      }
    >
      {localize(component.text, i18n.language)}
    </Button>
  );
}
