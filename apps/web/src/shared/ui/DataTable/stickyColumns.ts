import { alpha, type CSSObject, type Theme } from '@mui/material/styles';

/**
 * A leading column that stays in place while the table scrolls sideways (the selection, the row actions and
 * the first value column). Sticky cells need a background of their own to cover what scrolls under them;
 * the row's hover and selection tints are painted over it so those rows still read as one.
 */
export function stickyCellSx(
  left: number,
  options: { header?: boolean; lastSticky?: boolean } = {},
): (theme: Theme) => CSSObject {
  return (theme) => ({
    position: 'sticky',
    left,
    zIndex: options.header ? 3 : 1,
    backgroundColor: theme.palette.background.paper,
    ...(options.lastSticky && { boxShadow: `inset -1px 0 0 ${theme.palette.divider}` }),
    '.MuiTableRow-hover:hover > &': {
      backgroundImage: `linear-gradient(${theme.palette.action.hover}, ${theme.palette.action.hover})`,
    },
    '.Mui-selected > &': {
      backgroundImage: `linear-gradient(${alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity)}, ${alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity)})`,
    },
  });
}
