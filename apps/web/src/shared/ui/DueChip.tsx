import { type DueState, dueStateOf } from '@der/contracts';
import { Chip, type ChipProps } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DISPLAY_TIME_ZONE } from '../format/formatContext.ts';

/** The theme colour of each state: the text says the state too, so colour is never the only sign (WCAG 1.4.1). */
const STATE_COLOURS: Record<Exclude<DueState, 'none'>, ChipProps['color']> = {
  onTime: 'success',
  dueSoon: 'warning',
  overdue: 'error',
};

/**
 * An item's status deadline (engine/deadlines) as a chip: 'No prazo' / 'Vence em breve' / 'Atrasado' with the
 * date, in the department's time zone. Nothing when the item has no deadline. The state is computed at render
 * from the two instants the server sends (dueStateOf), so a page left open shows the change on its next render.
 */
export function DueChip({
  dueAt,
  dueSoonAt,
  now,
  size = 'small',
}: {
  dueAt: string | null | undefined;
  dueSoonAt: string | null | undefined;
  /** The clock (tests); the current time by default. */
  now?: Date;
  size?: ChipProps['size'];
}) {
  const { t, i18n } = useTranslation();
  if (!dueAt) return null;
  const state = dueStateOf(dueAt, dueSoonAt ?? null, now ?? new Date());
  if (state === 'none') return null;
  const date = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'pt-BR', {
    timeZone: DISPLAY_TIME_ZONE,
    dateStyle: 'short',
    timeStyle: 'short',
  })
    .format(new Date(dueAt))
    .replace(',', '');
  const label = t(`deadlines.state.${state}`);
  return (
    <Chip
      size={size}
      color={STATE_COLOURS[state]}
      variant={state === 'onTime' ? 'outlined' : 'filled'}
      label={t('deadlines.chip', { state: label, date })}
      title={t('deadlines.due', { date })}
      data-due-state={state}
    />
  );
}
