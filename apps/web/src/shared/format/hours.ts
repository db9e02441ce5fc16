/** Hours of time entry as people type and read them: 'h:mm' (1:30), whole hours (8) or decimals (1,5 / 1.5). */

const pad = (value: number) => String(value).padStart(2, '0');

/** Minutes as 'h:mm' ('' for none). */
export function hoursText(minutes: number): string {
  if (minutes <= 0) return '';
  return `${Math.floor(minutes / 60)}:${pad(minutes % 60)}`;
}

/** What typed hours mean, in minutes: 0 for nothing typed, null for anything that is not hours. */
export function minutesOfText(text: string): number | null {
  const value = text.trim();
  if (value === '') return 0;
  const clock = /^(\d{1,2}):([0-5]\d)$/.exec(value);
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  if (/^\d{1,2}([.,]\d{1,2})?$/.test(value)) return Math.round(Number(value.replace(',', '.')) * 60);
  return null;
}
