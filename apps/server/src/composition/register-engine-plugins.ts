import type { FastifyInstance } from 'fastify';
import { addressPlugin } from '../engine/address/address.plugin.ts';
import { cepProviderFromConfig } from '../engine/address/cep-provider.ts';
import { createAttachmentDownloads } from '../engine/attachments/attachment-downloads.ts';
import { attachmentsPlugin } from '../engine/attachments/attachments.plugin.ts';
import { createAttachmentsService } from '../engine/attachments/attachments.service.ts';
import { createFileIndexesService } from '../engine/attachments/file-indexes.service.ts';
import { createFileLinks } from '../engine/attachments/file-links.ts';
import { bulkPlugin } from '../engine/bulk/bulk.plugin.ts';
import { createBulkService } from '../engine/bulk/bulk.service.ts';
import { createBulkWorker } from '../engine/bulk/bulk.worker.ts';
import { calendarPlugin } from '../engine/calendar/calendar.plugin.ts';
import { createCalendarService } from '../engine/calendar/calendar.service.ts';
import { definitionsPlugin } from '../engine/definitions/definitions.plugin.ts';
import { excelPlugin } from '../engine/excel/excel.plugin.ts';
import { filesPlugin } from '../engine/files/files.plugin.ts';
import { findFileContent } from '../engine/files/files.repo.ts';
import { createFilesService } from '../engine/files/files.service.ts';
import { formsPlugin } from '../engine/forms/forms.plugin.ts';
import { createFormsService } from '../engine/forms/forms.service.ts';
import { itemsPlugin } from '../engine/items/items.plugin.ts';
import { kanbanPlugin } from '../engine/kanban/kanban.plugin.ts';
import { createKanbanService } from '../engine/kanban/kanban.service.ts';
import { linksPlugin } from '../engine/links/links.plugin.ts';
import { createLinksService } from '../engine/links/links.service.ts';
import { applyOperationEffect } from '../engine/operations/operation-effect.ts';
import { operationsPlugin } from '../engine/operations/operations.plugin.ts';
import { createOperationsService } from '../engine/operations/operations.service.ts';
import { setDocumentGeneration } from '../engine/print-layouts/generate-document.ts';
import { printLayoutsPlugin } from '../engine/print-layouts/print-layouts.plugin.ts';
import { createPrintLayoutsService } from '../engine/print-layouts/print-layouts.service.ts';
import { projectWidgetsPlugin } from '../engine/project-widgets/project-widgets.plugin.ts';
import { createProjectWidgetsService } from '../engine/project-widgets/project-widgets.service.ts';
import { projectsPlugin } from '../engine/projects/projects.plugin.ts';
import { listingPlugin } from '../engine/query/listing.plugin.ts';
import { createListingService } from '../engine/query/listing.service.ts';
import { lookupValuesPlugin } from '../engine/query/lookup-values.plugin.ts';
import { createReportJobsService } from '../engine/reports/report-jobs.service.ts';
import { createReportWorker } from '../engine/reports/report-worker.ts';
import { reportsPlugin } from '../engine/reports/reports.plugin.ts';
import { createReportsService } from '../engine/reports/reports.service.ts';
import { attachDocumentWith } from '../engine/repositories/attach-document.ts';
import { repositoriesPlugin } from '../engine/repositories/repositories.plugin.ts';
import { createRepositoriesService } from '../engine/repositories/repositories.service.ts';
import { resourcesPlugin } from '../engine/resources/resources.plugin.ts';
import { createResourcesService } from '../engine/resources/resources.service.ts';
import { schedulePlugin } from '../engine/schedule/schedule.plugin.ts';
import { createScheduleService } from '../engine/schedule/schedule.service.ts';
import { signaturesPlugin } from '../engine/signatures/signatures.plugin.ts';
import { createSignaturesService } from '../engine/signatures/signatures.service.ts';
import { timesheetsPlugin } from '../engine/timesheets/timesheets.plugin.ts';
import { createTimesheetsService } from '../engine/timesheets/timesheets.service.ts';
import { setOperationRunner } from '../engine/workflow/operation-runner.ts';
import { workflowPlugin } from '../engine/workflow/workflow.plugin.ts';
import { createWorkflowService } from '../engine/workflow/workflow.service.ts';
import type { AppComposition } from './app-composition.ts';

/**
 * The low-code runtime (/genericItem/... and its neighbours), after the domain modules. Creates this
 * instance's report and bulk workers without starting them: main.ts starts them, tests run their rounds.
 */
