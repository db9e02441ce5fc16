import type { MenuItem } from '@der/contracts';

/** `list/{componentID}/{form}/…`, `insertItem/{componentID}/{projectId}/{form}`, `editItem/{componentID}/{item}/{form}`. */
const FORM_OF_LINK: readonly [RegExp, number][] = [
  [/^list\/(\d+)\/(\d+)(?:\/|$)/, 2],
  [/^insertItem\/(\d+)\/\d+\/(\d+)(?:\/|$)/, 2],
  [/^editItem\/(\d+)\/\d+\/(\d+)(?:\/|$)/, 2],
];

function formOfLink(link: string): [componentId: number, formId: number] | null {
  const path = link.replace(/^\/?(?:runtime\/\d+\/)?/, '');
  for (const [pattern, formGroup] of FORM_OF_LINK) {
    const match = pattern.exec(path);
    const componentId = Number(match?.[1]);
    const formId = Number(match?.[formGroup]);
    if (match && componentId > 0 && formId > 0) return [componentId, formId];
  }
  return null;
}

/**
 * The form each component opens with, as the application's menu links say (the first link naming one
 * wins). Linked items of components whose widget names no form open with it; a component the menu never
 * opens has none, and its items are listed without a link.
 */
export function formsByComponentOfMenu(menu: readonly MenuItem[]): Map<number, number> {
  const forms = new Map<number, number>();
  const walk = (items: readonly MenuItem[]) => {
    for (const item of items) {
      const found = formOfLink(item.link);
      if (found && !forms.has(found[0])) forms.set(found[0], found[1]);
      walk(item.child);
    }
  };
  walk(menu);
  return forms;
}
