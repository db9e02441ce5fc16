/** Controls inside a row that act on their own: a click on them never opens the row's item. */
const OWN_ACTION_SELECTOR =
  'a, button, input, select, textarea, label, [role="button"], [role="checkbox"], [data-no-row-open]';

/**
 * Whether a click on a row should open its item: not when it lands on a control of the row (selection,
 * edit and action buttons, an in-grid editor), nor when the person was selecting text to copy.
 */
export function isRowOpenClick(target: EventTarget | null, row: Element): boolean {
  if (!(target instanceof Element)) return false;
  const own = target.closest(OWN_ACTION_SELECTOR);
  if (own && row.contains(own)) return false;
  const selection = typeof window === 'undefined' ? null : window.getSelection();
  return !selection || selection.isCollapsed || !row.contains(selection.anchorNode);
}
