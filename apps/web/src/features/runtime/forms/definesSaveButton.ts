import { childrenOf, type FormComponent } from '@der/contracts';

/**
 * Whether a form's definition places its own save button ('Salvar rascunho' of a guided request): the page then
 * adds none of its own, so the form keeps one primary action.
 */
export function definesSaveButton(layout: readonly FormComponent[]): boolean {
  return layout.some(
    (component) =>
      (component.type === 'button' &&
        (component.action.kind === 'save' || component.action.kind === 'saveAndClear')) ||
      definesSaveButton(childrenOf(component)),
  );
}
