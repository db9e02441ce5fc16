import type { WorkCalendarRecord } from '@der/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/renderApp.tsx';
import { apiError, json } from '../../auth/testing/fakeApi.ts';
import { setupAdminApi } from '../testing/adminTestApi.ts';

const CALENDAR: WorkCalendarRecord = {
  id: 7,
  name: 'Expediente DER-SP',
  timeZone: 'America/Sao_Paulo',
  nationalHolidays: true,
  workPeriods: [
    { weekday: 1, start: '08:00', end: '12:00' },
    { weekday: 1, start: '13:00', end: '18:00' },
  ],
  holidays: [{ day: '2026-07-09', name: 'Revolução Constitucionalista', scope: 'estadual', recurring: true }],
  version: 3,
};

function setup(save = () => json({ success: true, message: 'Calendário salvo', id: 7, version: 4 })) {
  return setupAdminApi({
    'POST /workCalendar/getWorkCalendars': () =>
      json([
        {
          id: 7,
          name: CALENDAR.name,
          timeZone: CALENDAR.timeZone,
          nationalHolidays: true,
          weeklyHours: 9,
          holidayCount: 1,
        },
      ]),
    'GET /workCalendar/getWorkCalendar': () => json(CALENDAR),
    'GET /workCalendar/getNationalHolidays': () =>
      json([
        { day: '2026-04-03', name: 'Sexta-feira Santa' },
        { day: '2026-04-21', name: 'Tiradentes' },
      ]),
    'POST /workCalendar/saveWorkCalendar': save,
  });
}

async function openCalendar() {
  renderApp({ path: '/administration/calendars' });
  const user = userEvent.setup();
  await user.click(await screen.findByText('Expediente DER-SP', {}, { timeout: 15_000 }));
  const dialog = await screen.findByRole('dialog', { name: 'Editar calendário de trabalho' });
  await within(dialog).findByDisplayValue('Expediente DER-SP');
  return { user, dialog };
}

describe('working calendars (administration)', () => {
  it('lists the calendars with their weekly hours and holidays', async () => {
    setup();
    renderApp({ path: '/administration/calendars' });
    const table = await screen.findByRole('table', { name: 'Calendários de trabalho' }, { timeout: 15_000 });
    const row = await within(table).findByRole('row', { name: /Expediente DER-SP/ });
    expect(within(row).getByText('America/Sao_Paulo')).toBeTruthy();
    expect(within(row).getByText('Sim')).toBeTruthy();
  });

  it('edits the week by weekday and the holidays, shows the national ones, and sends the calendar', async () => {
    const api = setup();
    const { user, dialog } = await openCalendar();
    const national = await within(dialog).findByRole('list', { name: /Feriados nacionais de \d{4}/ });
    expect(within(national).getByText('Sexta-feira Santa')).toBeTruthy();
    expect(
      within(within(dialog).getByRole('group', { name: 'Sábado' })).getByText('Sem expediente'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar período em Sábado' }));
    await user.click(
      within(dialog).getByRole('button', { name: 'Remover o período 13:00–18:00 de Segunda-feira' }),
    );
    const holiday = within(dialog).getByRole('group', { name: 'Feriado 1' });
    const name = within(holiday).getByRole('textbox', { name: /Nome do feriado/ });
    await user.clear(name);
    await user.type(name, '9 de Julho');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Calendário salvo')).toBeTruthy();
    expect(api.find('POST', '/workCalendar/saveWorkCalendar')[0]!.body).toEqual({
      ...CALENDAR,
      workPeriods: [
        { weekday: 1, start: '08:00', end: '12:00' },
        { weekday: 6, start: '08:00', end: '12:00' },
      ],
      holidays: [{ ...CALENDAR.holidays[0], name: '9 de Julho' }],
    });
  });

  it('checks overlapping periods in the browser and shows the server refusal on the field it names', async () => {
    const api = setup(() =>
      apiError(400, 'Dados inválidos', [
        { field: 'body.holidays.0.day', message: 'Já há um feriado neste dia' },
      ]),
    );
    const { user, dialog } = await openCalendar();
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar período em Segunda-feira' }));
    const monday = within(dialog).getByRole('group', { name: 'Segunda-feira' });
    const starts = within(monday).getAllByLabelText('Início');
    await user.clear(starts[2]!);
    await user.type(starts[2]!, '11:00');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(
      await within(dialog).findByText('Este período se sobrepõe a outro do mesmo dia da semana'),
    ).toBeTruthy();
    expect(api.find('POST', '/workCalendar/saveWorkCalendar')).toHaveLength(0);
    await user.click(within(monday).getByRole('button', { name: /Remover o período 11:00/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialog).findByText('Já há um feriado neste dia')).toBeTruthy();
    const result = await axe.run(dialog, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(result.violations.map((violation) => violation.id)).toEqual([]);
    await waitFor(() => expect(api.find('POST', '/workCalendar/saveWorkCalendar')).toHaveLength(1));
  });
});
