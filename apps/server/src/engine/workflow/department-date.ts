const DEPARTMENT_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day (YYYY-MM-DD) of an instant in the department's time zone: delegations run by these days. */
export function departmentDate(now: Date): string {
  return DEPARTMENT_DAY.format(now);
}
