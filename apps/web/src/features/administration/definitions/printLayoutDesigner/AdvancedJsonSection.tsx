import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Accordion, AccordionDetails, AccordionSummary, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * The layout's JSON, folded away: for what the designer does not edit (images, variables, page count) and for
 * pasting a layout whole. Structured edits rewrite it; JSON that the schema accepts becomes the designer's state.
 */
export function AdvancedJsonSection({ text, onChange }: { text: string; onChange: (text: string) => void }) {
  const { t } = useTranslation();
  return (
    <Accordion variant="outlined" disableGutters>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        {/* The accordion's summary sits in a heading of its own: the text needs none. */}
        <Typography component="span" variant="subtitle1">
          {t('admin.printLayouts.advanced')}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <TextField
          label={t('admin.printLayouts.json')}
          multiline
          fullWidth
          minRows={12}
          maxRows={24}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
        />
      </AccordionDetails>
    </Accordion>
  );
}
