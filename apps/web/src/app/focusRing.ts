import type { Components, Theme } from '@mui/material/styles';

/**
 * A visible keyboard focus on every button, icon button, tab, menu item and list button (WCAG 2.4.7): MUI
 * removes the browser's outline from ButtonBase and shows only a ripple, which contained buttons and icon
 * buttons on the coloured top bar do not show. Two rings — one of the page's text colour, one of its surface
 * colour between it and the control — so one of them contrasts with whatever the control sits on.
 */
export function focusRingComponents({ ring, gap }: { ring: string; gap: string }): Components<Theme> {
  return {
    MuiButtonBase: {
      styleOverrides: {
        root: {
          '&.Mui-focusVisible': {
            outline: `2px solid ${ring}`,
            outlineOffset: 2,
            boxShadow: `0 0 0 2px ${gap}`,
          },
        },
      },
    },
  };
}
