import { adminDefinitionsRoutes, DEFINITION_FILE_MAX_BYTES } from '@der/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { pickLanguage } from '../../i18n/language.ts';
import { sessionOf } from '../../infra/auth/auth.plugin.ts';
import { API_PREFIX, registerRoute } from '../../infra/http/register-route.ts';
import type { DefinitionsService } from './definitions.service.ts';

/** Room for the largest definition file as a JSON string (escapes can double it) plus the body around it. */
const IMPORT_BODY_LIMIT = DEFINITION_FILE_MAX_BYTES * 2 + 64 * 1024;

/** A file name safe inside a Content-Disposition header. */
const exportFileName = (key: string, version: number) => `${key.replace(/[^a-z0-9-]/g, '')}-v${version}.json`;

/**
 * Application definitions in the administration area: list, upload, export and the edit of a reference table's
 * rows (access 'admin').
 */
export const definitionsPlugin: FastifyPluginAsync<{ service: DefinitionsService }> = async (
  app,
  { service },
) => {
  // Only the import route of this (encapsulated) plugin takes a body larger than the server's default.
  app.addHook('onRoute', (route) => {
    if (route.url === `${API_PREFIX}${adminDefinitionsRoutes.import.path}`)
      route.bodyLimit = IMPORT_BODY_LIMIT;
  });

  registerRoute(app, adminDefinitionsRoutes.list, () => service.listDefinitions());
  registerRoute(app, adminDefinitionsRoutes.import, (request) =>
    service.importDefinitionText(
      request.body.content,
      { userId: sessionOf(request).userId, ip: request.ip },
      request.body.fileName,
    ),
  );
  registerRoute(app, adminDefinitionsRoutes.saveReferenceTable, (request) =>
    service.saveReferenceTable(
      request.body,
      { userId: sessionOf(request).userId, ip: request.ip },
      pickLanguage(request.headers['accept-language']),
    ),
  );
  registerRoute(app, adminDefinitionsRoutes.export, async (request, reply) => {
    const document = await service.exportDefinition(request.query.key);
    return reply
      .type('application/json; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="${exportFileName(document.key, document.version)}"`,
      )
      .header('cache-control', 'no-store')
      .send(`${JSON.stringify(document, null, 2)}\n`);
  });
};
