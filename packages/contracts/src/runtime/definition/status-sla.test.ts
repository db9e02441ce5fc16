import { describe, expect, it } from 'vitest';
import { StatusSlaSchema } from './workflow.ts';

describe('status deadlines (StatusSlaSchema)', () => {
  it('reads working days and hours with the default warning share', () => {
    expect(StatusSlaSchema.parse({ amount: 2, unit: 'workingDays' })).toEqual({
      amount: 2,
      unit: 'workingDays',
      warnAtPercent: 75,
    });
    expect(
      StatusSlaSchema.parse({
        amount: 4,
        unit: 'workingHours',
        warnAtPercent: 50,
        escalateToGroup: 'Chefia',
      }),
    ).toEqual({ amount: 4, unit: 'workingHours', warnAtPercent: 50, escalateToGroup: 'Chefia' });
  });

  it('refuses fractions of a working day, unknown units and a warning at 100 %', () => {
    expect(StatusSlaSchema.safeParse({ amount: 1.5, unit: 'workingDays' }).success).toBe(false);
    expect(StatusSlaSchema.safeParse({ amount: 1.5, unit: 'workingHours' }).success).toBe(true);
    expect(StatusSlaSchema.safeParse({ amount: 2, unit: 'weeks' }).success).toBe(false);
    expect(StatusSlaSchema.safeParse({ amount: 2, unit: 'hours', warnAtPercent: 100 }).success).toBe(false);
  });

  it('still reads the first shape of stored definitions (hours, in working time unless told otherwise)', () => {
    expect(StatusSlaSchema.parse({ hours: 40, workingTime: true, warnAtPercent: 80 })).toEqual({
      amount: 40,
      unit: 'workingHours',
      warnAtPercent: 80,
    });
    expect(StatusSlaSchema.parse({ hours: 48, workingTime: false })).toEqual({
      amount: 48,
      unit: 'hours',
      warnAtPercent: 75,
    });
  });
});
