import { GlobalStyles } from '@mui/material';
import { useState } from 'react';

// Only the table is printed: the shell, the toolbar and the filters are hidden while it is.
export const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'body[data-printing-table] *': { visibility: 'hidden' },
        'body[data-printing-table] [data-print-root], body[data-printing-table] [data-print-root] *': {
          visibility: 'visible',
        },
        'body[data-printing-table] [data-print-root]': {
          position: 'absolute',
          left: 0,
          top: 0,
          width: '100%',
        },
        'body[data-printing-table] [data-print-root] [data-no-print]': { display: 'none' },
      },
    }}
  />
);

/**
 * Prints one table: while `printing`, the table marks itself `data-print-root` and `printStyles` hide the rest
 * of the page.
 */
export function usePrintTable(): { printing: boolean; print: () => void } {
  const [printing, setPrinting] = useState(false);
  const print = () => {
    setPrinting(true);
    document.body.setAttribute('data-printing-table', '');
    // After React has marked this table as the one to print.
    setTimeout(() => {
      try {
        window.print();
      } finally {
        document.body.removeAttribute('data-printing-table');
        setPrinting(false);
      }
    }, 0);
  };
  return { printing, print };
}
