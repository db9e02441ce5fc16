import type { ApplicationDefinition } from '@der/contracts';
import { sanitizeRichText } from '../items/rich-text.ts';

/**
 * A definition with the markup of its forms' `html` components sanitised as rich text is (rich-text.ts):
 * the web sanitises it again when it renders it, but the stored document — exported, shown to every user of
 * the form — holds no script whichever client imported it.
 */
export function withSanitisedMarkup(definition: ApplicationDefinition): ApplicationDefinition {
  return {
    ...definition,
    components: definition.components.map((component) => ({
      ...component,
      forms: component.forms.map((form) => ({
        ...form,
        layout: sanitisedLayout(form.layout) as typeof form.layout,
      })),
    })),
  };
}

/** Walks a layout (containers nest components at any depth): each `html` component's content, sanitised. */
function sanitisedLayout(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(sanitisedLayout);
  if (node === null || typeof node !== 'object') return node;
  const copy: Record<string, unknown> = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, sanitisedLayout(value)]),
  );
  if (copy.type === 'html' && typeof copy.content === 'string') copy.content = sanitizeRichText(copy.content);
  return copy;
}
