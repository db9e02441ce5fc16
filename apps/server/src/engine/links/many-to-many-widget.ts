import { type ComponentDefinition, childrenOf, type FormComponent } from '@der/contracts';
import { AppError } from '../../infra/http/app-error.ts';

type ManyToManyWidget = Extract<FormComponent, { type: 'manyToMany' }>;

/** How a form names one of its many-to-many widgets. */
export interface ManyToManyWidgetRef {
  formId: number;
  targetComponentId: number;
  widgetKey?: string | undefined;
}

function widgetsOf(layout: readonly FormComponent[]): ManyToManyWidget[] {
  return layout.flatMap((component) => [
    ...(component.type === 'manyToMany' ? [component] : []),
    ...widgetsOf(childrenOf(component)),
  ]);
}

/**
 * The many-to-many widget a request names, from the owner component's definition: 404 when the form has no
 * such widget, so links exist only where a definition offers them.
 */
export function findManyToManyWidget(
  component: ComponentDefinition,
  ref: ManyToManyWidgetRef,
): ManyToManyWidget {
  const form = component.forms.find((candidate) => candidate.id === ref.formId);
  const widget = widgetsOf(form?.layout ?? []).find(
    (candidate) =>
      candidate.componentId === ref.targetComponentId &&
      (ref.widgetKey === undefined || candidate.key === ref.widgetKey),
  );
  if (!widget) throw new AppError('NOT_FOUND');
  return widget;
}

/**
 * The relation a widget's links are kept under (runtime_item_links.relation), also the key of the owner's
 * version-row change. Its colon keeps it apart from field keys (letters, digits, underscores) and from the
 * free links' 'link'. Widgets of the same target without a key share their links, whichever form shows them.
 */
export function relationOf(widget: ManyToManyWidget): string {
  return `manyToMany:${widget.key ?? widget.componentId}`;
}
