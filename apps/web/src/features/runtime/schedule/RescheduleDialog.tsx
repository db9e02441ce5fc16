import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayOf, type GanttTask } from './ganttData.ts';

interface RescheduleDialogProps {
  task: GanttTask | null;
  saving: boolean;
  onClose: () => void;
  onSave: (task: GanttTask, startDay: string, endDay: string) => void;
}

/**
 * The keyboard path of a reschedule: the bar's new first and last days (São Paulo days; the times of day are
 * kept), saved like a drag. A milestone (a task's due date) has one day.
 */
export function RescheduleDialog({ task, saving, onClose, onSave }: RescheduleDialogProps) {
  const { t } = useTranslation();
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  useEffect(() => {
    if (!task) return;
    setStart(dayOf(task.item.start));
    setEnd(dayOf(task.item.end));
  }, [task]);
  const milestone = task?.item.milestone ?? false;

  const handleSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (task && start && (milestone || end)) onSave(task, start, milestone ? start : end);
  };

  return (
    <Dialog open={task !== null} onClose={onClose} aria-labelledby="schedule-reschedule-title">
      <form onSubmit={handleSubmit}>
        <DialogTitle id="schedule-reschedule-title">
          {t('schedule.editDatesTitle', { item: task ? `${task.item.formattedId} ${task.item.title}` : '' })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              type="date"
              label={milestone ? t('schedule.dueDate') : t('schedule.newStart')}
              value={start}
              onChange={(event) => setStart(event.target.value)}
              required
              autoFocus
              slotProps={{ inputLabel: { shrink: true } }}
            />
            {!milestone && (
              <TextField
                type="date"
                label={t('schedule.newEnd')}
                value={end}
                onChange={(event) => setEnd(event.target.value)}
                required
                slotProps={{ inputLabel: { shrink: true } }}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('schedule.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {t('schedule.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
