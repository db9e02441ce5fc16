import AddIcon from '@mui/icons-material/Add';
import { Box, Chip, IconButton, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Text for screen readers only (the chip beside it is hidden from them). */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
} as const;

/** A lane's heading: its name, its count (the server's, capped as the lists are) and the new-card button. */
export function KanbanLaneHeader({
  id,
  name,
  count,
  capped,
  onCreate,
  level = 2,
}: {
  id: string;
  name: string;
  count: number;
  capped: boolean;
  onCreate: (() => void) | null;
  level?: 2 | 3;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: 1.5, py: 1 }}>
      <Typography id={id} component={`h${level}`} variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
        {name}{' '}
        <Box component="span" sx={visuallyHidden}>
          {t('kanban.laneCount', { count })}
        </Box>
      </Typography>
      <Chip size="small" label={capped ? `${count}+` : String(count)} aria-hidden />
      {onCreate && (
        <IconButton size="small" onClick={onCreate} aria-label={t('kanban.newCard', { lane: name })}>
          <AddIcon fontSize="small" />
        </IconButton>
      )}
    </Stack>
  );
}
