import { Box } from '@mui/material';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The id every page gives its main landmark, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/** Spread on a page's main landmark: the skip link's target, focusable by script only (not in the Tab order). */
export const mainContentProps = { id: MAIN_CONTENT_ID, tabIndex: -1 } as const;

/**
 * 'Pular para o conteúdo' (WCAG 2.4.1): the first stop of the Tab order on every page, hidden until focused,
 * moving the focus past the top bar and the menu to the page's main landmark.
 */
export function SkipLink() {
  const { t } = useTranslation();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // The router owns the address: move the focus without a #fragment in it.
    event.preventDefault();
    const main = document.getElementById(MAIN_CONTENT_ID) ?? document.querySelector('main');
    if (!main) return;
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    // Focusing scrolls the main content into view.
    main.focus();
  };
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={handleClick}
      sx={(theme) => ({
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'text.primary',
        fontWeight: 'bold',
        boxShadow: 3,
        // Off screen until it has the keyboard focus.
        transform: 'translateY(-200%)',
        '&:focus': {
          transform: 'none',
          outline: `2px solid ${theme.palette.text.primary}`,
          outlineOffset: 2,
        },
      })}
    >
      {t('app.skipToContent')}
    </Box>
  );
}
