import {
  type ComponentDefinition,
  childrenOf,
  DEFAULT_MAX_ATTACHMENTS,
  type FileIndexDefinition,
  type FormComponent,
} from '@der/contracts';

/** The configuration of one attachments component of a component's forms. */
export interface AttachmentsWidget {
  key: string;
  maxFiles: number;
  fileIndexes: FileIndexDefinition[];
}

function* walk(components: readonly FormComponent[]): Generator<FormComponent> {
  for (const component of components) {
    yield component;
    yield* walk(childrenOf(component));
  }
}

/**
 * The attachments component keyed `widgetKey` on any form of the component (forms of one component share its
 * attachments: the insert and edit forms show the same files). Null when no form has one: nothing may be
 * attached under that key. The first form declaring it configures the cap and the file indexes.
 */
export function findAttachmentsWidget(
  definition: ComponentDefinition,
  widgetKey: string,
  defaultMaxFiles = DEFAULT_MAX_ATTACHMENTS,
): AttachmentsWidget | null {
  for (const form of definition.forms)
    for (const component of walk(form.layout))
      if (component.type === 'attachments' && component.key === widgetKey)
        return {
          key: widgetKey,
          maxFiles: component.maxFiles ?? defaultMaxFiles,
          fileIndexes: component.fileIndexes,
        };
  return null;
}
