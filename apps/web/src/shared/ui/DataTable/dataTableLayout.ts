import { stickyCellSx } from './stickyColumns.ts';

/** The table's own columns before the values: row selection and the row's buttons. */
export const SELECT_COLUMN = '__select';
export const ACTIONS_COLUMN = '__actions';
export const SELECT_COLUMN_WIDTH = 48;
export const ACTIONS_COLUMN_WIDTH = 96;

export type StickySxOf = (id: string, header?: boolean) => ReturnType<typeof stickyCellSx> | undefined;

/**
 * The row's controls and its first shown column stay in place while the table scrolls sideways: the sticky
 * style of a column by id, or undefined for a column that scrolls.
 */
export function stickyColumnsLayout(options: {
  selectable: boolean;
  hasActions: boolean;
  firstColumnName: string | undefined;
}): StickySxOf {
  const { selectable, hasActions, firstColumnName } = options;
  const actionsLeft = selectable ? SELECT_COLUMN_WIDTH : 0;
  const firstColumnLeft = actionsLeft + (hasActions ? ACTIONS_COLUMN_WIDTH : 0);
  return (id, header = false) => {
    if (id === SELECT_COLUMN) return stickyCellSx(0, { header, lastSticky: !hasActions && !firstColumnName });
    if (id === ACTIONS_COLUMN) return stickyCellSx(actionsLeft, { header, lastSticky: !firstColumnName });
    if (id === firstColumnName) return stickyCellSx(firstColumnLeft, { header, lastSticky: true });
    return undefined;
  };
}
