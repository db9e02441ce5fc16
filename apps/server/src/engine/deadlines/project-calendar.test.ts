import type { ComponentDefinition } from '@der/contracts';
import { describe, expect, it } from 'vitest';
import { deadlineOnEntering } from './item-deadline.ts';
import { addWorkingDays, addWorkingHours, DEFAULT_WORK_CALENDAR, type WorkCalendar } from './working-time.ts';

/** A Manaus wall-clock time ('2026-03-18T10:00') as an instant (UTC−4, an hour behind São Paulo). */
const mn = (local: string) => new Date(`${local}:00-04:00`);

/**
 * A project's own calendar, as the time-entry issue will give one: another time zone, Monday to Saturday
 * 07:00–13:00 (six hours a day), and a holiday of its own (19 March 2026, a Thursday, not a national one).
 */
const project: WorkCalendar = {
  timeZone: 'America/Manaus',
  workPeriods: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '07:00', end: '13:00' })),
  isHoliday: (day) => day === '2026-03-19',
};

describe("a project's calendar passed to the working-time calculator", () => {
  it('one working day is one day of that calendar, not 24 working hours', () => {
    // Wednesday 10:00 → the next working day (Thursday is the project's holiday) → Friday 10:00.
    expect(addWorkingDays(mn('2026-03-18T10:00'), 1, project)).toEqual(mn('2026-03-20T10:00'));
    // 24 working hours at six a day: Wed 3 h, Fri 6, Sat 6, Mon 6, then 3 more on Tuesday.
    expect(addWorkingHours(mn('2026-03-18T10:00'), 24, project)).toEqual(mn('2026-03-24T10:00'));
  });

  it('counts its own weekdays, hours and time zone instead of the default calendar', () => {
    // Friday 10:00 in Manaus: the project works Saturdays; the default calendar (São Paulo) goes to Monday.
    expect(addWorkingDays(mn('2026-03-20T10:00'), 1, project)).toEqual(mn('2026-03-21T10:00'));
    expect(addWorkingDays(mn('2026-03-20T10:00'), 1, DEFAULT_WORK_CALENDAR)).toEqual(mn('2026-03-23T10:00'));
    // 12:00 in Manaus is 13:00 in São Paulo: the project has one hour left that day, the default calendar four.
    expect(addWorkingHours(mn('2026-03-20T12:00'), 2, project)).toEqual(mn('2026-03-21T08:00'));
    expect(addWorkingHours(mn('2026-03-20T12:00'), 2, DEFAULT_WORK_CALENDAR)).toEqual(mn('2026-03-20T14:00'));
  });

  it('gives an item entering a status with an SLA its due dates on the calendar it is given', () => {
    const component = {
      workflow: {
        statuses: [{ key: 'novo', sla: { amount: 1, unit: 'workingDays', warnAtPercent: 50 } }],
        actions: [],
      },
    } as unknown as ComponentDefinition;
    const onProject = deadlineOnEntering(component, 'novo', mn('2026-03-20T10:00'), project);
    expect(onProject).toMatchObject({ dueAt: mn('2026-03-21T10:00'), dueSoonAt: mn('2026-03-20T13:00') });
    const byDefault = deadlineOnEntering(component, 'novo', mn('2026-03-20T10:00'));
    expect(byDefault.dueAt).toEqual(mn('2026-03-23T10:00'));
  });
});
