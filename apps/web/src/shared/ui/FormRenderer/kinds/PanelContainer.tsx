import { localize } from '@der/contracts';
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FormLayoutGrid } from '../FormLayoutGrid.tsx';
import type { KindProps } from './kindProps.ts';

export function PanelContainer({ component }: KindProps<'panel'>) {
  const { i18n } = useTranslation();
  return (
    <Box>
      {component.label && (
        <Typography component="h2" variant="subtitle1" gutterBottom>
          {localize(component.label, i18n.language)}
        </Typography>
      )}
      <FormLayoutGrid components={component.children} />
    </Box>
  );
}
