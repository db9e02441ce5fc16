import { Calendar } from '@fullcalendar/core';
import ptBrLocale from '@fullcalendar/core/locales/pt-br';
import dayGridPlugin from '@fullcalendar/daygrid';
import { describe, expect, it } from 'vitest';
import { CALENDAR_FIRST_DAY, type CalendarRange, monthGridRange, rangeOf } from './calendarRange.ts';

/** The range FullCalendar's month grid reports for a day, with the options the page gives it. */
function fullCalendarRange(day: Date, locale: 'en' | typeof ptBrLocale): CalendarRange {
  let range: CalendarRange | undefined;
  const calendar = new Calendar(document.createElement('div'), {
    plugins: [dayGridPlugin],
    initialView: 'dayGridMonth',
    initialDate: day,
    locale,
    firstDay: CALENDAR_FIRST_DAY,
    fixedWeekCount: true,
    datesSet: (info) => {
      range = rangeOf(info.start, info.end);
    },
  });
  calendar.render();
  calendar.destroy();
  if (!range) throw new Error('FullCalendar reported no range');
  return range;
}

describe('monthGridRange: the days the arrival prefetch asks for', () => {
  it('is six weeks from the Sunday on or before the first of the month', () => {
    expect(monthGridRange(new Date(2026, 11, 3))).toEqual({ from: '2026-11-29', to: '2027-01-09' });
    // A month starting on a Sunday opens on its own first day.
    expect(monthGridRange(new Date(2026, 1, 20))).toEqual({ from: '2026-02-01', to: '2026-03-14' });
  });

  it.each([
    new Date(2026, 0, 1),
    new Date(2026, 1, 28),
    new Date(2026, 5, 15),
    new Date(2026, 9, 31),
    new Date(2027, 1, 1),
    new Date(2028, 1, 29),
  ])('asks for the same days FullCalendar shows on %s', (day) => {
    expect(monthGridRange(day)).toEqual(fullCalendarRange(day, ptBrLocale));
    expect(monthGridRange(day)).toEqual(fullCalendarRange(day, 'en'));
  });
});
