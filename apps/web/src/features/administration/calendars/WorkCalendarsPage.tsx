import type { WorkCalendarRow } from '@der/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminListPage } from '../shared/AdminListPage.tsx';
import type { AdminColumn } from '../shared/AdminTable.tsx';
import { WorkCalendarDialog } from './WorkCalendarDialog.tsx';
import { ADMIN_WORK_CALENDARS } from './workCalendarQueries.ts';

/** Working calendars (/administration/calendars): list, create, change, delete. */
export function WorkCalendarsPage() {
  const { t, i18n } = useTranslation();
  const columns = useMemo<AdminColumn<WorkCalendarRow>[]>(() => {
    const hours = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
    return [
      {
        id: 'name',
        label: t('admin.calendars.name'),
        value: (row) => row.name,
        sortable: true,
        filterable: true,
      },
      {
        id: 'timeZone',
        label: t('admin.calendars.timeZone'),
        value: (row) => row.timeZone,
        filterable: true,
      },
      {
        id: 'weeklyHours',
        label: t('admin.calendars.weeklyHours'),
        value: (row) => hours.format(row.weeklyHours),
      },
      {
        id: 'nationalHolidays',
        label: t('admin.calendars.nationalHolidays'),
        value: (row) => (row.nationalHolidays ? t('admin.calendars.yes') : t('admin.calendars.no')),
      },
      {
        id: 'holidayCount',
        label: t('admin.calendars.holidayCount'),
        value: (row) => String(row.holidayCount),
      },
    ];
  }, [t, i18n.language]);
  return (
    <AdminListPage
      source={ADMIN_WORK_CALENDARS}
      title={t('admin.calendars.title')}
      testId="work-calendars-table"
      columns={columns}
      texts="admin.calendars"
      editor={WorkCalendarDialog}
    />
  );
}
