import { z } from 'zod';
import { defineRoute } from '../../common/route.ts';
import { ComponentIdSchema } from '../items/items.schemas.ts';
import {
  BulkJobDetailSchema,
  BulkJobIdBodySchema,
  BulkJobSchema,
  BulkOptionsSchema,
  ExecuteBulkOperationBodySchema,
  ListBulkJobsBodySchema,
  ListBulkJobsResultSchema,
  LoadBulkResponsiblesBodySchema,
  LoadBulkResponsiblesResultSchema,
} from './bulk.schemas.ts';

/**
 * Spec §7.6 executeBulkOperation and the calls that follow a bulk job. Only the job's creator (or an
 * administrator) sees and controls it: anyone else gets 404 as for an unknown job. Starting one needs the
 * component's application granted (404) and the right to bulk operations (403 BULK_OPERATION_FORBIDDEN).
 */
export const bulkRoutes = {
  executeBulkOperation: defineRoute({
    method: 'POST',
    path: '/genericItem/executeBulkOperation',
    access: 'session',
    summary: 'Starts a bulk job: an action or a field update over a selection or every item of a filter',
    tags: ['bulk'],
    body: ExecuteBulkOperationBodySchema,
    response: BulkJobSchema,
  }),
  getBulkJob: defineRoute({
    method: 'POST',
    path: '/genericItem/getBulkJob',
    access: 'session',
    summary: "A bulk job's progress and the errors of its failed items",
    tags: ['bulk'],
    body: BulkJobIdBodySchema,
    response: BulkJobDetailSchema,
  }),
  listBulkJobs: defineRoute({
    method: 'POST',
    path: '/genericItem/listBulkJobs',
    access: 'session',
    summary: "The caller's bulk jobs, newest first",
    tags: ['bulk'],
    body: ListBulkJobsBodySchema,
    response: ListBulkJobsResultSchema,
  }),
  interruptBulkJob: defineRoute({
    method: 'POST',
    path: '/genericItem/interruptBulkJob',
    access: 'session',
    summary: 'Stops a bulk job: items not run yet are left as interrupted',
    tags: ['bulk'],
    body: BulkJobIdBodySchema,
    response: BulkJobSchema,
  }),
  retryBulkJob: defineRoute({
    method: 'POST',
    path: '/genericItem/retryBulkJob',
    access: 'session',
    summary: 'Runs the failed and interrupted items of a bulk job again',
    tags: ['bulk'],
    body: BulkJobIdBodySchema,
    response: BulkJobSchema,
  }),
  getBulkOptions: defineRoute({
    method: 'POST',
    path: '/genericItem/getBulkOptions',
    access: 'session',
    summary: 'The workflow actions and fields a bulk operation on a component may use',
    tags: ['bulk'],
    body: z.object({ componentId: ComponentIdSchema }),
    response: BulkOptionsSchema,
  }),
  loadBulkResponsibles: defineRoute({
    method: 'POST',
    path: '/genericItem/loadBulkResponsibles',
    access: 'session',
    summary: "Whom a workflow action may hand every item of a bulk job's selection or filter to",
    tags: ['bulk'],
    body: LoadBulkResponsiblesBodySchema,
    response: LoadBulkResponsiblesResultSchema,
  }),
};
