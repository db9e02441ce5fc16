import { z } from 'zod';
import { defineRoute } from '../../common/route.ts';
import { ItemWriteResultSchema } from '../items/items.schemas.ts';
import { XLSX_CONTENT_TYPE } from '../listing/excel.schemas.ts';
import {
  ExportScheduleQuerySchema,
  LoadScheduleBodySchema,
  MS_PROJECT_XML_CONTENT_TYPE,
  RescheduleItemBodySchema,
  ScheduleSchema,
} from './schedule.schemas.ts';

const tags = ['schedule'];

/**
 * Spec §2.9 /runtime/{appID}/schedule/{viewID}/{title} (the project's EAP as a Gantt). A view of an application
 * not granted to the caller, or a project they do not see, answers 404 (nothing tells it exists); only items the
 * caller may see are answered or exported. A reschedule writes dates through the one save: its refusals (400
 * naming the field, 403, 409 when stale) are the form's.
 */
export const scheduleRoutes = {
  getAllActivitiesToEAP: defineRoute({
    method: 'POST',
    path: '/genericItem/getAllActivitiesToEAP',
    access: 'session',
    summary: "A project's activities and tasks of a schedule view, with predecessors and the critical path",
    tags,
    body: LoadScheduleBodySchema,
    response: ScheduleSchema,
  }),
  rescheduleItem: defineRoute({
    method: 'POST',
    path: '/genericItem/rescheduleItem',
    access: 'session',
    summary: 'Moves an activity or task on the schedule: its date fields, through the one save',
    tags,
    body: RescheduleItemBodySchema,
    response: ItemWriteResultSchema,
  }),
  exportScheduleExcel: defineRoute({
    method: 'GET',
    path: '/genericItem/exportScheduleExcel',
    access: 'session',
    summary: "A project's schedule as .xlsx",
    tags,
    querystring: ExportScheduleQuerySchema,
    response: z.unknown(),
    produces: XLSX_CONTENT_TYPE,
  }),
  exportScheduleMsProject: defineRoute({
    method: 'GET',
    path: '/genericItem/exportScheduleMsProject',
    access: 'session',
    summary: "A project's schedule as MS Project XML (MSPDI), finish-to-start links included",
    tags,
    querystring: ExportScheduleQuerySchema,
    response: z.unknown(),
    produces: MS_PROJECT_XML_CONTENT_TYPE,
  }),
};
