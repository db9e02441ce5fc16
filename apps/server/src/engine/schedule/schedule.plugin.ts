import { MS_PROJECT_XML_CONTENT_TYPE, scheduleRoutes, XLSX_CONTENT_TYPE } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { registerRoute } from '../../infra/http/register-route.ts';
import { contentDisposition } from '../files/file-name.ts';
import { itemActorOf } from '../items/items.plugin.ts';
import type { ScheduleService } from './schedule.service.ts';

/** Spec §2.9 project schedule under /genericItem/ (the EAP with its critical path, a reschedule, the exports). */
export const schedulePlugin: FastifyPluginAsync<{ service: ScheduleService }> = async (app, { service }) => {
  registerRoute(app, scheduleRoutes.getAllActivitiesToEAP, (request) =>
    service.load(itemActorOf(request), request.body),
  );
  registerRoute(app, scheduleRoutes.rescheduleItem, (request) =>
    service.reschedule(itemActorOf(request), request.body),
  );
  // Everything that can refuse (view, project) runs before the first byte: once streaming, only a cut file.
  registerRoute(app, scheduleRoutes.exportScheduleExcel, async (request, reply) => {
    const { stream, fileName } = await service.exportXlsx(itemActorOf(request), request.query);
    return reply
      .type(XLSX_CONTENT_TYPE)
      .header('content-disposition', contentDisposition('attachment', fileName))
      .header('cache-control', 'no-store')
      .send(stream);
  });
  registerRoute(app, scheduleRoutes.exportScheduleMsProject, async (request, reply) => {
    const { xml, fileName } = await service.exportMsProject(itemActorOf(request), request.query);
    return reply
      .type(`${MS_PROJECT_XML_CONTENT_TYPE}; charset=utf-8`)
      .header('content-disposition', contentDisposition('attachment', fileName))
      .header('cache-control', 'no-store')
      .send(xml);
  });
};
