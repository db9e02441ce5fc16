import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One term and its description of a description list. */
export function DescriptionRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {children}
      </Typography>
    </>
  );
}

/** A description list laid out as two columns (terms, descriptions). */
export function DescriptionList({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
    >
      {children}
    </Box>
  );
}
