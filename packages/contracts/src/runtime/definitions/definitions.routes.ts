import { z } from 'zod';
import { defineRoute } from '../../common/route.ts';
import {
  DefinitionImportBodySchema,
  DefinitionImportResultSchema,
  DefinitionKeyQuerySchema,
  DefinitionSummarySchema,
  ReferenceTableSaveBodySchema,
} from './definitions.schemas.ts';

/**
 * Application definitions in the administration area: installed list, upload (validated, versioned: a version
 * not above the installed one answers 409 DEFINITION_VERSION_NOT_NEWER) and export as a JSON file.
 */
export const adminDefinitionsRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/admin/definitions/list',
    access: 'admin',
    summary: 'Installed application definitions: key, name, version, import time',
    tags: ['administration'],
    response: z.array(DefinitionSummarySchema),
  }),
  import: defineRoute({
    method: 'POST',
    path: '/admin/definitions/import',
    access: 'admin',
    summary: 'Imports an application definition file (JSON text); 400 lists every problem with its path',
    tags: ['administration'],
    body: DefinitionImportBodySchema,
    response: DefinitionImportResultSchema,
  }),
  export: defineRoute({
    method: 'GET',
    path: '/admin/definitions/export',
    access: 'admin',
    summary: 'The current definition document of an application, as a JSON file',
    tags: ['administration'],
    querystring: DefinitionKeyQuerySchema,
    response: z.unknown(),
    produces: 'application/json',
  }),
  saveReferenceTable: defineRoute({
    method: 'POST',
    path: '/admin/definitions/referenceTable',
    access: 'admin',
    summary:
      "Saves the rows of a definition's reference table as a new version of the definition; 400 names each bad cell by row and column",
    tags: ['administration'],
    body: ReferenceTableSaveBodySchema,
    response: DefinitionImportResultSchema,
  }),
};
