import { z } from 'zod';
import { defineRoute } from '../common/route.ts';
import {
  AuditExportQuerySchema,
  AuditListBodySchema,
  AuditListResultSchema,
  AuditVerifyResultSchema,
} from './audit.schemas.ts';

/** The audit trail of the administration area (`/administration/log`). */
export const adminAuditRoutes = {
  list: defineRoute({
    method: 'POST',
    path: '/admin/audit/list',
    access: 'admin',
    summary: 'One page of the audit trail, newest first, filtered by actor, action prefix and period',
    tags: ['administration'],
    body: AuditListBodySchema,
    response: AuditListResultSchema,
  }),
  exportCsv: defineRoute({
    method: 'GET',
    path: '/admin/audit/exportCsv',
    access: 'admin',
    summary: 'The filtered audit trail as CSV (UTF-8 with BOM, ";" separated, for Excel in pt-BR)',
    tags: ['administration'],
    querystring: AuditExportQuerySchema,
    response: z.unknown(),
    produces: 'text/csv',
  }),
  verify: defineRoute({
    method: 'POST',
    path: '/admin/audit/verify',
    access: 'admin',
    summary: 'Re-computes the hash chain of the audit trail and reports the first tampered row',
    tags: ['administration'],
    response: AuditVerifyResultSchema,
  }),
};
