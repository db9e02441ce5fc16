import { PassThrough } from 'node:stream';
import {
  excelRoutes,
  IMPORT_IDEMPOTENCY_FIELD,
  IMPORT_IDEMPOTENCY_HEADER,
  IMPORT_MAX_BYTES,
  ImportIdempotencyKeySchema,
  type ListQuery,
  XLSX_CONTENT_TYPE,
} from '@der/contracts';
import multipart, { type MultipartFields } from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sessionOf } from '../../infra/auth/auth.plugin.ts';
import type { Database } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { registerRoute } from '../../infra/http/register-route.ts';
import { assertCanRunBulkOperations } from '../items/bulk-operations-access.ts';
import { listColumns } from '../query/list-columns.ts';
import type { ListComponent } from '../query/list-component.ts';
import { listViewerOf } from '../query/listing.plugin.ts';
import type { ListingService, ListViewer } from '../query/listing.service.ts';
import { EXPORT_BATCH_ROWS, writeListXlsx } from './excel-export.ts';
import { type ImportTarget, importXlsx } from './excel-import.ts';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits } from './import-limits.ts';
import { importXlsxOnce } from './import-once.ts';

/** `Pedidos 2026-03-22 1430.xlsx`, with an ASCII fallback for old clients (RFC 6266 filename*). */
function contentDisposition(label: string, now: Date): string {
  const stamp = now.toISOString().slice(0, 16).replace('T', ' ').replace(':', '');
  const name = `${label.replace(/[\\/:*?"<>|\r\n]/g, ' ').trim() || 'lista'} ${stamp}.xlsx`;
  const ascii = name
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replaceAll('"', '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The idempotency key of an import: the header, else the multipart field sent before the file; null when
 * neither is sent. A malformed key is a 400 naming where it came from.
 */
function idempotencyKeyOf(request: FastifyRequest, fields: MultipartFields): string | null {
  const header = request.headers[IMPORT_IDEMPOTENCY_HEADER.toLowerCase()];
  const part = fields[IMPORT_IDEMPOTENCY_FIELD];
  const field = part && !Array.isArray(part) && part.type === 'field' ? part.value : undefined;
  const [value, name] =
    header !== undefined
      ? [header, `headers.${IMPORT_IDEMPOTENCY_HEADER.toLowerCase()}`]
      : [field, `body.${IMPORT_IDEMPOTENCY_FIELD}`];
  if (value === undefined) return null;
  const parsed = ImportIdempotencyKeySchema.safeParse(value);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', [{ field: name, message: 'invalidValue' }]);
  return parsed.data;
}

export const excelPlugin: FastifyPluginAsync<{
  listing: ListingService;
  database: Database;
  /** The import's safety limits (config: IMPORT_MAX_* variables); the defaults when not given. */
  importLimits?: ImportLimits;
}> = async (app, { listing, database, importLimits = DEFAULT_IMPORT_LIMITS }) => {
  const { db } = database;
  // Multipart only for the routes of this plugin (content-type parsers are encapsulated).
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10, parts: 11 } });

  /**
   * Answers 200 with the .xlsx streamed as it is written. Everything that can refuse the request (unknown
   * component, field or cursor) has run before: once streaming, a failure can only cut the file short.
   */
  function sendList(
    request: FastifyRequest,
    reply: FastifyReply,
    viewer: ListViewer,
    component: ListComponent,
    query: ListQuery,
  ) {
    const list = listing.resolve(viewer, component, query);
    const sink = new PassThrough();
    const label = component.definition.pluralLabel[viewer.language];
    writeListXlsx(
      {
        db,
        viewer,
        language: viewer.language,
        list,
        sheetName: label,
        batchRows: EXPORT_BATCH_ROWS[database.kind],
      },
      sink,
    ).catch((error: unknown) => {
      request.log.error({ err: error }, 'spreadsheet export failed');
      sink.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return reply
      .type(XLSX_CONTENT_TYPE)
      .header('content-disposition', contentDisposition(label, app.now()))
      .header('cache-control', 'no-store')
      .send(sink);
  }

  registerRoute(app, excelRoutes.exportExcel, async (request, reply) => {
    const viewer = listViewerOf(request);
    const component = await listing.loadComponent(viewer, request.body.componentID);
    return sendList(request, reply, viewer, component, request.body);
  });

  registerRoute(app, excelRoutes.exportFullListToExcel, async (request, reply) => {
    const viewer = listViewerOf(request);
    const component = await listing.loadComponent(viewer, request.body.componentID);
    return sendList(request, reply, viewer, component, {
      componentID: request.body.componentID,
      projectId: request.body.projectId,
      filters: [],
      logicSeparator: 'AND',
      sort: { field: 'ID', sortDirection: 'asc' },
      viewColumns: listColumns(component.definition, viewer.language).map((column) => column.name),
    });
  });

  registerRoute(app, excelRoutes.importExcel, async (request) => {
    // Refused before the upload is read: an external account's spreadsheet is never parsed.
    assertCanRunBulkOperations(sessionOf(request));
    if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    const viewer = listViewerOf(request);
    const component = await listing.loadComponent(viewer, request.query.componentID);
    const file = await request.file();
    if (!file) throw new AppError('BAD_REQUEST');
    const key = idempotencyKeyOf(request, file.fields);
    let content: Buffer;
    try {
      content = await file.toBuffer();
    } catch (error) {
      if (error instanceof app.multipartErrors.RequestFileTooLargeError)
        throw new AppError('PAYLOAD_TOO_LARGE');
      throw error;
    }
    const target: ImportTarget = {
      db,
      actor: viewer,
      component,
      projectId: request.query.projectId,
      now: app.now(),
      fileName: file.filename,
      limits: importLimits,
    };
    return key === null ? importXlsx(target, content) : importXlsxOnce(target, content, key);
  });
};
