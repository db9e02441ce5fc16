import { calendarRoutes } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../infra/http/register-route.ts';
import { itemActorOf } from '../items/items.plugin.ts';
import type { CalendarService } from './calendar.service.ts';

/** Spec §2.9 application calendar under /genericItem/ (its entries, and moving one). */
export const calendarPlugin: FastifyPluginAsync<{ service: CalendarService }> = async (app, { service }) => {
  registerRoute(app, calendarRoutes.loadAppCalendar, (request) =>
    service.loadAppCalendar(itemActorOf(request), request.query),
  );
  registerRoute(app, calendarRoutes.moveCalendarEntry, (request) =>
    service.moveEntry(itemActorOf(request), request.body),
  );
};
