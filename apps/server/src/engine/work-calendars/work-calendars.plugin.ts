import { adminWorkCalendarRoutes as routes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { pickLanguage } from '../../i18n/language.ts';
import { registerRoute } from '../../infra/http/register-route.ts';
import { adminContextOf } from '../../modules/admin-users/admin-context.ts';
import type { WorkCalendarsService } from './work-calendars.service.ts';

export const workCalendarsPlugin: FastifyPluginAsync<{ service: WorkCalendarsService }> = async (
  app,
  { service },
) => {
  registerRoute(app, routes.getWorkCalendars, () => service.listWorkCalendars());
  registerRoute(app, routes.getWorkCalendar, (request) =>
    service.getWorkCalendar(request.query.WorkCalendarId),
  );
  registerRoute(app, routes.saveWorkCalendar, (request) =>
    service.saveWorkCalendar(request.body, adminContextOf(request)),
  );
  registerRoute(app, routes.deleteWorkCalendars, (request) =>
    service.deleteWorkCalendars(request.body.ids, adminContextOf(request)),
  );
  registerRoute(app, routes.getNationalHolidays, async (request) =>
    service.nationalHolidays(request.query.year, pickLanguage(request.headers['accept-language'])),
  );
  registerRoute(app, routes.loadWorkCalendars, (request) => service.listChoices(request.body));
};
