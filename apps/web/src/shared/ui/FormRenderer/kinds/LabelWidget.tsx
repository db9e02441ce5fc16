import { localize } from '@der/contracts';
import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { KindProps } from './kindProps.ts';

const VARIANTS = { title: 'h6', subtitle: 'subtitle1', body: 'body1' } as const;

export function LabelWidget({ component }: KindProps<'label'>) {
  const { i18n } = useTranslation();
  return (
    <Typography variant={VARIANTS[component.variant]} component={component.variant === 'title' ? 'h2' : 'p'}>
      {localize(component.text, i18n.language)}
    </Typography>
  );
}