export async function registerEnginePlugins(
  app: FastifyInstance,
  composition: AppComposition,
): Promise<void> {
  const { config, database, now, fileStore, signingCertificates, relations, services } = composition;
  const { audit } = services;

  // Runtime engine (W-STORE): definitions (admin), the item write side and projects (/genericItem/...).
  await app.register(definitionsPlugin, { service: services.definitions });
  await app.register(itemsPlugin, { service: services.items });
  await app.register(projectsPlugin, { service: services.projects });

  // Runtime engine (W-QUERY): the listing calls and spreadsheet export/import (/genericItem/...).
  const listing = createListingService({ db: database.db });
  await app.register(listingPlugin, { service: listing });
  await app.register(lookupValuesPlugin, { db: database.db });
  await app.register(excelPlugin, { listing, database, importLimits: config.importLimits });
  // Reports (issue 18): grouped and listed through the listing layer's scope, exported by a job that the
  // worker runs (woken when one is queued; other instances find it at their next poll); onClose stops it.
  const reports = createReportsService({
    db: database.db,
    databaseKind: database.kind === 'postgres' ? 'postgres' : 'pglite',
  });
  const reportWorker = createReportWorker({
    db: database.db,
    now,
    log: app.log.child({ component: 'reports' }),
    pollMs: 1000,
    databaseKind: database.kind === 'postgres' ? 'postgres' : 'pglite',
  });
  app.decorate('reportWorker', reportWorker);
  app.addHook('onClose', () => reportWorker.stop());
  await app.register(reportsPlugin, {
    service: reports,
    jobs: createReportJobsService({ db: database.db, now, reports, wake: () => reportWorker.wake() }),
  });

  // Runtime engine (W-RULES): address lookup by CEP and the form calls (/genericItem/...).
  const cepProvider = cepProviderFromConfig(config, (url, reason) =>
    app.log.warn({ provider: url, reason }, 'CEP provider failed; trying the next one'),
  );
  await app.register(addressPlugin, { provider: cepProvider });
  await app.register(formsPlugin, {
    service: createFormsService({ db: database.db, now, onItemSaved: relations.itemSaved }),
  });
  // Workflow (issue 15): actions through the one save, approvals, delegations, 'Minhas pendências'. Its
  // runOperation effect runs the operations engine, wired here (an import would be a cycle: operation-runner.ts).
  setOperationRunner(applyOperationEffect);
  setDocumentGeneration({ fileStore, signer: signingCertificates, publicUrl: config.publicUrl });
  await app.register(workflowPlugin, {
    service: createWorkflowService({ db: database.db, now, onItemSaved: relations.itemSaved }),
  });
  // Kanban boards (issue 16): lanes over the list machinery, a drop through the workflow or the one save.
  await app.register(kanbanPlugin, {
    service: createKanbanService({
      db: database.db,
      workflow: createWorkflowService({ db: database.db, now, onItemSaved: relations.itemSaved }),
      items: services.items,
    }),
  });
  // The application calendar (issue 19): items by their calendar views' dates, a drag through the one save.
  await app.register(calendarPlugin, {
    service: createCalendarService({ db: database.db, items: services.items }),
  });
  // Time entry (issue 19): timesheets on tasks and activities, supervisors' list, month closings.
  await app.register(timesheetsPlugin, {
    service: createTimesheetsService({ db: database.db, audit, now }),
  });
  // The project schedule (EAP/Gantt): activities and tasks with the critical path, a drag through the one save.
  await app.register(schedulePlugin, {
    service: createScheduleService({ db: database.db, items: services.items, now }),
  });
  // Project document repositories (issue 17): folders and files are items, written through the one save.
  await app.register(repositoriesPlugin, {
    service: createRepositoriesService({
      db: database.db,
      fileStore,
      now,
      audit,
      items: services.items,
      attachDocument: attachDocumentWith(now),
      onItemSaved: relations.itemSaved,
    }),
  });
  // Bulk jobs (issue 16): started here, run item by item through the one save by the worker, which the
  // service wakes when a job starts (other instances find it at their next poll); onClose stops it.
  const bulkWorker = createBulkWorker({
    db: database.db,
    now,
    log: app.log.child({ component: 'bulk' }),
    pollMs: 1000,
    // PGlite has one connection; on PostgreSQL a few items at once, leaving the pool to the requests.
    concurrency: database.kind === 'postgres' ? 4 : 1,
    itemsPerSecond: config.bulkItemsPerSecond,
    onItemSaved: relations.itemSaved,
  });
  app.decorate('bulkWorker', bulkWorker);
  app.addHook('onClose', () => bulkWorker.stop());
  await app.register(bulkPlugin, {
    service: createBulkService({ db: database.db, now, wake: () => bulkWorker.wake() }),
  });
  await app.register(linksPlugin, { service: createLinksService({ db: database.db, now }), relations });
  // Attachments and file indexes (issue 17); their versions download through filesPlugin's downloadFile.
  const attachmentDownloads = createAttachmentDownloads({
    db: database.db,
    links: createFileLinks(composition.secrets.jwtSigningKey, now),
    readContent: (fileId) => findFileContent(database.db, fileStore, fileId),
  });
  await app.register(attachmentsPlugin, {
    service: createAttachmentsService({ db: database.db, now, defaultMaxFiles: config.attachmentsMaxFiles }),
    fileIndexes: createFileIndexesService({ db: database.db }),
    downloads: attachmentDownloads,
  });
  await app.register(filesPlugin, {
    service: createFilesService({ db: database.db, now, fileStore }),
    attachments: attachmentDownloads,
  });
  // Signatures and stamps of attachments (issue 17); the department's A1 also signs issued documents.
  await app.register(signaturesPlugin, {
    db: database.db,
    service: createSignaturesService({
      db: database.db,
      fileStore,
      certificates: signingCertificates,
      publicUrl: config.publicUrl,
      now,
    }),
    certificates: signingCertificates,
    rateLimit: app.publicAuthRateLimit('document-validation'),
  });
  // Print layouts (issue 18): the print-layout viewer of spec §7.7 and the administrators' layout preview.
  await app.register(printLayoutsPlugin, {
    service: createPrintLayoutsService({ db: database.db, publicUrl: config.publicUrl, now }),
  });
  await app.register(projectWidgetsPlugin, {
    service: createProjectWidgetsService({
      db: database.db,
      allowedItemTypes: (viewer, projectId) => listing.getAllowedsProjectItemTypes(viewer, projectId),
    }),
  });
  // Resources (spec §7.4, issue 19): people and assets with a calendar, a cost per hour and projects (/resource/...).
  await app.register(resourcesPlugin, {
    service: createResourcesService({ db: database.db, now, audit }),
  });
  // Runtime engine (OPS): application operations (/genericItem/executeOperation...).
  await app.register(operationsPlugin, {
    service: createOperationsService({ db: database.db, now, audit }),
  });
}
