import { localize } from '@der/contracts';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, Box, Paper, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormLayoutGrid } from '../FormLayoutGrid.tsx';
import type { KindProps } from './kindProps.ts';

/** A titled group of components; collapsible ones fold away. */
export function GroupBoxContainer({ component }: KindProps<'groupBox'>) {
  const { i18n } = useTranslation();
  const titleId = useId();
  const title = localize(component.title, i18n.language);
  if (component.collapsible) {
    return (
      <Accordion defaultExpanded variant="outlined">
        <AccordionSummary expandIcon={<ExpandMoreIcon />}>
          <Typography component="h2" variant="subtitle1">
            {title}
          </Typography>
        </AccordionSummary>
        <AccordionDetails>
          <FormLayoutGrid components={component.children} />
        </AccordionDetails>
      </Accordion>
    );
  }
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} component="h2" variant="subtitle1" gutterBottom>
        {title}
      </Typography>
      <Box>
        <FormLayoutGrid components={component.children} />
      </Box>
    </Paper>
  );
}
