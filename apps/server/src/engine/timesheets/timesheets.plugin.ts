import { timesheetRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../infra/http/register-route.ts';
import { itemActorOf } from '../items/items.plugin.ts';
import type { TimesheetsService } from './timesheets.service.ts';

/** Time entry (issue 19): myTimesheet, timesheetList and closeMonthList under /timesheet/. */
export const timesheetsPlugin: FastifyPluginAsync<{ service: TimesheetsService }> = async (
  app,
  { service },
) => {
  registerRoute(app, timesheetRoutes.loadTimesheet, (request) =>
    service.loadTimesheet(itemActorOf(request), request.query),
  );
  registerRoute(app, timesheetRoutes.saveTimesheet, (request) =>
    service.saveTimesheet(itemActorOf(request), request.body),
  );
  registerRoute(app, timesheetRoutes.fillAutomaticEntries, (request) =>
    service.fillAutomaticEntries(itemActorOf(request), request.body),
  );
  registerRoute(app, timesheetRoutes.loadItemTimesheet, (request) =>
    service.loadItemTimesheet(itemActorOf(request), request.query),
  );
  registerRoute(app, timesheetRoutes.loadTimesheetList, (request) =>
    service.loadTimesheetList(itemActorOf(request), request.query),
  );
  registerRoute(app, timesheetRoutes.loadMonthClosings, (request) =>
    service.loadMonthClosings(itemActorOf(request), request.query),
  );
  registerRoute(app, timesheetRoutes.closeMonth, (request) =>
    service.closeMonth({ ...itemActorOf(request), ip: request.ip }, request.body),
  );
  registerRoute(app, timesheetRoutes.reopenMonth, (request) =>
    service.reopenMonth({ ...itemActorOf(request), ip: request.ip }, request.body),
  );
};
