import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormTimesheetServices } from '../formRendererTypes.ts';

const itemTimesheetKey = (itemId: number | null) => ['item-timesheet', itemId] as const;

/** The time entered on the saved item (the timesheets component), while the page gives the call. */
export function useItemTimesheet(timesheets: FormTimesheetServices | undefined, itemId: number | null) {
  return useQuery({
    queryKey: itemTimesheetKey(itemId),
    queryFn: () => (timesheets as FormTimesheetServices).load(),
    enabled: Boolean(timesheets) && itemId !== null,
  });
}

/** Entering the user's hours on the item; the list is read again whatever the answer. */
export function useEnterTime(
  timesheets: FormTimesheetServices,
  handlers: { onSuccess: () => void; onError: (error: unknown) => void },
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (entry: Parameters<FormTimesheetServices['enter']>[0]) => timesheets.enter(entry),
    ...handlers,
    onSettled: () => client.invalidateQueries({ queryKey: ['item-timesheet'] }),
  });
}
